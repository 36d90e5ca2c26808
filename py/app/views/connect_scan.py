"""#/connect's camera: the host scans the friend's reply code (the browser's
BarcodeDetector, through static/js/peer.js), where the browser can. The view draws the
video while `scanning`, and is given the text read (`seen`) or told the camera failed."""

from collections.abc import Callable

from .. import browser


class ReplyScan:
    def __init__(self, seen: Callable[[str], None], redraw: Callable[[], None]):
        self.seen = seen
        self.redraw = redraw
        self.stop: Callable[[], None] | None = None  # while the camera looks for the code
        self.problem = False
        self._proxies: tuple = ()  # the callbacks handed to JavaScript, kept alive

    @property
    def scanning(self) -> bool:
        return self.stop is not None

    @staticmethod
    def possible() -> bool:
        from pyscript import window

        return bool(window.gemauPeer.canScan)

    def toggle(self) -> None:
        from pyscript import window
        from pyscript.ffi import create_proxy

        if self.stop is not None:
            self.end()
            self.redraw()
            return
        self.problem = False
        self.stop = lambda: None  # the video element is drawn, then the camera starts
        self.redraw()

        def seen(text) -> None:
            self.end()
            self.seen(str(text))

        def failed(_reason) -> None:
            self.end()
            self.problem = True
            self.redraw()

        self._proxies = (create_proxy(seen), create_proxy(failed))
        browser.element("view").querySelector("[data-action='scan']").focus()
        video = browser.element("connect-scan")
        self.stop = window.gemauPeer.scan(video, *self._proxies)

    def end(self) -> None:
        if self.stop is not None:
            self.stop()
            self.stop = None
