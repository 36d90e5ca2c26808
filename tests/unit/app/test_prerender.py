"""The pages drawn at build time for the shell before Python (tools/prerender.py): the
app's own views, in every language, for a device with nothing played."""

import json

from markup_tree import parse as parse_markup
from test_build import load_tool

prerender = load_tool("prerender")


def test_the_hub_in_each_language_has_five_cards_with_their_rules_links():
    pages = prerender.shell_pages()
    assert set(pages) == {"en", "cy"}
    for language, names in (("en", "Marbles"), ("cy", "Marblis")):
        hub = parse_markup(pages[language]["pages"]["hub"]["html"])
        cards = hub.all("li", "game-card")
        assert len(cards) == 5
        assert cards[0].one("span", "game-card-name").text() == names
        rules = [c.one("a", "game-card-rules").attrs["href"] for c in cards]
        assert rules == [f"#/rules/{g}" for g in ("marbles", "battleship", "deblockle")] + [
            "#/rules/dominoes",
            "#/rules/wordle",
        ]
        assert pages[language]["pages"]["hub"]["title"] == "Gemau"


def test_the_top_bar_marks_the_page_it_is_drawn_for_and_none_on_rules():
    nav = prerender.shell_pages()["en"]["nav"]
    assert 'href="#/stats" aria-current="page"' in nav["stats"]
    assert "aria-current" not in nav["other"]


def test_statistics_of_a_device_with_nothing_played_and_each_rules_page():
    pages = prerender.shell_pages()["cy"]["pages"]
    assert 'data-page="stats"' in pages["stats"]["html"]
    rules = prerender.rules_pages()
    assert len(rules) == 10
    deblockle = rules["cy/rules-deblockle.html"]
    assert deblockle["title"] == "Rheolau: Deblockle · Gemau"
    assert 'data-rules="deblockle"' in deblockle["html"]


def test_written_files_carry_the_title_the_shell_reads(tmp_path, monkeypatch):
    monkeypatch.setattr(prerender, "PRE_ROOT", tmp_path)

    def write_if_changed(path, data):
        path.write_bytes(data)
        return True

    changed = prerender.write(write_if_changed)
    assert len(changed) == 11
    text = (tmp_path / "en" / "rules-wordle.html").read_text()
    first, _, html = text.partition("\n")
    assert json.loads(first[5:-4]) == "Rules: Wordle Tournament · Gemau"  # as shell.js slices it
    assert html.startswith("<article")
    script = (tmp_path / "pages.js").read_text()
    assert script.startswith("window.gemauPre = ")
    pre, code = script.split(";\n")[:2]
    assert json.loads(pre[len("window.gemauPre = ") :])["en"]["navLabel"]
    assert code == 'window.gemauCode = ""'
