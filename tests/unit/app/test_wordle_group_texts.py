"""The words of a Wordle Tournament group across devices (docs/rules/wordle-tournament.md 16):
every reason the leader's page can give a member's device for a refusal has a text in
English and Welsh, the member's page and the leader's group screen have theirs, and the
rules pages say how the group plays, in the same shape in both languages."""

import re
import string
from pathlib import Path

import pytest
from app.i18n import LANGUAGES, Translator, load_catalogue
from app.remote import wire
from app.remote.checks import OTHER_VERSION
from app.remote.handshake import rules_of
from app.remote.wordle_group import GROUP_RULES, GroupLeader
from games.wordle.sample_words import sample_dictionary

PY = Path(__file__).resolve().parents[3] / "py"
GROUP_MODULES = [PY / "app" / "remote" / n for n in ("wordle_group.py", "wordle_group_member.py")]
RULES = PY / "rules"
GROUP_KEYS = {
    "group.bad_name",
    "group.joined_already",
    "group.junk",
    "group.not_a_member",
    "group.not_your_duel",
    "group.rating",
    "group.stale",
    "group.started",
}
PAGE_KEYS = {  # key -> its placeholders
    "wt.group.remote.no_link": set(),
    "wt.group.remote.joining": {"leader"},
    "wt.group.remote.heading": {"leader"},
    "wt.group.remote.lobby": {"leader"},
    "wt.group.remote.paused": {"leader"},
    "wt.group.remote.abandoned": {"leader"},
    "wt.group.remote.again": {"leader"},
    "wt.group.remote.member_lost": {"name"},
    "wt.group.remote.friends": set(),
    "wt.group.remote.joined": {"names"},
    "wt.group.remote.none_yet": set(),
    "wt.group.remote.linking": {"count"},
    "wt.group.remote.no_friends": set(),
    "wt.group.remote.host_note": set(),
}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def catalogues():
    return {language: load_catalogue(language) for language in LANGUAGES}


def test_every_group_key_in_the_leader_and_member_modules_has_a_text(catalogues):
    source = "\n".join(path.read_text(encoding="utf-8") for path in GROUP_MODULES)
    # A key built at run time would escape the scan below: there is none.
    assert not re.search(r"""f["']group\.""", source)
    found = set(re.findall(r"""["'](group\.[a-z_]+)["']""", source))
    assert found == GROUP_KEYS
    for language, catalogue in catalogues.items():
        missing = sorted(k for k in GROUP_KEYS if not catalogue.get(k, "").strip())
        assert missing == [], language
        # Shown as the refusal comes, with nothing to fill in.
        assert all(placeholders(catalogue[k]) == set() for k in GROUP_KEYS), language


def refusals_of_a_lobby_and_a_round() -> list[str]:
    """Every refusal a leader's page gives for a run of bad messages from its members."""
    from test_remote_wordle_group import Bare, Net

    devices: dict[str, Bare] = {}
    leader, net = GroupLeader(sample_dictionary(), "Leader", 1000, seed=5), Net()

    def link(device):
        devices[device] = Bare(leader, device, net)

    def join(device, name, rating=1000, version=wire.VERSION):
        message = {"type": "welcome", "version": version, "rules": rules_of(GROUP_RULES)}
        devices[device].say({**message, "name": name, "rating": rating})

    link("a")
    devices["a"].say("not a message")  # group.junk
    link("old")
    join("old", "Old", version=wire.VERSION + 1)  # other_version, as for any game
    join("a", " ")  # group.bad_name
    join("a", "Ann", rating=-5)  # group.rating
    join("a", "Ann")
    join("a", "Ann")  # the same again: its page opened anew, taken without a word
    join("a", "Aled")  # group.joined_already: another name on a member's device
    link("b")
    devices["b"].say({"type": "leave"})  # group.not_a_member: linked, not joined
    join("b", "ANN")  # wordle.name_taken
    join("b", "Ben")  # still linked: it may try another nickname
    for device in "cdefg":  # 8 people in all (#/connect links 7 friends' devices)
        link(device)
        join(device, f"Friend {device}")
    leader.member_lost("g", 0)
    leader.start(0)
    link("late")
    join("late", "Late")  # group.started
    t = leader.tournament
    member = leader.members["a"]
    mine = t.view(member.pid, 0)["your_duel"]
    guess = {"type": "guess", "round": t.round_number, "duel": mine, "text": "hello", "at": 5}
    devices["a"].say({**guess, "round": t.round_number + 1})  # group.stale
    devices["a"].say({**guess, "duel": (mine + 1) % len(t.view(0, 0)["duels"])})
    devices["a"].say(guess)  # the introduction: wordle.intro
    sent = [m for device in devices.values() for m in device.sent]
    return [m["reason"] for m in sent if m["type"] == "refused"]


def test_every_refusal_a_member_can_be_sent_reads_in_both_languages(catalogues):
    reasons = refusals_of_a_lobby_and_a_round()
    assert {r for r in reasons if r.startswith("group.")} == GROUP_KEYS
    assert {"wordle.name_taken", "wordle.intro"} <= set(reasons)
    # another version: the member's page says it in the words of every game between devices
    assert OTHER_VERSION in reasons
    reasons = [r for r in reasons if r != OTHER_VERSION] + ["remote.status.other_version"]
    for language, catalogue in catalogues.items():
        assert sorted(set(reasons) - set(catalogue)) == [], language


def test_the_member_page_and_group_screen_texts_have_their_placeholders(catalogues):
    for language, catalogue in catalogues.items():
        for key, names in PAGE_KEYS.items():
            assert key in catalogue, (language, key)
            assert placeholders(catalogue[key]) == names, (language, key)
    t = Translator("cy")
    assert t("wt.group.remote.joining", leader="Siân") == "Yn ymuno â grŵp Siân…"
    t.language = "en"
    assert t("wt.group.remote.joined", names="Ann, Ben") == "Joined: Ann, Ben."
    assert "60" in t("wt.group.remote.paused", leader="Ann")


def tags(html: str) -> list[str]:
    return re.findall(r"<(/?[a-z0-9]+)", html)


@pytest.mark.parametrize("game", ["marbles", "battleship", "deblockle", "dominoes", "wordle"])
def test_a_rules_page_has_the_same_shape_in_english_and_welsh(game):
    en, cy = (RULES / f"{game}.{language}.html" for language in ("en", "cy"))
    assert tags(en.read_text(encoding="utf-8")) == tags(cy.read_text(encoding="utf-8"))


def test_the_wordle_rules_pages_tell_how_a_group_plays_across_devices():
    headings = {
        language: re.findall(r"<h2>(.*?)</h2>", (RULES / f"wordle.{language}.html").read_text())
        for language in ("en", "cy")
    }
    at = headings["en"].index("Groups across devices")
    assert headings["cy"][at] == "Grwpiau ar draws dyfeisiau"
    assert headings["en"][at - 1] == "Duels with a friend on another device"
    english = (RULES / "wordle.en.html").read_text()
    section = english.split("<h2>Groups across devices</h2>")[1].split("<h2>")[0]
    for said in ("leader's page hosts", "invite link", "reply code", "60 seconds", "paused"):
        assert said in section, said
    for said in ("abandoned", "only once that duel is over", "trusts the leader's browser"):
        assert said in section, said
    welsh = (RULES / "wordle.cy.html").read_text()
    assert "sgôr" not in welsh.lower()  # gradd is a rating; sgôr a score
