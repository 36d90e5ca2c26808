"""The Wordle Tournament played in the page, with an accelerated clock.

The test knows every hidden word the way the page does: it reads the saved
tournament from localStorage and loads it with the engine's own code and the
shipped word list. A tournament is fixed by its seed and by what the humans
do (not by when they do it), so the test first simulates, with the engine and
the shipped list, the play it will make through the page, and picks the first
seed that shows what it needs: an invalid guess and a skipped turn in round 1
(then solving), rounds 2 and 3 lost on purpose (letting the clock run), then
solving at once until a bye, then losing until out.
A group of two (seed 4) meets in round 1: pairing does not depend on words.
"""

import json
import re
from pathlib import Path

import pytest
from app.tournament.ui import isolated
from e2e_support import ROOT, pause_clock, wait_ready
from games.wordle.dictionary import Dictionary
from games.wordle.duel import TURN_MS
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_game_saved import load_tournament
from games.wordle.tournament_story import record
from playwright.sync_api import expect

SHOTS = "/tmp/wt"
WORDS = Dictionary("en", json.loads((ROOT / "static" / "words" / "en.json").read_text("utf-8")))
HTML_NAME = "<b>Bo</b>"


SAVED = "gemau:saved:wordle-tournament-play"  # (the frame's save: state and meta)


def saved_text(page) -> str | None:
    return page.evaluate(f"localStorage.getItem('{SAVED}')")


def loaded(raw: str | None) -> Tournament | None:
    if not raw:
        return None
    data = json.loads(raw)["data"]
    return load_tournament(WORDS, data["state"]) if data else None


def saved(page) -> Tournament | None:
    return loaded(saved_text(page))


# What the page shows and has saved, for page.wait_for_function: the tournament as saved
# (null before it is), the player out, our duel waiting for us.
SEEN = f"""const kept = () => {{
    const raw = localStorage.getItem('{SAVED}');
    return raw && JSON.parse(raw).data ? JSON.parse(raw).data.state : null;
}};
const out = () => document.querySelector('.wt-out') !== null;
const myTurn = () => document.querySelector('.wt-duel .wd-whose.wd-you') !== null
    && document.querySelector(".wd-key[data-key='enter']:not([disabled])") !== null;"""


def wait_until(page, condition: str, arg=None, timeout: float = 30_000) -> None:
    """Until `condition` (a JavaScript expression over SEEN's functions and `arg`) holds."""
    page.wait_for_function(f"(arg) => {{ {SEEN} return {condition}; }}", arg=arg, timeout=timeout)


def wait_saved_again(page, raw: str | None) -> None:
    """Until the page saves the tournament again (it does at least every second of play)."""
    page.wait_for_function(f"(raw) => localStorage.getItem('{SAVED}') !== raw", arg=raw)


def skip_report(page, raw: str, duel) -> str:
    """Why a turn did not show as run out: the page's clock and the tournament's as saved
    when the turn was read (`raw`) and now, and the duel's rows then and now."""
    now = saved(page)
    rows = [m["duel"].rows for m in now.current["matches"] if 0 in m["players"]] if now else None
    meta = json.loads(raw)["data"]["meta"]
    return (
        f"page clock {page.evaluate('Date.now()')}, clock meta {meta}, turn started"
        f" {duel.turn_started} (+{TURN_MS}), tournament clock then {loaded(raw).clock},"
        f" now {now.clock if now else None}; rows then {duel.rows}, now {rows}"
    )


def my_duel(t, pid=0):
    for m in t.current["matches"]:
        if pid in m["players"]:
            return m
    return None


def seconds(clock: str) -> int:
    """A clock's time left as drawn ("0:27"), in seconds."""
    minutes, secs = re.search(r"(\d+):(\d\d)", clock).groups()
    return int(minutes) * 60 + int(secs)


def my_turn(page) -> bool:
    return (
        page.locator(".wt-duel .wd-whose.wd-you").count() > 0
        and page.locator(".wd-key[data-key='enter']:not([disabled])").count() > 0
    )


def type_word(page, tiles, on_screen=True):
    if on_screen:
        for tile in tiles:
            page.locator(f".wd-key[data-key='{tile}']").click()
        page.locator(".wd-key[data-key='enter']").click()
    else:
        page.keyboard.type("".join(tiles))
        page.keyboard.press("Enter")


LOSE_ON_PURPOSE = (2, 3)


def simulate(seed):
    """The play of test_a_whole_tournament_through_the_page, in the engine:
    (round of your bye, your placement, round you were out)."""
    t = new_lobby(WORDS, [{"name": None, "rating": 1000}], seed)
    t.start(0)
    bye = None
    while not t.humans_done:
        r = t.round_number
        if t.current["bye"] == 0 and bye is None:
            bye = r
        match = my_duel(t)
        if t.phase == "playing" and match and not match["duel"].is_over:
            duel = match["duel"]
            seat = match["players"].index(0)
            if duel.turn == seat:
                skip = (
                    r in LOSE_ON_PURPOSE
                    or (bye is not None and r > bye)
                    or (r == 1 and duel.turns_used(seat) == 0)
                )
                if not skip:
                    t.guess(0, "".join(WORDS.tiles(duel.word)), duel.turn_started + 2000)
                    continue
        t.advance(t.next_event_at())
    return bye, t.players[0]["placement"], t.players[0]["placed_round"]


def pick_seed():
    for seed in range(1, 200):
        bye, placement, out = simulate(seed)
        if bye is not None and bye <= 6 and out == bye + 1:
            return seed, placement
    raise AssertionError("no seed gives a bye and then an elimination")


WHOLE_SPEED = 10  # the whole tournament's clock runs 10 times as fast as the page's


@pytest.mark.long
def test_a_whole_tournament_through_the_page(open_app, context):
    seed, placement = pick_seed()
    ctx = context(viewport={"width": 1200, "height": 900})
    ctx.clock.install()  # the page's clock, driven on where we let a turn run out
    page = open_app(f"#/wordle?mode=tournament&seed={seed}&speed={WHOLE_SPEED}", ctx=ctx)
    lobby = page.locator(".wt-lobby")
    expect(lobby).to_be_visible(timeout=30_000)
    expect(page.locator(".wt-lobby-players tbody tr")).to_have_count(8)
    # Its seed from the address tells every word: said at once, and never counted.
    expect(page.locator(".notice", has_text="started from its number")).to_have_count(1)

    # Rule "Players are anonymous: a nickname is made up for you, and you can change it";
    # the nickname is shown as text, never as markup.
    made_up = page.locator("#wt-name").input_value()
    assert re.fullmatch(r"[A-Z][a-z]+[A-Z][a-z]+", made_up)
    page.locator("#wt-name").fill(HTML_NAME)
    page.locator("button[data-action='wt-rename']").click()
    first = page.locator(".wt-lobby-players tbody tr").first
    expect(first.locator(".wt-name")).to_have_text(HTML_NAME)
    assert page.locator(".wt-lobby-players b").count() == 0
    # Bots are rated within 200 of you.
    ratings = [int(x) for x in page.locator(".wt-lobby-players tbody td.wt-num").all_inner_texts()]
    assert ratings[0] == 1000 and all(800 <= r <= 1200 for r in ratings)
    page.screenshot(path=f"{SHOTS}/lobby.png", full_page=True)

    pause_clock(page)  # the round's introduction (0.6 s of the page's time) stays to be seen
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-intro")).to_be_visible()
    expect(page.locator(".wt-pair")).to_have_count(4)
    expect(page.locator(".wt-pair-mine .wt-name", has_text=re.compile("^You$"))).to_have_count(1)
    page.screenshot(path=f"{SHOTS}/intro.png", full_page=True)
    page.clock.resume()

    seen = set()
    # Each pass waits for the tournament to move on (a save, a turn, a round), so a few
    # hundred passes are a whole tournament; this many means it never ended for us.
    for _ in range(2_000):
        if page.locator(".wt-out").count():
            break
        raw = saved_text(page)
        t = loaded(raw)
        if t is not None and t.phase == "over":
            (Path(SHOTS) / "state.json").write_text(json.dumps(t.to_json()))
        assert t is None or t.phase != "over", (
            f"the tournament ended with you in it; saw {sorted(seen)}"
        )
        if t is None or t.phase != "playing":  # until a round is being played (or we are out)
            wait_until(page, "out() || (kept() && kept().phase === 'playing')")
            continue
        rnd = t.round_number
        if t.current["bye"] == 0 and "watched" not in seen:
            # Rule "Byes": no duel, no life lost; meanwhile another duel can be watched
            # (the page's clock stopped meanwhile: the round cannot end under the clicks).
            pause_clock(page)
            expect(page.locator(".wt-bye")).to_be_visible()
            seen.add("bye")
            lives_before = t.players[0]["lives"]
            page.locator(".wt-duel-card").first.click()
            expect(page.locator(".wt-watching .wd-board")).to_be_visible()
            expect(page.locator(".wt-duel-card[aria-pressed='true']")).to_have_count(1)
            page.screenshot(path=f"{SHOTS}/watching.png", full_page=True)
            page.locator("button[data-action='wt-unwatch']").click()
            expect(page.locator(".wt-bye")).to_be_visible()
            seen.add("watched")
            assert saved(page).players[0]["lives"] == lives_before
            page.clock.resume()
            continue
        if not my_turn(page):  # until it is, or the round is over, or we are out
            wait_until(
                page,
                "myTurn() || out() || kept().phase !== 'playing' || kept().rounds.length !== arg",
                rnd,
            )
            continue
        # Our turn: the page's clock stopped while the test reads and types (a turn is 3 s
        # of the page's time), and driven or let run again before the next pass.
        pause_clock(page)
        raw = saved_text(page)
        t = loaded(raw)
        rnd = t.round_number
        match = my_duel(t)
        if match is None or t.phase != "playing":
            page.clock.resume()
            wait_saved_again(page, raw)
            continue
        duel = match["duel"]
        seat = match["players"].index(0)
        screen = page.evaluate("""() => {
            const game = document.querySelector('.wt-game'), duel = document.querySelector('.wt-duel');
            return [game && game.dataset.round, duel && duel.dataset.duel, duel && duel.dataset.rows];
        }""")
        if screen != [str(rnd), str(t.current["matches"].index(match)), str(len(duel.rows))]:
            page.clock.resume()
            wait_saved_again(page, raw)  # the save read is older than the screen
            continue
        if duel.is_over or duel.turn != seat:
            page.clock.resume()
            wait_saved_again(page, raw)
            continue
        tiles = WORDS.tiles(duel.word)
        if rnd == 1 and "invalid" not in seen:
            # Rule "A guess must have the right length and be in the dictionary.
            # Otherwise the row shakes, a message appears, and the turn and the clock go on."
            type_word(page, ["q"] * duel.length)
            expect(page.locator(".wd-message.wd-error")).to_contain_text("not in the word list")
            expect(page.locator(".wd-current.wd-shake")).to_have_count(1)
            expect(page.locator(".wd-whose.wd-you")).to_be_visible()
            page.screenshot(path=f"{SHOTS}/invalid.png", full_page=True)
            seen.add("invalid")
            # Rule "If your time runs out, your turn is skipped: it counts as used
            # and passes to your opponent." (A whole turn of the page's clock, driven.)
            page.clock.run_for(TURN_MS // WHOLE_SPEED)
            try:
                expect(page.locator(".wd-row.wd-you.wd-skipped")).to_have_count(1)
            except AssertionError as error:  # (what the page had then, to find why)
                raise AssertionError(f"{error}\n{skip_report(page, raw, duel)}") from None
            seen.add("skipped")
            page.clock.resume()
            continue
        if rnd in (2, 3) or "bye" in seen:
            seen.add(f"let-clock-run-{rnd}")
            # Lose this duel on purpose: the turn runs out (a whole turn of the page's clock,
            # driven), or the duel ends, or we are out.
            page.clock.run_for(TURN_MS // WHOLE_SPEED)
            page.clock.resume()
            wait_until(
                page,
                "!myTurn() || out() || document.querySelector('.wt-duel')?.dataset.rows !== arg",
                screen[2],
            )
            continue
        type_word(page, tiles, on_screen=rnd == 1)
        if rnd == 1:
            page.screenshot(path=f"{SHOTS}/solved.png", full_page=True)
        page.clock.resume()
        index = t.current["matches"].index(match)
        # The round may be over already: ask the save, once it has the duel's result.
        wait_until(
            page,
            "kept().rounds[arg[0]].matches[arg[1]].duel.result !== null",
            [rnd - 1, index],
            timeout=5_000,
        )
        result = saved(page).rounds[rnd - 1]["matches"][index]["duel"].result
        assert result == {"winner": seat}, (rnd, result, sorted(seen))
        seen.add(f"solved-{rnd}")
    else:
        (Path(SHOTS) / "state.json").write_text(json.dumps(saved(page).to_json()))
        raise AssertionError(f"the tournament never ended for us; saw {sorted(seen)}")

    assert {"invalid", "skipped", "bye", "watched", "solved-1"} <= seen, seen
    # Rule "Once you are out you see your rating change at once, and you can
    # leave or go on watching the other duels."
    t = saved(page)
    me = t.players[0]
    assert me["placement"] == placement and me["left"] is None
    out = page.locator(".wt-out")
    expect(out).to_contain_text(f"Placement {me['placement']} of 8")
    assert me["rating_change"] != 0  # it would have counted: a known seed (9.8) keeps it
    expect(out.locator(".wt-rating-change")).to_have_text("Not counted: your rating stays 1000.")
    page.screenshot(path=f"{SHOTS}/out.png", full_page=True)
    page.locator("button[data-action='wt-watch-on']").click()
    expect(page.locator(".wt-side .wt-player.wt-human .wt-status")).to_have_text(
        f"place {placement}"
    )
    page.locator(".wt-duel-card").first.click()
    expect(page.locator(".wt-watching .wd-board")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/watch-on.png", full_page=True)
    page.locator("button[data-action='wt-unwatch']").click()
    page.locator("button[data-action='wt-finish']").click()

    # The end: final placements and rating changes of all 8.
    end = page.locator(".wt-end")
    expect(end).to_be_visible(timeout=30_000)
    rows = end.locator(".wt-standings tbody tr")
    expect(rows).to_have_count(8)
    final = saved(page)
    assert final.phase == "over"
    for p in final.players:
        row = end.locator(f".wt-standings tbody tr[data-player='{p['id']}']")
        expect(row.locator("td").first).to_have_text(str(p["placement"]))
        expect(row.locator(".wt-name")).to_have_text(p["name"])
        # (a seed in the address: the person's rating stays, 9.8; the computers' change)
        after = p["rating"] if p["human"] else p["rating"] + p["rating_change"]
        expect(row.locator("td.wt-num").last).to_have_text(str(after))
    expect(end.locator("tr[data-player='0'] .wt-note")).to_have_text("not counted")
    assert end.locator("b").count() == 0
    page.screenshot(path=f"{SHOTS}/end.png", full_page=True)

    # Started from the seed in its address (docs/rules/README.md, Fairness), it
    # changes neither the rating nor the statistics (a tournament the page starts
    # itself does: tests/unit/app/test_wordle_tournament_game_view.py, rule 8.2).
    assert me["rating_change"] != 0
    expect(end.locator(".wt-rating-now")).to_have_text("1000")
    expect(end.locator("svg.wt-chart polyline")).to_have_count(0)
    page.locator("button[data-action='wt-new']").click()
    expect(page.locator(".wt-lobby")).to_be_visible()
    expect(page.locator("#wt-name")).to_have_value(HTML_NAME)
    expect(page.locator(".wt-lobby-players tbody tr").first.locator("td.wt-num")).to_have_text(
        "1000"
    )
    page.goto(page.url.split("#")[0] + "#/stats")
    expect(page.locator("[data-page='stats']")).to_be_visible()
    expect(page.locator("[data-page='stats']")).not_to_contain_text("Tournaments (placement)")


def test_a_reload_within_the_grace_period_resumes_and_leaving_costs_the_tournament(open_app):
    page = open_app(
        "#/wordle?mode=tournament&seed=8&speed=2", viewport={"width": 390, "height": 844}
    )
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.screenshot(path=f"{SHOTS}/phone-lobby.png", full_page=True)
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-intro")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/phone-intro.png", full_page=True)
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=10_000)
    page.screenshot(path=f"{SHOTS}/phone-duel.png", full_page=True)
    before = saved(page)
    assert before.round_number == 1

    # Rule "coming back within 60 seconds resumes it where it stands".
    page.reload()
    wait_ready(page)
    expect(page.locator(".wt-game")).to_be_visible(timeout=30_000)
    after = saved(page)
    me = after.players[0]
    assert me["placement"] is None and me["left"] is None and me["lost_at"] is None
    assert after.round_number >= 1
    kinds = [e["type"] for e in after.log]
    assert "disconnected" in kinds and "reconnected" in kinds
    expect(page.locator(".wt-side .wt-player")).to_have_count(8)

    # Rule "Leaving after the start counts as an automatic loss: you lose the
    # current duel, you are eliminated".
    page.locator("button[data-action='wt-leave']").click()
    expect(page.locator(".wt-confirm")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/phone-leave.png", full_page=True)
    page.locator("button[data-action='wt-leave-yes']").click()
    out = page.locator(".wt-out")
    expect(out).to_be_visible()
    gone = saved(page).players[0]
    assert gone["left"] == "left" and gone["lives"] == 0
    expect(out).to_contain_text(f"Placement {gone['placement']} of 8")
    assert gone["rating_change"] < 0  # leaving costs it, though a known seed keeps it (9.8)
    expect(out.locator(".wt-rating-change")).to_have_text("Not counted: your rating stays 1000.")
    page.screenshot(path=f"{SHOTS}/phone-out.png", full_page=True)
    page.locator("button[data-action='wt-finish']").click()
    expect(page.locator(".wt-end .wt-standings tbody tr")).to_have_count(8, timeout=30_000)
    expect(page.locator(".wt-end tr[data-player='0'] .wt-note")).to_have_text(
        ["not counted", "left"]
    )
    page.screenshot(path=f"{SHOTS}/phone-end.png", full_page=True)


def test_a_tournament_the_old_page_saved_is_moved_once_at_start_up_and_goes_on(open_app):
    """Players saved their tournament under the old one-device page's record; the app moves
    it to the one game view's save as it starts (app.wordle.tournament_move), and it goes on
    with its seat, its clock and its words."""
    page = open_app("#/")
    t = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}], 8)
    t0 = int(page.evaluate("Date.now()"))
    t.start(t0)
    meta = {"t0": t0, "speed": 1, "group": False, "recorded": [], "seed": 8, "known": True}
    old = {"v": 1, "rev": 3, "data": {"state": t.to_json(), "meta": meta}}
    page.evaluate("(r) => localStorage.setItem('gemau:wordle-tournament', r)", json.dumps(old))
    page.goto(page.url.split("#")[0] + "#/wordle?mode=tournament")
    page.reload()
    wait_ready(page)
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=30_000)
    assert page.evaluate("localStorage.getItem('gemau:wordle-tournament')") is None
    moved = saved(page)
    assert [p["name"] for p in moved.players] == [p["name"] for p in t.players]
    words = [m["duel"].word for m in t.current["matches"]]
    assert [m["duel"].word for m in moved.current["matches"]] == words  # (its own words)
    expect(page.locator(".wt-side .wt-player")).to_have_count(8)


def test_a_group_on_one_device(open_app, site_url):
    page = open_app(
        "#/wordle?mode=tournament&seed=4&speed=4", viewport={"width": 1200, "height": 900}
    )
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.locator("button[data-action='wt-group-open']").click()
    group = page.locator(".wt-group")
    expect(group).to_be_visible()
    leader = group.locator(".wt-member .wt-name").first.inner_text()
    page.locator("#wt-member").fill("Ana")
    page.locator("button[data-action='wt-add']").click()
    expect(group.locator(".wt-member")).to_have_count(2)
    page.locator("#wt-member").fill("ana")
    page.locator("#wt-member").press("Enter")
    expect(page.locator(".wd-message.wd-error")).to_contain_text("already in the group")
    invite = page.locator(".wt-invite-link").get_attribute("href")
    assert invite.startswith("#/wordle?mode=tournament&group=")
    page.screenshot(path=f"{SHOTS}/group.png", full_page=True)

    page.locator("button[data-action='wt-group-lobby']").click()
    expect(page.locator(".wt-lobby-players tr.wt-human")).to_have_count(2)
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=15_000)
    t = saved(page)
    match = my_duel(t)
    assert sorted(match["players"]) == [0, 1]
    duel = match["duel"]
    first = t.players[match["players"][duel.first]]["name"]
    second = t.players[match["players"][1 - duel.first]]["name"]
    # Two humans on one screen: the board says whose turn it is; both type on one keyboard.
    # A nickname in a sentence is between Unicode isolates (FSI ... PDI).
    expect(page.locator(".wt-duel .wd-whose.wd-you")).to_have_text(f"{isolated(first)}: your turn")
    wrong = next(w for w in WORDS.guess_lists[duel.length] if w != duel.word)
    type_word(page, WORDS.tiles(wrong))
    expect(page.locator(".wt-duel .wd-whose.wd-you")).to_have_text(f"{isolated(second)}: your turn")
    page.screenshot(path=f"{SHOTS}/group-duel.png", full_page=True)
    type_word(page, WORDS.tiles(duel.word), on_screen=False)
    expect(page.locator(".wt-duel .wd-status")).to_contain_text(
        f"{isolated(second)} solved it first"
    )
    winner_lives = 3
    expect(
        page.locator(
            f".wt-side .wt-player[data-player='{match['players'][1 - duel.first]}'] .wt-life:not(.wt-life-lost)"
        )
    ).to_have_count(winner_lives)

    # The group leaves; after the tournament everyone returns to the group screen.
    page.locator("button[data-action='wt-leave']").click()
    page.locator("button[data-action='wt-leave-yes']").click()
    expect(page.locator(".wt-out")).to_contain_text("The whole group is out")
    page.locator("button[data-action='wt-finish']").click()
    expect(page.locator(".wt-end .wt-standings tbody tr")).to_have_count(8, timeout=30_000)
    page.locator(".wt-end button[data-action='wt-back-to-group']").click()
    expect(page.locator(".wt-group .wt-member")).to_have_count(2)

    # The invite link reopens the group, in a fresh browser too.
    other = open_app(invite)
    expect(other.locator(".wt-group .wt-member .wt-name")).to_have_text([leader, "Ana"])


def test_a_group_on_one_device_shares_one_keyboard_and_one_clock(open_app, context):
    """docs/rules/wordle-tournament.md 11.4. Seed 1 with three people: the leader's duel
    and Ana's (against Bo) both wait for a person at the start. The leader's has the
    keyboard and its clock runs; Ana's is held at 30 s until the leader's turn ends."""
    ctx = context(viewport={"width": 1200, "height": 900})
    ctx.clock.install()  # the page's clock, which the test drives while Ana's is held
    page = open_app("#/wordle?mode=tournament&seed=1&speed=2", ctx=ctx)
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.locator("button[data-action='wt-group-open']").click()
    leader = page.locator(".wt-group .wt-member .wt-name").first.inner_text()
    for name in ("Ana", "Bo"):
        page.locator("#wt-member").fill(name)
        page.locator("button[data-action='wt-add']").click()
    expect(page.locator(".wt-group .wt-member")).to_have_count(3)
    page.locator("button[data-action='wt-group-lobby']").click()
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=15_000)
    t = saved(page)
    assert t.shared_keyboard
    held = [i for i, m in enumerate(t.current["matches"]) if m.get("held") is not None]
    leaders = t.current["matches"].index(my_duel(t, 0))
    anas = t.current["matches"].index(my_duel(t, 1))
    assert held == [anas] and t.current["keyboard"][0] == leaders
    expect(page.locator(".wt-duel .wd-whose.wd-you")).to_have_text(f"{isolated(leader)}: your turn")

    expect(page.locator(".wt-side")).to_contain_text(f"{isolated('Ana')} is next at the keyboard")
    page.locator(f".wt-tab[data-duel='{anas}']").click()
    status = page.locator(f".wt-watching[data-duel='{anas}'] .wd-status")
    expect(status.locator(".wd-whose")).to_have_text(f"{isolated('Ana')} is next at the keyboard")
    expect(status.locator(".wd-clock-slot")).to_contain_text("0:30")
    # 3 s of the tournament's time (1.5 s of the page's, driven): the leader's clock runs
    # down, Ana's has not moved.
    pause_clock(page)
    leaders_clock = page.locator(f".wt-waiting[data-waiting='{leaders}'] .wd-clock-slot")
    running = seconds(leaders_clock.inner_text())
    page.clock.run_for(1_500)
    expect(status.locator(".wd-clock-slot")).to_contain_text("0:30")
    assert seconds(leaders_clock.inner_text()) <= running - 2  # (ticks drawn 5 times a second)
    page.clock.resume()
    page.screenshot(path=f"{SHOTS}/group-held.png", full_page=True)

    # The leader's turn ends with a guess: the keyboard passes to Ana, with her whole 30 s.
    page.locator("button[data-action='wt-unwatch']").first.click()
    duel = my_duel(t, 0)["duel"]
    wrong = next(w for w in WORDS.guess_lists[duel.length] if w != duel.word)
    type_word(page, WORDS.tiles(wrong), on_screen=False)
    expect(page.locator(".wt-duel .wd-whose.wd-you")).to_have_text(
        f"{isolated('Ana')}: your turn", timeout=10_000
    )
    t = saved(page)
    assert t.current["keyboard"][0] == anas and my_duel(t, 1).get("held") is None


def test_a_notice_sits_above_the_tournament_never_over_its_keyboard(open_app):
    """On a phone a notice (here: started from its number) floated over the keyboard's
    rows until dismissed; it now takes its place above the tournament."""
    page = open_app(
        "#/wordle?mode=tournament&seed=1&speed=2", viewport={"width": 390, "height": 844}
    )
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=15_000)
    notice = page.locator(".notice").first
    expect(notice).to_contain_text("started from its number")
    below = notice.bounding_box()
    for part in ("h1", ".wd-keyboard"):
        top = page.locator(f".wordle-view {part}").first.bounding_box()["y"]
        assert top >= below["y"] + below["height"], part
    page.locator(".wd-key[data-key='q']").click()  # nothing covers the keys
    expect(page.locator(".wt-duel .wd-current .wd-typed")).to_have_count(1)


def test_a_crafted_invite_link_opens_the_lobby_not_a_fatal_error(open_app):
    """An invite of 5,000 '[' once overflowed the runtime's stack (issue: crafted links)."""
    page = open_app("#/wordle?mode=tournament&group=" + "%5B" * 5000)
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    assert page.evaluate("document.body.innerText").count("fatal") == 0
    page.locator("#nav-home").click()
    expect(page.locator(".game-card")).to_have_count(5)


def test_a_finished_tournament_replays_from_statistics_and_from_its_link(open_app, context):
    """docs/rules/wordle-tournament.md 14: one guess of ours, then we leave and the
    computers play it out; its replay opens from the final standings, from
    Statistics and, in a fresh browser, from its link, and steps back and forth."""
    ctx = context(viewport={"width": 1200, "height": 900})
    ctx.clock.install()  # the page's clock, stopped while we type our guess
    page = open_app("#/wordle?mode=tournament&seed=8&speed=10", ctx=ctx)
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    me = page.locator("#wt-name").input_value()
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=15_000)
    wait_until(page, "myTurn()", timeout=20_000)
    pause_clock(page)  # our turn (3 s of the page's time) cannot run out while we type
    duel = my_duel(saved(page))["duel"]
    wrong = next(w for w in WORDS.guess_lists[duel.length] if w != duel.word)
    type_word(page, WORDS.tiles(wrong), on_screen=False)
    # Our row played (the row being typed is ours too while it is our turn: not counted).
    played = page.locator(".wt-duel .wd-row.wd-you:not(.wd-skipped):not(.wd-current)")
    expect(played).to_have_count(1)
    page.clock.resume()
    page.locator("button[data-action='wt-leave']").click()
    page.locator("button[data-action='wt-leave-yes']").click()
    page.locator("button[data-action='wt-finish']").click()
    end = page.locator(".wt-end")
    expect(end).to_be_visible(timeout=60_000)
    offered = end.get_by_role("link", name="Replay this tournament").get_attribute("href")
    moves = record(saved(page))["moves"]
    mine = moves.index(next(m for m in moves if m.startswith("guess") and m.endswith(wrong)))

    page.get_by_role("link", name="Statistics").click()
    listed = page.locator("[data-recent='wordle-tournament'] a")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Replay the tournament of")
    link = listed.first.get_attribute("href")
    assert link == offered and link.startswith("#/replay/wordle?mode=tournament&r=")
    listed.first.click()
    expect(page.locator(".wt-replay")).to_be_visible(timeout=30_000)

    fresh = open_app(link, ctx=context(viewport={"width": 1200, "height": 900}))
    board = fresh.locator(".wt-replay")
    step = fresh.locator("[data-step]")
    expect(board).to_be_visible(timeout=30_000)
    expect(fresh.get_by_role("heading", name="Replay: Wordle Tournament")).to_be_visible()
    expect(step).to_contain_text(
        f"Before the first round: 8 players, 3 lives each ({len(moves)} steps)"
    )
    expect(board.locator(".wt-player")).to_have_count(8)
    expect(board.locator(".wt-pair")).to_have_count(0)
    fresh.locator("#replay-forward").click()
    expect(step).to_contain_text(f"Step 1 of {len(moves)}: Round 1 begins.")
    expect(board.locator(".wt-pair")).to_have_count(4)
    for _ in range(mine):
        fresh.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"{isolated(me)} played {wrong.upper()}.")
    expect(
        board.locator(".wt-duel .wd-row:not(.wd-future):not(.wd-current)").last
    ).to_have_attribute("aria-label", re.compile(f"{isolated(me)}: {wrong.upper()}"))
    fresh.screenshot(path=f"{SHOTS}/replay-guess.png", full_page=True)
    fresh.keyboard.press("End")
    expect(step).to_contain_text(f"Step {len(moves)} of {len(moves)}")
    expect(board.locator(".wt-end .wt-standings tbody tr")).to_have_count(8)
    expect(board.locator(".wt-standings .wt-name", has_text=me)).to_have_count(1)
    expect(board.locator(".wt-standings .wt-note").first).to_have_text("left")
    fresh.screenshot(path=f"{SHOTS}/replay-end.png", full_page=True)
    fresh.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"Step {len(moves) - 1} of {len(moves)}")
    expect(board.locator(".wt-end")).to_have_count(0)
    fresh.locator("#replay-first").click()
    expect(step).to_contain_text("Before the first round")


VISIBILITY = """(state) => {
    Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_apps_own_pages_do_not_cost_the_tournament(open_app, context):
    """The players' report: the Rules read for 65 s mid-tournament put the player out,
    8th. docs/rules/wordle-tournament.md 10.6: the app's other pages are not leaving;
    the tournament goes on behind them, with a bar and a link back. Hiding the tab
    is still a lost connection (10.4). At speed 20, 4 s of the page's clock (driven by
    the test) are 80 s of the tournament."""
    ctx = context(viewport={"width": 1200, "height": 900})
    ctx.clock.install()
    page = open_app("#/wordle?mode=tournament&seed=8&speed=20", ctx=ctx)
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=15_000)
    before = saved(page)

    page.locator(".wd-links").get_by_role("link", name="Rules").click()
    expect(page.locator("[data-page='rules']")).to_be_visible()
    bar = page.locator("#wt-away-bar")
    expect(bar.locator(".wt-away-what")).to_contain_text("Wordle Tournament, round")
    expect(bar.locator(".wd-clock")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/away-rules.png", full_page=False)
    pause_clock(page)
    page.clock.run_for(4_000)
    page.clock.resume()
    t = saved(page)
    me = t.players[0]
    assert me["placement"] is None and me["left"] is None and me["lost_at"] is None
    assert t.clock - before.clock >= 60_000  # it went on (and was saved) behind the rules
    assert any(e["type"] == "skip" and e["player"] == 0 for e in t.log)  # our turns ran out
    assert "disconnected" not in [e["type"] for e in t.log]

    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("[data-page='stats']")).to_be_visible()
    expect(bar).to_be_visible()
    # Hiding the tab behind another page is still a lost connection, and coming back
    # within 60 s resumes it.
    page.evaluate(VISIBILITY, "hidden")
    wait_until(page, "kept().players[0].lost_at !== null", timeout=5_000)
    assert saved(page).log[-1]["type"] == "disconnected"
    page.evaluate(VISIBILITY, "visible")
    wait_until(page, "kept().players[0].lost_at === null", timeout=5_000)
    assert "reconnected" in [e["type"] for e in saved(page).log]

    bar.get_by_role("link", name="Back to the tournament").click()
    expect(page.locator(".wt-game")).to_be_visible()
    expect(bar).to_have_count(0)
    expect(page.locator("button[data-action='wt-leave']")).to_be_visible()
    expect(page.locator(".wt-out")).to_have_count(0)
    me = saved(page).players[0]
    assert me["placement"] is None and me["left"] is None


def test_watching_another_duel_on_your_turn_shows_your_clock_and_a_way_back(open_app, context):
    """Issue 16: watching another duel during your turn let it run out without a
    prompt. The watched board now says it is your turn, with your clock running,
    and one click (or a letter typed) brings you back to your duel."""
    ctx = context()
    ctx.clock.install()  # the page's clock, driven while we watch
    page = open_app("#/wordle?mode=tournament&seed=8&speed=2", ctx=ctx)
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-game[data-phase='playing']")).to_be_visible(timeout=15_000)
    t = saved(page)
    mine = t.current["matches"].index(my_duel(t))
    other = next(i for i, m in enumerate(t.current["matches"]) if i != mine)
    wait_until(page, "myTurn()", timeout=30_000)  # our turn
    pause_clock(page)  # from now on the page's time moves only when the test moves it
    waiting = page.locator(f".wt-waiting[data-waiting='{mine}']")
    for back in ("click", "key"):
        page.locator(f"button[data-action='wt-watch'][data-duel='{other}']").click()
        expect(page.locator(".wt-watching")).to_be_visible()
        expect(waiting).to_contain_text("Your turn")
        clock = waiting.locator(".wd-clock")
        shown = clock.inner_text()
        page.clock.run_for(1_000)  # 2 s of the tournament's time: our clock runs while we watch
        assert seconds(clock.inner_text()) < seconds(shown)
        if back == "click":
            waiting.get_by_role("button", name="Back to your duel").click()
        else:
            page.keyboard.press("a")
        expect(page.locator(".wt-watching")).to_have_count(0)
        expect(
            page.locator(f".wt-duel[data-duel='{mine}'] .wd-key[data-key='enter']")
        ).to_be_enabled()
    expect(page.locator(".wd-current .wd-typed")).to_have_count(1)  # the letter typed
    page.clock.resume()
