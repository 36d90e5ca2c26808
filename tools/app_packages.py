"""Pure-Python packages the app itself uses in the browser, added to static/py.zip.

Each is a pinned wheel from PyPI, downloaded once into .cache/app-wheels by pip and
checked against its sha256 before use. Only the package's modules go into the zip.
"""

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / ".cache" / "app-wheels"

# name, version, the wheel's sha256, modules left out (command line tools)
PACKAGES = [
    (
        "segno",
        "1.6.6",
        "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7",
        {"segno/cli.py"},
    ),
]


def wheel(name: str, version: str, digest: str) -> Path:
    path = WHEELS / f"{name}-{version}-py3-none-any.whl"
    if not path.exists():
        WHEELS.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check"]
            + ["--only-binary=:all:", "--no-deps", "-d", str(WHEELS), f"{name}=={version}"],
            check=True,
        )
    if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
        path.unlink()
        raise SystemExit(f"{path.name}: sha256 differs from the pinned one")
    return path


def modules() -> list[tuple[str, bytes]]:
    """(path in the zip, bytes) of every package's modules and licence, sorted."""
    files = []
    for name, version, digest, left_out in PACKAGES:
        with zipfile.ZipFile(wheel(name, version, digest)) as archive:
            for entry in archive.namelist():
                if entry.startswith(f"{name}/") and entry.endswith(".py") and entry not in left_out:
                    files.append((entry, archive.read(entry)))
                elif entry == f"{name}-{version}.dist-info/licenses/LICENSE":
                    files.append((f"{name}/LICENSE", archive.read(entry)))  # kept with it
    return sorted(files)
