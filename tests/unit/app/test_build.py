"""The build: py.zip is deterministic and complete; the service worker lists every asset."""

import importlib.util
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def load_tool(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_py_zip_is_deterministic_and_holds_every_module(tmp_path):
    build = load_tool("build")
    first, second = build.zip_bytes(ROOT / "py"), build.zip_bytes(ROOT / "py")
    assert first == second
    path = tmp_path / "py.zip"
    path.write_bytes(first)
    names = set(zipfile.ZipFile(path).namelist())
    expected = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert expected <= names
    assert "app/main.py" in names and "i18n/cy/app.json" in names


def test_service_worker_precaches_the_page_and_changes_with_content(tmp_path):
    build = load_tool("build")
    entries = [{"url": "index.html", "hash": "a"}, {"url": "static/py.zip", "hash": "b"}]
    one = build.service_worker(entries).decode()
    two = build.service_worker([{**entries[0], "hash": "c"}, entries[1]]).decode()
    assert '"index.html"' in one and '"static/py.zip"' in one
    assert one != two
    assert "__PRECACHE__" not in one and "__RELEASE__" not in one


def test_only_english_words_are_precached_the_other_languages_when_first_used():
    build = load_tool("build")
    entries = [
        {"url": "index.html", "hash": "a"},
        {"url": "static/words/en.json", "hash": "b"},
        {"url": "static/words/ru.json", "hash": "c"},
    ]
    text = build.service_worker(entries).decode()
    precache = text.split("const PRECACHE = ")[1].split(";")[0]
    on_use = text.split("const ON_USE = ")[1].split(";")[0]
    assert "static/words/en.json" in precache and "static/words/ru.json" not in precache
    assert "static/words/ru.json" in on_use and "index.html" not in on_use
    assert '"hash": "c"' in on_use  # checked when kept, like the precache
