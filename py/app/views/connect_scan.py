"""#/connect's camera: the host scans the friend's reply code (the browser's
BarcodeDetector, through static/js/peer.js), where the browser can. A mixin of ConnectView:
the view draws the video while `stop_scan` is set, and `connect(text)` takes what is read."""

from .. import browser


class ReplyScan:
    stop_scan = None  # while the camera looks for the reply's QR code
    scan_problem = False
    _scan_proxies: tuple = ()  # the callbacks handed to JavaScript, kept alive

    def can_scan(self) -> bool:
        from pyscript import window

        return bool(window.gemauPeer.canScan)

    def toggle_scan(self) -> None:
        from pyscript.ffi import create_proxy

        if self.stop_scan is not None:
            self.end_scan()
            self.app.render()
            return
        self.scan_problem = False
        self.stop_scan = lambda: None  # the video element is drawn, then the camera starts
        self.app.render()

        def seen(text) -> None:
            self.end_scan()
            self.connect(str(text))

        def failed(_reason) -> None:
            self.end_scan()
            self.scan_problem = True
            self.app.render()

        self._scan_proxies = (create_proxy(seen), create_proxy(failed))
        browser.element("view").querySelector("[data-action='scan']").focus()
        video = browser.element("connect-scan")
        from pyscript import window

        self.stop_scan = window.gemauPeer.scan(video, *self._scan_proxies)

    def end_scan(self) -> None:
        if self.stop_scan is not None:
            self.stop_scan()
            self.stop_scan = None
