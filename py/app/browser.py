"""Everything that touches the browser: the DOM, localStorage, events.

The only module of the app, with main.py, that imports pyscript; the rest of
py/app and all of py/games run under plain CPython too.
"""

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy


class LocalStorageBackend:
    """localStorage (or the tab's sessionStorage, which outlives a reload of the tab and
    has room of its own) behind the get/set/remove interface the Store expects."""

    def __init__(self, area: str = "localStorage"):
        self.storage = getattr(window, area)

    def get(self, key: str):
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # a missing key is a JS null proxy

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)


def tab_storage() -> LocalStorageBackend | None:
    """The tab's sessionStorage (None without a page: the unit tests' stand-in)."""
    return LocalStorageBackend("sessionStorage") if window is not None else None


def element(element_id: str):
    return document.getElementById(element_id)


def found(node) -> bool:
    """A DOM look-up found something (querySelector gives JS null, not None, when nothing matches)."""
    return node is not None and type(node).__name__ != "JsNull"


def listen(target, event_name: str, handler) -> None:
    proxy = create_proxy(handler)
    target.addEventListener(event_name, proxy)
    _kept_alive.append(proxy)  # proxies must outlive this call or JS calls a dead function


_kept_alive: list = []


def dataset_of(node) -> dict:
    return {str(pair[0]): str(pair[1]) for pair in window.Object.entries(node.dataset)}


def media_matches(query: str) -> bool:
    return bool(window.matchMedia(query).matches)


def today_iso() -> str:
    return str(window.Date.new().toISOString())[:10]


def now_ms() -> float:
    return float(window.Date.now())


def _js(value: Any) -> Any:
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=window.Object.fromEntries)


def later(milliseconds: float, callback) -> int:
    """Call callback() once after a delay; returns the timer id."""
    from pyodide.ffi import create_once_callable

    return window.setTimeout(create_once_callable(callback), milliseconds)


class Repeating:
    """callback() every `milliseconds` until stop()."""

    def __init__(self, milliseconds: float, callback):
        self._proxy = create_proxy(lambda *_: callback())
        self._id = window.setInterval(self._proxy, milliseconds)

    def stop(self) -> None:
        if self._proxy is not None:
            window.clearInterval(self._id)
            self._proxy.destroy()
            self._proxy = None


def animate(node, keyframes: list[dict], duration_ms: float, on_done) -> None:
    """Web Animations API: play keyframes on node, then call on_done() once."""
    from pyodide.ffi import create_once_callable

    animation = node.animate(
        _js(keyframes), _js({"duration": duration_ms, "easing": "linear", "fill": "forwards"})
    )
    animation.onfinish = create_once_callable(lambda *_: on_done())


def replace_hash(hash_text: str) -> None:
    """Change the address without a hashchange event (and without a history entry)."""
    window.history.replaceState(window.history.state, "", hash_text)


def focused_href(inside_id: str) -> str | None:
    """The address of the link that has the focus inside an element, if one has."""
    focused = document.activeElement
    if not found(focused) or not focused.closest(f"#{inside_id}"):
        return None
    href = focused.getAttribute("href")
    return str(href) if href is not None else None


def focus_href(inside_id: str, href: str) -> bool:
    """Focus the first link to `href` inside an element; False if there is none."""
    for link in element(inside_id).querySelectorAll("a[href]"):
        if str(link.getAttribute("href")) == href:
            link.focus()
            return True
    return False


def focus_in_place(node) -> None:
    """Focus `node` without scrolling the page, unless none of it is in view (then the least
    scroll that shows it). A redraw puts the keyboard back on a game's grid after every
    tap: focus()'s own scrolling would carry the page (and its title) away under a finger
    whenever the grid is taller than what shows of it, as on a phone."""
    node.focus(_js({"preventScroll": True}))
    box = node.getBoundingClientRect()
    if box.bottom <= 0 or box.top >= window.innerHeight:
        node.scrollIntoView(_js({"block": "nearest"}))


def focus_first(root, ids) -> None:
    """Focus the first of these elements under `root` that can take focus now."""
    for element_id in ids:
        node = root.querySelector(f"#{element_id}")
        if found(node) and node.tabIndex >= 0 and not getattr(node, "disabled", False):
            focus_in_place(node)
            return


def open_dialog(node) -> None:
    if found(node) and not node.open:  # (none: a game with no game-over window)
        node.showModal()


def fetch_text(url: str, on_text, on_error) -> None:
    """GET a same-origin file; on_text(text) or on_error(reason) later."""
    from pyodide.ffi import create_once_callable

    def got(response):
        if not response.ok:
            on_error(f"HTTP {response.status}")
            return None
        return response.text().then(create_once_callable(lambda text: on_text(str(text))))

    window.fetch(url).then(create_once_callable(got)).catch(
        create_once_callable(lambda error: on_error(str(error)))
    )


def start_worker(url: str, on_message):
    """A module Web Worker at url: on_message(dict) for each message it posts (and
    {"failed": reason} if it cannot start); returns the function that posts to it."""
    worker = window.Worker.new(url, _js({"type": "module"}))
    listen(worker, "message", lambda event: on_message(event.data.to_py()))
    # An ErrorEvent has a message; the plain Event of a script that failed to load has none.
    listen(
        worker,
        "error",
        lambda event: on_message({"failed": str(getattr(event, "message", None) or "error")}),
    )
    return lambda message: worker.postMessage(_js(message))
