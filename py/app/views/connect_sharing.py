"""#/connect's code handed to the friend through the browser: copied to the clipboard, or
sent through the system's share sheet where there is one. A refusal (no permission, the
player cancelled) needs no answer: the code stays on screen to copy by hand."""

from .. import browser


def can_share() -> bool:
    from pyscript import window

    return bool(getattr(window.navigator, "share", None))


def copy(code: str) -> None:
    from pyodide.ffi import create_once_callable
    from pyscript import window

    window.navigator.clipboard.writeText(code).catch(create_once_callable(ignore))


def share(code: str, title: str, as_link: bool) -> None:
    """The invite as a link, the reply as text (it is pasted, never opened)."""
    from pyodide.ffi import create_once_callable
    from pyscript import window

    shared = {"url" if as_link else "text": code, "title": title}
    window.navigator.share(browser._js(shared)).catch(create_once_callable(ignore))


def ignore(_error: object) -> None:
    """A copy or share the browser refused, or the player cancelled: nothing to do."""


def page_address() -> str:
    """This page's address without its fragment: what a shared link's fragment follows."""
    from pyscript import window

    return str(window.location.href).split("#")[0]
