"""Copy the runtime files the page needs from node_modules into static/vendor/.

The runtime (Pyodide, PyScript), and nostr-tools' browser bundle for internet play
(static/js/room.js loads it only once the player has opted in).

Run after `npm ci` (which checks every package against package-lock.json's
integrity hashes). Only what is loaded at run time is copied: no source maps,
no editor or terminal chunks. A VERSIONS.json records versions and sha256 sums.
"""

import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
PYSCRIPT_SKIPPED_PREFIXES = ("codemirror", "xterm", "service-worker")


def pyscript_files(dist: Path) -> list[Path]:
    return sorted(
        path
        for path in dist.iterdir()
        if path.suffix in (".js", ".css") and not path.name.startswith(PYSCRIPT_SKIPPED_PREFIXES)
    )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def package_version(name: str) -> str:
    return json.loads((MODULES / name / "package.json").read_text())["version"]


def copy_all() -> dict:
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    copied = {}
    for name in PYODIDE_FILES:
        copied[f"pyodide/{name}"] = MODULES / "pyodide" / name
    for path in pyscript_files(MODULES / "@pyscript" / "core" / "dist"):
        copied[f"pyscript/{path.name}"] = path
    copied["nostr/nostr.bundle.js"] = MODULES / "nostr-tools" / "lib" / "nostr.bundle.js"
    for target, source in copied.items():
        destination = VENDOR / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
    for licence, target in [
        (MODULES / "pyodide" / "LICENSE", "pyodide/LICENSE"),
        (MODULES / "@pyscript" / "core" / "LICENSE", "pyscript/LICENSE"),
        (MODULES / "nostr-tools" / "LICENSE", "nostr/LICENSE"),
    ]:
        if licence.exists():
            shutil.copyfile(licence, VENDOR / target)
    return {
        "pyodide": package_version("pyodide"),
        "@pyscript/core": package_version("@pyscript/core"),
        "nostr-tools": package_version("nostr-tools"),
        "files": {target: sha256(VENDOR / target) for target in sorted(copied)},
    }


def main() -> int:
    if not (MODULES / "pyodide").is_dir():
        print("node_modules/pyodide is missing: run `npm ci` first", file=sys.stderr)
        return 1
    versions = copy_all()
    (VENDOR / "VERSIONS.json").write_text(json.dumps(versions, indent=1) + "\n")
    size = sum((VENDOR / name).stat().st_size for name in versions["files"])
    print(
        f"vendored pyodide {versions['pyodide']}, @pyscript/core {versions['@pyscript/core']} "
        f"and nostr-tools {versions['nostr-tools']}: {len(versions['files'])} files, "
        f"{size / 1e6:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
