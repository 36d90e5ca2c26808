"""Serve the site on 127.0.0.1 for playing and testing (stdlib only).

http.server with the MIME types the runtime needs (.mjs, .wasm, .webmanifest)
and `no-cache` so a rebuilt file is picked up on reload.
"""

import argparse
import functools
import http.server
import sys
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    # A page's first visit opens some 40 connections within a second (HTTP/1.0: one per
    # file), and the tests start pages side by side: socketserver's backlog of 5 overflowed
    # on this machine (111 connections dropped in a day of test runs, each retried by the
    # browser 1, 3 or 7 s later), the likely cause of a rules page clicked before Python
    # that did not come within 5 s in one run of the e2e suite.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        """A page closed while a file was on its way (a test ending, a reload) is no error
        of the server's: it is not printed as one (a traceback per closed page)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(ROOT))
    server = SiteServer(("127.0.0.1", port), handler)
    server.verbose = verbose
    return server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    try:
        server = make_server(args.port, verbose=not args.quiet)
    except OSError as error:
        print(
            f"Cannot serve on port {args.port}: {error}. Try `make serve PORT=8123`.",
            file=sys.stderr,
        )
        return 1
    print(f"Gemau is served at http://127.0.0.1:{args.port}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
