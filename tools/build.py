"""Build what the page loads besides the vendored runtime.

1. static/py.zip: every file under py/ (modules, catalogues, rules pages) and the
   pinned pure-Python packages of tools/app_packages.py (segno), unpacked by PyScript into Python's working directory (pyscript.toml [files]).
   Deterministic: sorted entries, fixed timestamps, so an unchanged py/ gives an
   unchanged zip and an unchanged release hash.
2. static/pre/: the hub, Statistics and rules pages drawn at build time, shown
   before Python is ready (tools/prerender.py).
3. sw.js: the service worker, from tools/sw.template.js, with the precache list
   of every asset (path and content hash). A new release changes the hashes,
   hence the bytes of sw.js, so browsers install the new worker and the page
   offers "new version - reload".

Files are only rewritten when their content changes, so running it twice is cheap.
"""

import argparse
import hashlib
import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY_ROOT = ROOT / "py"
ZIP_PATH = ROOT / "static" / "py.zip"
SW_TEMPLATE = ROOT / "tools" / "sw.template.js"
SW_PATH = ROOT / "sw.js"

TOP_LEVEL_ASSETS = ["index.html", "pyscript.toml", "manifest.webmanifest"]
SKIPPED_SUFFIXES = {".pyc", ".map"}
SKIPPED_NAMES = {"VERSIONS.json", "LICENSE", ".stamp"}


def zip_bytes(source: Path, extra: list[tuple[str, bytes]] = ()) -> bytes:
    """The files under source, then `extra` ones (path in the zip, bytes)."""
    files = [
        (path.relative_to(source).as_posix(), path.read_bytes())
        for path in sorted(source.rglob("*"))
        if not (path.is_dir() or "__pycache__" in path.parts or path.suffix in SKIPPED_SUFFIXES)
    ]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files + list(extra):
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def static_assets() -> list[str]:
    assets = []
    for path in sorted((ROOT / "static").rglob("*")):
        if (
            path.is_file()
            and path.suffix not in SKIPPED_SUFFIXES
            and path.name not in SKIPPED_NAMES
        ):
            assets.append(path.relative_to(ROOT).as_posix())
    return assets


def precache_list() -> list[dict]:
    entries = []
    for name in TOP_LEVEL_ASSETS + static_assets():
        digest = hashlib.sha256((ROOT / name).read_bytes()).hexdigest()[:16]
        entries.append({"url": name, "hash": digest})
    return entries


def kept_on_use(url: str) -> bool:
    """A file the service worker keeps when first used instead of at install: the
    word lists and books of every Wordle language but English (the default), and the
    signalling library of internet play (useless offline, and to most visitors)."""
    if url.startswith("static/vendor/nostr/"):
        return True
    return url.startswith("static/words/") and not url.startswith("static/words/en.")


def service_worker(entries: list[dict]) -> bytes:
    release = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    precache = [e for e in entries if not kept_on_use(e["url"])]
    on_use = [e for e in entries if kept_on_use(e["url"])]
    text = SW_TEMPLATE.read_text()
    text = text.replace("__RELEASE__", release)
    text = text.replace("__PRECACHE__", json.dumps(precache, indent=1))
    text = text.replace("__ON_USE__", json.dumps(on_use, indent=1))
    return text.encode()


def copy_site(entries: list[dict], out: Path) -> None:
    """The deployable site: exactly the precached assets plus the service worker."""
    if out.exists():
        shutil.rmtree(out)
    for name in [e["url"] for e in entries] + ["sw.js"]:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, target)
    (out / ".nojekyll").write_bytes(b"")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also copy the deployable site into this folder")
    args = parser.parse_args()
    import app_packages  # segno, for the invite's QR code

    code = zip_bytes(PY_ROOT, app_packages.modules())
    zip_changed = write_if_changed(ZIP_PATH, code)
    import prerender  # imports the app's views: only when building

    prerender.write(write_if_changed, hashlib.sha256(code).hexdigest()[:16])
    entries = precache_list()
    sw_changed = write_if_changed(SW_PATH, service_worker(entries))
    total = sum((ROOT / e["url"]).stat().st_size for e in entries)
    print(
        f"py.zip {'rebuilt' if zip_changed else 'unchanged'}; sw.js "
        f"{'rebuilt' if sw_changed else 'unchanged'}: {len(entries)} assets, {total / 1e6:.1f} MB"
    )
    if args.out:
        copy_site(entries, args.out)
        print(f"site copied to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
