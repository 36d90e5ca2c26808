"""Why a game with a friend stopped, on a Welsh page (issue 31): the remote bar says every
reason in plain Welsh; only the technical detail (the move, the rule's key, the friend's
device's own words) stays behind the disclosure, in the words it came in. Each way a game
stops or is disputed is rendered in Welsh and in English, and the Welsh status line and
disclosure summary must share no word with the English ones nor hold the detail."""

import re

import pytest
import test_remote_link_game as link_tests
from app.i18n import Translator
from app.remote import verdict
from app.views.remote_bar import remote_bar

NAMES = {"ann", "bryn"}
DETAIL = "move 3 'c1W-b2' is illegal: deblockle.blocked"


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-zâêîôûŵŷ']+", text.lower()) if len(w) > 1} - NAMES


def plain_parts(markup: str) -> str:
    """The bar's status line and the disclosure's summary (not its detail)."""
    status = re.search(r'class="remote-status"[^>]*>(.*?)</p>', markup, re.S)
    summary = re.search(r"<summary>(.*?)</summary>", markup, re.S)
    assert status is not None
    return " ".join(part.group(1) for part in (status, summary) if part is not None)


def ended(how, by):
    def stop(host, friend):
        host.game.match.end(how, by, DETAIL)

    return stop


def claimed(kind):
    def claim(host, friend):
        friend.game.match.link.channel.send({"type": "refused", "kind": kind, "reason": DETAIL})

    return claim


def stopped_by_an_older_save(kind):
    def stop(host, friend):
        host.game.match.status = kind  # (a save of an older version, stopped so)
        host.game.match.note("us", kind, DETAIL)

    return stop


STOPS = {
    "forfeit": ended(verdict.FORFEIT, "guest"),
    "void": ended(verdict.VOID, "guest"),
    "resigned": ended(verdict.RESIGNED, "guest"),
    "resigned here": ended(verdict.RESIGNED, "host"),
    "left": ended(verdict.LEFT, "guest"),
    "left here": ended(verdict.LEFT, "host"),
    "abandoned": ended(verdict.ABANDONED, "guest"),
    "stalled here": ended(verdict.STALLED, "host"),
    "claim of cheating": claimed("cheating"),
    "claim of a desync": claimed("desync"),
    "refused as incompatible": claimed("incompatible"),
    "old save, desync": stopped_by_an_older_save("desync"),
    "old save, cheating": stopped_by_an_older_save("cheating"),
}


@pytest.mark.parametrize("stop", STOPS)
def test_every_reason_a_game_stopped_is_said_in_plain_welsh(stop):
    link, host, friend = link_tests.handed_over()
    if stop == "refused as incompatible":
        host.game.match.status = "connecting"  # (a game being set up)
    STOPS[stop](host, friend)
    link.pump()
    welsh, english = (str(remote_bar(host.game, Translator(lang))) for lang in ("cy", "en"))
    said = plain_parts(welsh)
    assert DETAIL not in said and "deblockle.blocked" not in said
    shared = words(said) & words(plain_parts(english))
    assert not shared, f"English in the Welsh bar ({stop}): {sorted(shared)}: {said}"
    if stop not in ("resigned", "resigned here", "left", "left here", "abandoned", "stalled here"):
        assert "deblockle.blocked" in welsh  # the detail, behind the disclosure
