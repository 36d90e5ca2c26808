"""The rules of record live in docs/rules/, and every citation of them holds.

A citation is a rules file's path from the repository root (docs, rules, then
the file name), optionally followed by a section or rule number: "3" or "3.2".
Every citation found under tests/ and py/ must name a file of docs/rules/ and,
with a number, a section or rule that the file defines. A module that cites
exactly one rules file may name its rules briefly, as the word Rule (or Rules)
and numbers; those numbers are checked against that file, and a brief citation
in a module that cites no rules file, or more than one, is an error.

A clone of the repository has no team folder beside it, so no file under tests/,
py/, tools/ or bench/ may point there.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
CITING = ("tests", "py")
SELF_CONTAINED = ("tests", "py", "tools", "bench")

# Written so that this file does not match its own patterns.
CITATION = re.compile(r"docs/rules/([\w-]+\.md)(?:[ \t]+(\d+(?:\.\d+)?)\b)?")
BRIEF = re.compile(r"\bRules?\s+(\d+\.\d+(?:\s*(?:,|and|or|to|–)\s*\d+\.\d+)*)")
NUMBER = re.compile(r"\d+\.\d+")
OUTSIDE = re.compile(r"\.\.[/\\]shared\b|\bshared[/\\]rules\b")

SECTION_LINE = re.compile(r"^## (\d+)\. \S", re.MULTILINE)
RULE_LINE = re.compile(r"^- \*\*(\d+)\.(\d+)\*\* ", re.MULTILINE)


def rules_files() -> list:
    return sorted(p for p in RULES.glob("*.md") if p.name != "README.md")


def numbers_defined(path: Path) -> set:
    """The section numbers ("3") and rule numbers ("3.2") a rules file defines."""
    text = path.read_text(encoding="utf-8")
    sections = set(SECTION_LINE.findall(text))
    rules = {f"{s}.{r}" for s, r in RULE_LINE.findall(text)}
    return sections | rules


def project_files(top: str):
    """The text files under `top`, without caches and hidden folders."""
    for path in sorted((ROOT / top).rglob("*")):
        parts = path.relative_to(ROOT).parts
        if not path.is_file() or any(p.startswith(".") or p == "__pycache__" for p in parts):
            continue
        try:
            yield path, path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # not text


def broken_citations(text: str, where: str, defined) -> list:
    """Every citation in `text` that does not hold, as readable messages.
    `defined(name)` gives the numbers a rules file defines, or None when there
    is no such file."""
    problems = []
    cited = set()
    for match in CITATION.finditer(text):
        name, number = match.groups()
        cited.add(name)
        numbers = defined(name)
        if numbers is None:
            problems.append(f"{where}: docs/rules/{name} does not exist")
        elif number is not None and number not in numbers:
            problems.append(f"{where}: docs/rules/{name} has no rule {number}")
    brief = [n for m in BRIEF.finditer(text) for n in NUMBER.findall(m.group(1))]
    if brief and len(cited) != 1:
        problems.append(
            f"{where}: names rules {brief[:3]} but cites {len(cited)} rules files, not one"
        )
    elif brief:
        (name,) = cited
        numbers = defined(name) or set()
        problems.extend(
            f"{where}: Rule {n} is not in docs/rules/{name}" for n in brief if n not in numbers
        )
    return problems


def _defined_in_repo(name: str):
    path = RULES / name
    return numbers_defined(path) if path.is_file() else None


def test_the_five_rules_files_and_their_index_exist():
    names = [p.name for p in rules_files()]
    assert names == [
        "battleship.md",
        "deblockle.md",
        "dominoes.md",
        "marbles.md",
        "wordle-tournament.md",
    ]
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for name in names:
        assert f"]({name})" in index, f"docs/rules/README.md does not link {name}"


@pytest.mark.parametrize("path", rules_files(), ids=lambda p: p.name)
def test_every_rule_number_is_unique_and_sits_in_its_section(path):
    text = path.read_text(encoding="utf-8")
    sections = [int(s) for s in SECTION_LINE.findall(text)]
    assert sections == list(range(1, len(sections) + 1)), "sections numbered 1, 2, 3, ..."
    current, seen = None, set()
    for line in text.splitlines():
        section = SECTION_LINE.match(line)
        if section:
            current = int(section.group(1))
        rule = RULE_LINE.match(line + " ")
        if rule:
            number = (int(rule.group(1)), int(rule.group(2)))
            assert number not in seen, f"rule {number} appears twice"
            assert number[0] == current, f"rule {number} is outside section {current}"
            seen.add(number)
    assert seen, "a rules file numbers its rules"


def test_every_citation_in_tests_and_py_points_to_an_existing_rule():
    problems = []
    citations = 0
    for top in CITING:
        for path, text in project_files(top):
            citations += len(CITATION.findall(text))
            where = path.relative_to(ROOT).as_posix()
            problems.extend(broken_citations(text, where, _defined_in_repo))
    assert not problems, "\n".join(problems)
    assert citations >= 5, "the engines' tests cite their rules"


def test_the_checker_finds_broken_citations():
    """The check above would catch a broken citation (built here from parts, so
    that this file itself cites nothing)."""
    rules, rule = "docs/" + "rules/", "Rule"
    defined = {"game.md": {"1", "1.1", "1.2"}}.get
    good = [
        f"see {rules}game.md 1.2 and {rules}game.md 1.",
        f"{rules}game.md\n{rule} 1.1: ...\n{rule}s 1.1 and 1.2",
    ]
    bad = [
        f"{rules}nothing.md",
        f"{rules}game.md 1.3",
        f"{rules}game.md 2",
        f"{rules}game.md\n{rule}s 1.1 and 4.2",
        f"{rule} 1.1, with no rules file cited",
        f"{rules}game.md and {rules}other.md; {rule} 1.1",
    ]
    for text in good:
        assert broken_citations(text, "x", defined) == [], text
    for text in bad:
        assert broken_citations(text, "x", defined), text


def test_nothing_refers_to_the_shared_folder_outside_the_repository():
    found = []
    for top in SELF_CONTAINED:
        for path, text in project_files(top):
            for number, line in enumerate(text.splitlines(), 1):
                if OUTSIDE.search(line):
                    found.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}")
    assert not found, "cite docs/rules/ instead:\n" + "\n".join(found)
