"""A game's clock as the page shows it."""


def format_clock(milliseconds: float) -> str:
    """m:ss, or h:mm:ss from an hour on."""
    seconds = int(milliseconds // 1000)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
