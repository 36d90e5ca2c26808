"""Pieces the end-to-end tests import: the sub-path server handler and the ready wait."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from serve import SiteHandler  # noqa: E402

SUB_PATH = "/gemau/"


class SubPathHandler(SiteHandler):
    """Serves the site only under SUB_PATH, so an absolute URL anywhere fails the tests."""

    sw_suffix = ""

    def translate_path(self, path):
        if not path.startswith(SUB_PATH):
            return str(ROOT / "__not_served__")
        return super().translate_path("/" + path[len(SUB_PATH) :])

    def do_GET(self):
        if self.path.split("?")[0] == SUB_PATH + "sw.js" and SubPathHandler.sw_suffix:
            body = (ROOT / "sw.js").read_bytes() + SubPathHandler.sw_suffix.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def wait_ready(page):
    page.wait_for_selector("html[data-app='ready']", state="attached", timeout=90_000)
