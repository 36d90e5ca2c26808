"""Scoring arithmetic: the hand score rounding and who wins a hand."""


def round_to_five(pips: int) -> int:
    """Nearest multiple of 5: 12 -> 10, 13 -> 15, 15 -> 15."""
    return 5 * ((pips + 2) // 5)


def play_points(count: int) -> int:
    """Points for a play that leaves `count` on the open ends."""
    return count if count % 5 == 0 else 0


def blocked_winner(team_pips: list[int]) -> int | None:
    """The team with the fewest pips, or None when two or more tie for fewest."""
    fewest = min(team_pips)
    holders = [team for team, p in enumerate(team_pips) if p == fewest]
    return holders[0] if len(holders) == 1 else None
