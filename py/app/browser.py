"""Everything that touches the browser: the DOM, localStorage, events.

The only module of the app, with main.py, that imports pyscript; the rest of
py/app and all of py/games run under plain CPython too.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy


class LocalStorageBackend:
    """localStorage behind the get/set/remove interface the Store expects."""

    def __init__(self):
        self.storage = window.localStorage

    def get(self, key: str):
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # a missing key is a JS null proxy

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)


def element(element_id: str):
    return document.getElementById(element_id)


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
