"""Battleship played in the page as a person would: placement by clicks, shots,
the computer's replies, salvos, pass-and-play cover screens, reloads, statistics,
undo and redo, a full device, and a finished game's replay."""

import json
import os
import re

from app import saved_games
from app.computer_turns import PAUSE_MS
from app.midend import HUMAN, Midend, computer
from app.storage import MemoryBackend, Store
from e2e_support import pause_clock, wait_ready, wait_worker_reply, worker_moves
from games.battleship import new_game
from games.battleship.fleet import SHIP_IDS
from games.battleship.game import GAME as BATTLESHIP
from playwright.sync_api import expect

SHOTS = os.environ.get("BS_SHOTS")  # a folder: save screenshots there while developing


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=True)


def saved(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('gemau:saved:battleship')"))["data"]


def ocean(page, square):
    return page.locator(f"#bs-o-{square}")


def target(page, square):
    return page.locator(f"#bs-t-{square}")


def place_fleet_by_clicks(page):
    """Carrier across from A1, Battleship across from C1, Destroyer from E1,
    Submarine from G1, Patrol Boat from I1 (ships chosen in order by the page)."""
    for row in "ACEGI":
        ocean(page, f"{row}1").click()
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(5)


def ready_against_computer(page):
    place_fleet_by_clicks(page)
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()


def computer_fleet(page) -> dict:
    """Where the computer's ships are, read from the saved game (to plan clicks)."""
    state = saved(page)["state"]
    from games.battleship import State

    game = State.from_json(state)
    return {
        ship: next(s for s in game.view_for(1)["fleet"] if s["ship"] == ship)["squares"]
        for ship in SHIP_IDS
    }


def test_on_a_phone_a_shot_leaves_the_page_where_it_was_under_a_one_row_top_bar(open_app):
    """A phone 390 px wide, in Welsh (the longest labels): the top bar is one row; a tap on
    the target grid, the computer's reply and the redraws after them leave the page where
    it was. Focus went back to the grid by focus(), whose scrolling brought the whole grid
    into view and carried the title away whenever less of the grid showed."""
    welsh = json.dumps({"v": 1, "rev": 1, "data": {"language": "cy"}})
    page = open_app(
        "#/battleship?seed=11&mode=classic&opponent=hard",
        viewport={"width": 390, "height": 844},
        storage={"gemau:settings": welsh},
    )
    link = page.locator(".topnav a").first.bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert link and bar and bar["height"] < 2 * link["height"]  # one row
    ready_against_computer(page)
    notices = page.locator("[data-action='dismiss']")  # (over the grid's foot)
    while notices.count():
        notices.first.click()
    page.evaluate("scrollTo(0, 0)")
    first = target(page, "A1").bounding_box()
    assert first
    # Its first row shows and the rest of the grid does not; the tap by the mouse alone
    # (a locator's click would scroll by itself).
    page.set_viewport_size({"width": 390, "height": round(first["y"] + first["height"] + 8)})
    page.mouse.click(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    expect(target(page, "A1")).to_have_class(re.compile(r"\bcalled\b"))
    expect(page.locator("[data-phase='fire']")).to_be_visible()  # the computer replied
    assert page.evaluate("scrollY") == 0
    assert page.locator("#view h1").bounding_box()["y"] >= 0  # the title still in view


def test_place_by_taps_with_a_refusal_then_fire_miss_hit_and_sink(open_app):
    page = open_app("#/battleship?seed=11&mode=classic&opponent=hard")
    expect(page.locator("[data-phase='place']")).to_be_visible()
    shot(page, "placement-1000")
    # The Carrier across from A7 would hang off the grid: refused, with the reason.
    ocean(page, "A7").click()
    expect(page.locator("[data-message]")).to_contain_text("hang off the edge")
    # Rotate with the R key, then place down from A1.
    page.locator("#bs-ocean").focus()
    page.keyboard.press("r")
    expect(page.locator("#bs-rotate")).to_contain_text("down")
    ocean(page, "A3").click()
    expect(ocean(page, "E3")).to_have_class(re.compile(r"\bship\b"))
    # The Battleship across from B1 would cross the Carrier: refused (overlap).
    page.locator("#bs-rotate").click()
    expect(page.locator("#bs-rotate")).to_contain_text("across")
    ocean(page, "B1").click()
    expect(page.locator("[data-message]")).to_contain_text("Only one ship may occupy a square")
    for square in ("G1", "H1", "I1", "J1"):
        ocean(page, square).click()
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(5)
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    fleet = computer_fleet(page)
    occupied = {s for squares in fleet.values() for s in squares}
    water = next(f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in occupied)
    target(page, water).click()
    expect(page.locator("#announcer")).to_contain_text(f"{water} — miss")
    expect(target(page, water).locator(".peg.miss")).to_be_visible()
    # The computer answers after a short delay; then it is our turn again.
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(page.locator("[data-log] li")).to_have_count(2)
    patrol = fleet["patrol"]
    target(page, patrol[0]).click()
    expect(page.locator("#announcer")).to_contain_text(f"{patrol[0]} — hit, Patrol Boat")
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    target(page, patrol[1]).click()
    expect(page.locator("#announcer")).to_contain_text("You sank my Patrol Boat")
    shot(page, "battle-1000")


def drag(page, source, square, steps=8):
    """Press on `source` (a locator), move over the ocean square and let go, like a mouse would."""
    box = source.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    end = ocean(page, square).bounding_box()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=steps)
    page.mouse.up()


def test_drag_ships_from_the_dock_and_move_a_placed_one(open_app):
    """Rule [decided]: drag placement, with the same refusals as tapping."""
    # Tall enough to show the dock and the whole ocean at once.
    page = open_app(
        "#/battleship?seed=13&mode=classic&opponent=easy", viewport={"width": 1000, "height": 1200}
    )
    expect(page.locator("[data-phase='place']")).to_be_visible()
    # The Carrier, held by its first hole, dropped on B2: it lies across B2-B6.
    carrier = page.locator(".bs-ship-pick[data-ship='carrier'] .bs-hole").first
    drag(page, carrier, "B2")
    for square in ("B2", "B6"):
        expect(ocean(page, square)).to_have_class(re.compile(r"\bship\b"))
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(1)
    # The Battleship dropped across the Carrier: refused, with the reason, and not placed.
    drag(page, page.locator(".bs-ship-pick[data-ship='battleship'] .bs-hole").first, "B4")
    expect(page.locator("[data-message]")).to_contain_text("Only one ship may occupy a square")
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(1)
    # Held by its second hole and dropped on D9, the Battleship would hang off the edge.
    drag(page, page.locator(".bs-ship-pick[data-ship='battleship'] .bs-hole").nth(1), "D9")
    expect(page.locator("[data-message]")).to_contain_text("hang off the edge")
    drag(page, page.locator(".bs-ship-pick[data-ship='battleship'] .bs-hole").nth(1), "D3")
    for square in ("D2", "D5"):
        expect(ocean(page, square)).to_have_class(re.compile(r"\bship\b"))
    # The placed Carrier, grabbed by its middle (B4) and dropped on H5, moves to H3-H7.
    drag(page, ocean(page, "B4"), "H5")
    expect(ocean(page, "H3")).to_have_class(re.compile(r"\bship\b"))
    expect(ocean(page, "H7")).to_have_class(re.compile(r"\bship\b"))
    expect(ocean(page, "B2")).not_to_have_class(re.compile(r"\bship\b"))
    fleet = saved(page)["state"]
    assert fleet["fleets"][0]["carrier"] == ["H3", "h"], fleet["fleets"][0]
    assert fleet["fleets"][0]["battleship"] == ["D2", "h"]


def test_keyboard_fires_and_a_reload_resumes(open_app):
    page = open_app("#/battleship?seed=12&mode=classic&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    grid = page.locator("#bs-target")
    grid.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator("#announcer")).to_contain_text("B2 — ")
    expect(page.locator("[data-log] li")).to_have_count(2)
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(target(page, "B2").locator(".peg")).to_be_visible()
    expect(page.locator("[data-log] li")).to_have_count(2)
    # Calling the same square again is refused and does not use the turn.
    target(page, "B2").click() if target(page, "B2").get_attribute("data-action") else None
    expect(page.locator("[data-log] li")).to_have_count(2)


def fleet_squares(page, player: int) -> set:
    from games.battleship import State

    game = State.from_json(saved(page)["state"])
    return {s for ship in game.view_for(player)["fleet"] for s in ship["squares"]}


def test_a_salvo_calls_one_square_per_ship_afloat(open_app):
    page = open_app("#/battleship?seed=21&mode=salvo&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-status]")).to_contain_text("choose 5 squares")
    squares = ["A1", "B2", "C3", "D4", "E5"]
    for square in squares[:4]:
        target(page, square).click()
    expect(page.locator("#bs-fire")).to_be_disabled()
    target(page, squares[4]).click()
    expect(page.locator("#bs-fire")).to_be_enabled()
    expect(page.locator("#bs-fire")).to_contain_text("5 of 5")
    target(page, "F6").click()  # a sixth square: refused, the salvo is full
    expect(page.locator("[data-message]")).to_contain_text("Your salvo is full")
    shot(page, "salvo-chosen-1000")
    page.locator("#bs-fire").click()
    first = page.locator("[data-log] li").last
    expect(first).to_contain_text("You:")
    for square in squares:
        expect(first).to_contain_text(square)
        expect(target(page, square).locator(".peg")).to_be_visible()
    # The computer's salvo comes back with five shots too, then it is our turn.
    expect(page.locator("[data-log] li")).to_have_count(2)
    expect(page.locator("[data-phase='fire']")).to_be_visible()


def test_advanced_salvo_tells_only_how_many_hit(open_app):
    page = open_app("#/battleship?seed=22&mode=advanced_salvo&opponent=medium")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    occupied = fleet_squares(page, 1)
    picked = (
        sorted(occupied)[:2]
        + [s for s in ("A1", "A2", "A3", "A4", "A5", "A6") if s not in occupied][:3]
    )
    hits = sum(s in occupied for s in picked)
    for square in picked:
        target(page, square).click()
    page.locator("#bs-fire").click()
    expect(page.locator(".bs-salvo-item")).to_have_count(1)
    expect(page.locator(".bs-salvo-item")).to_contain_text(f"Salvo 1: {hits} of 5 hit")
    expect(page.locator("#announcer")).to_contain_text(f"{hits} of 5 hit")
    # No per-square result: the squares carry the salvo's number, not hit or miss pegs.
    expect(page.locator("#bs-target .peg.hit")).to_have_count(0)
    expect(target(page, picked[0]).locator(".salvo-no")).to_have_text("1")
    # The computer's salvo lands on our ocean with per-shot results (we own those ships).
    expect(page.locator("[data-log] li")).to_have_count(2)
    expect(page.locator("#bs-ocean .peg")).to_have_count(5)
    page.locator(".bs-salvo-item").click()
    expect(target(page, picked[0])).to_have_class(re.compile(r"\bfocus\b"))
    shot(page, "advanced-1000")


def test_pass_and_play_covers_the_screen_between_turns(open_app):
    page = open_app("#/battleship?seed=23&mode=classic&opponent=human")
    cover = page.locator("[data-cover]")
    expect(cover).to_contain_text("Red")
    expect(page.locator(".bs-grid")).to_have_count(0)
    shot(page, "cover-1000")
    page.locator("#bs-reveal").click()
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='pass']")).to_be_visible()
    expect(page.locator("[data-message]")).to_have_text("Red is ready.")
    assert focused(page)[0] == "bs-hide"  # where play goes on, not the page's body
    page.locator("#bs-hide").click()
    expect(cover).to_contain_text("Blue")
    expect(page.locator(".bs-grid")).to_have_count(0)
    page.locator("#bs-reveal").click()
    expect(page.locator("[data-phase='place']")).to_be_visible()
    expect(page.locator("#bs-ocean .ship")).to_have_count(0)  # Blue does not see Red's fleet
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    page.locator("#bs-hide").click()
    expect(cover).to_contain_text("Red")
    page.locator("#bs-reveal").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    target(page, "J10").click()
    expect(page.locator("#announcer")).to_contain_text("J10 — ")
    expect(page.locator("[data-phase='pass']")).to_be_visible()
    assert focused(page)[0] == "bs-hide"
    page.locator("#bs-hide").click()
    expect(cover).to_contain_text("Blue")
    page.locator("#bs-reveal").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(ocean(page, "J10").locator(".peg")).to_be_visible()  # Red's shot at Blue's ocean
    expect(ocean(page, "J10")).to_have_class(re.compile(r"\blatest\b"))


def near_won_game():
    """Red has hit all of Blue's fleet but one square, and it is Red's turn."""
    state = new_game({"mode": "classic"}, 31)
    for player in (0, 1):
        state.apply({"type": "random_fleet", "player": player})
        state.apply({"type": "ready", "player": player})
    blue = sorted(s for ship in state.view_for(1)["fleet"] for s in ship["squares"])
    red = {s for ship in state.view_for(0)["fleet"] for s in ship["squares"]}
    water = [f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in red]
    for mine, theirs in zip(blue[:-1], water):
        state.apply({"type": "fire", "squares": [mine]})
        state.apply({"type": "fire", "squares": [theirs]})
    return state, blue[-1]


def test_a_won_game_is_recorded_in_the_statistics(open_app):
    page = open_app("#/")
    state, last = near_won_game()
    record = {
        "v": 1,
        "rev": 1,
        "data": {
            "state": state.to_json(),
            "meta": {"seed": 31, "opponent": "hard", "recorded": False, "clock_ms": 0},
        },
    }
    page.evaluate(
        "(record) => localStorage.setItem('gemau:saved:battleship', record)", json.dumps(record)
    )
    page.evaluate("location.hash = '#/battleship'")
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    target(page, last).click()
    expect(page.locator("#bs-over")).to_be_visible()
    expect(page.locator("#bs-over")).to_contain_text("You win!")
    expect(page.locator("#announcer")).to_contain_text("You win")
    shot(page, "won-1000")
    page.locator("[data-action='close-over']").click()
    page.evaluate("location.hash = '#/stats'")
    stats = page.locator("[data-stats='battleship']")
    expect(stats).to_contain_text("Classic")
    expect(stats.locator(".stat-grid dd").nth(1)).to_have_text("1")  # won
    saved_stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:battleship')"))[
        "data"
    ]
    assert saved_stats["classic"]["won"] == 1
    assert saved_stats["classic"]["last"]["shots"] == 17
    # Back at the game, the finished game is not counted twice.
    page.evaluate("location.hash = '#/battleship'")
    expect(page.locator("[data-phase='over']")).to_be_visible()
    page.reload()
    wait_ready(page)
    saved_stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:battleship')"))[
        "data"
    ]
    assert saved_stats["classic"]["played"] == 1


# --- on the midend: undo and redo, a full device, replays ------------------------------------------
ALL_SQUARES = [f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11)]


AGAINST_EASY = (HUMAN, computer("easy"))


def near_won_on_the_midend(seed=31, seats=AGAINST_EASY):
    """A game against the computer (easy: or between `seats`) saved as the midend
    writes it, played from its start: Red has hit all of Blue's fleet but one square
    and it is Red's turn. The record, that last square, a square of water Red has
    not called, and the midend (its state and moves)."""
    store = Store(MemoryBackend())
    saved_games.register(store, ["battleship"])
    midend = Midend(store, BATTLESHIP, lambda: 0.0)
    midend.start({"mode": "classic"}, seed, list(seats))
    for player in (0, 1):
        midend.play({"type": "random_fleet", "player": player})
        midend.play({"type": "ready", "player": player})
    state = midend.state
    blue = sorted(s for ship in state.view_for(1)["fleet"] for s in ship["squares"])
    red = {s for ship in state.view_for(0)["fleet"] for s in ship["squares"]}
    water = [s for s in ALL_SQUARES if s not in red]
    for mine, theirs in zip(blue[:-1], water):
        midend.play({"type": "fire", "squares": [mine]})
        midend.play({"type": "fire", "squares": [theirs]})
    assert midend.save()
    miss = next(s for s in ALL_SQUARES if s not in blue)
    return store.backend.items["gemau:saved:battleship"], blue[-1], miss, midend


def open_saved(open_app, record, ctx=None):
    page = open_app(ctx=ctx)
    page.evaluate("(r) => localStorage.setItem('gemau:saved:battleship', r)", record)
    page.evaluate("location.hash = '#/battleship'")
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    return page


def battleship_stats(page):
    raw = page.evaluate("localStorage.getItem('gemau:stats:battleship')")
    return json.loads(raw)["data"] if raw else {}


def test_undo_by_button_takes_back_the_shot_and_the_reply_and_the_game_is_not_counted(open_app):
    record, last, miss, _ = near_won_on_the_midend()
    page = open_saved(open_app, record)
    log = page.locator("[data-log] li")
    undo, redo = page.locator("#bs-undo"), page.locator("#bs-redo")
    expect(log).to_have_count(32)
    expect(redo).to_be_disabled()
    target(page, miss).click()
    expect(log).to_have_count(34)  # the computer answered
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(page.locator("#bs-ocean .peg")).to_have_count(17)
    undo.click()
    expect(log).to_have_count(32)  # our shot and its reply are gone
    expect(target(page, miss).locator(".peg")).to_have_count(0)
    expect(page.locator("#bs-ocean .peg")).to_have_count(16)
    notice = page.locator(".notice", has_text="will not count in your statistics")
    expect(notice).to_have_count(1)
    shot(page, "undone-1000")
    redo.click()
    expect(log).to_have_count(34)
    expect(target(page, miss).locator(".peg.miss")).to_be_visible()
    expect(page.locator("#bs-ocean .peg")).to_have_count(17)
    expect(redo).to_be_disabled()
    undo.click()
    expect(log).to_have_count(32)
    expect(notice).to_have_count(1)  # said once
    target(page, last).click()
    expect(page.locator("#bs-over")).to_be_visible()
    expect(page.locator("#bs-over")).to_contain_text("You win!")
    page.locator("[data-action='close-over']").click()
    expect(undo).to_be_disabled()  # no undo once it is over
    assert battleship_stats(page).get("classic", {}).get("played", 0) == 0
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-phase='over']")).to_be_visible()
    assert battleship_stats(page).get("classic", {}).get("played", 0) == 0


def test_ctrl_z_undoes_placing_and_shooting_and_cancels_the_computers_pending_reply(
    open_app, context
):
    ctx = context()
    ctx.clock.install()
    page = open_app("#/battleship?seed=41&mode=classic&opponent=easy", ctx=ctx)
    expect(page.locator("[data-phase='place']")).to_be_visible()
    ocean(page, "A1").click()
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(1)
    page.keyboard.press("Control+z")  # a placement step taken back
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(0)
    expect(page.locator("#bs-ocean .ship")).to_have_count(0)
    page.keyboard.press("Control+y")
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(1)
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    log = page.locator("[data-log] li")
    target(page, "A1").click()
    expect(log).to_have_count(2)
    page.keyboard.press("Control+z")
    expect(log).to_have_count(0)
    expect(target(page, "A1").locator(".peg")).to_have_count(0)
    expect(page.locator("#announcer")).to_contain_text("Taken back")
    page.keyboard.press("Control+Shift+z")
    expect(log).to_have_count(2)
    expect(target(page, "A1").locator(".peg")).to_be_visible()
    # Shot and taken back at once, during the computer's pause: its reply never comes,
    # neither when the pause ends (the page's clock driven past it) nor from the worker.
    pause_clock(page)
    worker_before = worker_moves(page)
    page.evaluate("""() => {
        document.querySelector('#bs-t-B1').click();
        document.body.dispatchEvent(
            new KeyboardEvent('keydown', {key: 'z', ctrlKey: true, bubbles: true}));
    }""")
    expect(log).to_have_count(2)
    expect(target(page, "B1").locator(".peg")).to_have_count(0)
    wait_worker_reply(page, worker_before)  # (if it was asked) and was not played
    page.clock.run_for(PAUSE_MS + 100)
    expect(log).to_have_count(2)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    page.clock.resume()
    frame = saved(page)["meta"]["frame"]
    assert frame["ranked"] is False and frame["seats"] == ["human", "computer:easy"]
    assert frame["moves"][-2] == [0, "fire A1"] and frame["moves"][-1][0] == 1
    assert frame["undone"] == [[0, "fire B1"]]
    page.reload()  # undo survives a reload
    wait_ready(page)
    expect(log).to_have_count(2)
    page.keyboard.press("Control+z")
    expect(log).to_have_count(0)


def test_a_full_device_still_ends_the_game_with_its_window_and_says_so(open_app, context):
    record, last, miss, _ = near_won_on_the_midend()
    page = open_saved(open_app, record, ctx=context())
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    target(page, miss).click()
    expect(page.locator("[data-log] li")).to_have_count(34)  # the computer plays on
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    target(page, last).click()
    expect(page.locator("#bs-over")).to_be_visible()
    expect(page.locator("#bs-over")).to_contain_text("You win!")
    expect(page.locator(".notice").first).to_contain_text("full")


def test_a_finished_games_replay_opens_in_a_fresh_browser_and_steps(open_app, context):
    record, last, _, midend = near_won_on_the_midend()
    moves = len(midend.moves) + 1
    state = midend.state.copy()
    state.apply({"type": "fire", "squares": [last]})
    blue_fleet = state.view_for(1)["fleet"]
    final_ship = next(ship for ship in blue_fleet if last in ship["squares"])
    page = open_saved(open_app, record)
    target(page, last).click()
    expect(page.locator("#bs-over")).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("link", name="Statistics").click()
    recent = page.locator("[data-recent='battleship'] a")
    expect(recent).to_have_count(1)
    link = recent.first.get_attribute("href")

    fresh = open_app(link, ctx=context())
    expect(fresh.get_by_role("heading", name="Replay: Battleship")).to_be_visible()
    step = fresh.locator("[data-step]")
    expect(step).to_contain_text(f"({moves} moves)")
    board = fresh.locator(".replay-board")
    expect(board.locator("[data-replay-ocean]")).to_have_count(2)
    expect(board.locator(".bs-cell.ship")).to_have_count(0)  # nothing placed yet
    fresh.locator("#replay-forward").click()
    expect(step).to_contain_text(f"Move 1 of {moves}")
    expect(board.locator("[data-replay-ocean='0'] .bs-cell.ship")).to_have_count(17)
    fresh.keyboard.press("End")
    expect(step).to_contain_text(f"Move {moves} of {moves}")
    blue = board.locator("[data-replay-ocean='1']")
    expect(blue.locator(".bs-cell.ship")).to_have_count(17)  # both fleets shown
    expect(blue.locator(".bs-cell.sunk")).to_have_count(17)
    expect(blue.locator(".peg.hit")).to_have_count(17)
    expect(board.locator("[data-replay-ocean='0'] .peg.miss")).to_have_count(16)
    expect(board).to_contain_text("Red wins")
    shot(fresh, "replay-end-1000")
    fresh.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"Move {moves - 1} of {moves}")
    expect(blue.locator(".bs-cell.sunk")).to_have_count(17 - len(final_ship["squares"]))
    expect(blue.locator(".peg.hit")).to_have_count(16)
    fresh.locator("#replay-first").click()
    expect(step).to_contain_text("The start of the game")


def test_undo_takes_back_a_whole_salvo_with_its_aimed_squares(open_app):
    page = open_app("#/battleship?seed=43&mode=salvo&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    squares = ["A1", "B2", "C3", "D4", "E5"]
    for square in squares[:2]:
        target(page, square).click()
    page.keyboard.press("Control+z")  # the squares aimed so far, not one by one
    expect(page.locator("[data-status]")).to_contain_text("(0 chosen)")
    for square in squares:
        target(page, square).click()
    page.locator("#bs-fire").click()
    log = page.locator("[data-log] li")
    expect(log).to_have_count(2)
    page.locator("#bs-undo").click()
    expect(log).to_have_count(0)
    expect(page.locator("#bs-target .peg")).to_have_count(0)
    expect(page.locator("#bs-target .chosen")).to_have_count(0)
    expect(page.locator("[data-status]")).to_contain_text("(0 chosen)")
    page.locator("#bs-redo").click()
    expect(log).to_have_count(2)
    for square in squares:
        expect(target(page, square).locator(".peg")).to_be_visible()
    expect(page.locator("[data-phase='fire']")).to_be_visible()


def test_of_two_people_each_takes_back_only_their_own_moves(open_app):
    page = open_app("#/")
    prefs = {"v": 1, "rev": 1, "data": {"mode": "classic", "opponent": "human"}}
    page.evaluate("(p) => localStorage.setItem('gemau:prefs:battleship', p)", json.dumps(prefs))
    page.evaluate("location.hash = '#/battleship'")
    undo = page.locator("#bs-undo")
    for _ in (0, 1):  # Red, then Blue: a random fleet, ready, hide
        page.locator("#bs-reveal").click()
        page.locator("[data-action='random-fleet']").click()
        page.locator("#bs-ready").click()
        page.locator("#bs-hide").click()
    expect(undo).to_be_disabled()  # under the cover
    page.locator("#bs-reveal").click()
    target(page, "J10").click()
    expect(page.locator("[data-phase='pass']")).to_be_visible()
    undo.click()  # Red takes the shot back before passing the device
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(target(page, "J10").locator(".peg")).to_have_count(0)
    target(page, "J9").click()
    page.locator("#bs-hide").click()
    page.locator("#bs-reveal").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(undo).to_be_disabled()  # Blue may not take back Red's shot
    page.keyboard.press("Control+z")
    expect(page.locator("[data-message]")).to_contain_text("no move of yours to take back")
    expect(ocean(page, "J9").locator(".peg")).to_be_visible()
    assert saved(page)["meta"]["frame"]["ranked"] is True


def test_the_address_never_gives_a_fleet_away_and_a_known_game_never_counts(open_app, context):
    """docs/rules/README.md, Fairness: a game's seed is not in the address until
    it is over; a game opened from a finished game's address is the same game
    (its fleets could be known), played but never counted."""
    page = open_app("#/battleship")
    assert "seed=" not in page.evaluate("location.hash")
    record, last, _, _ = near_won_on_the_midend()
    page = open_saved(open_app, record)
    assert "seed=" not in page.evaluate("location.hash")
    target(page, last).click()
    expect(page.locator("#bs-over")).to_be_visible()
    address = page.evaluate("location.hash")
    assert "seed=31" in address and "opponent=easy" in address
    assert battleship_stats(page)["classic"]["won"] == 1

    again = open_app(address, ctx=context())
    expect(again.locator(".notice", has_text="started from its number")).to_have_count(1)
    ready_against_computer(again)
    for ship in computer_fleet(again).values():
        for square in ship:
            target(again, square).click()
            expect(again.locator("[data-phase='fire'], [data-phase='over']")).to_be_visible()
    expect(again.locator("#bs-over")).to_contain_text("You win!")
    assert battleship_stats(again).get("classic", {}).get("played", 0) == 0
    assert (
        "classic"
        not in json.loads(
            again.evaluate("localStorage.getItem('gemau:rankings:battleship') || '{\"data\": {}}'")
        )["data"]
    )


# --- the players' report (issue 16) ----------------------------------------------------------------
def focused(page) -> tuple:
    """The id of the element with the keyboard focus, and the cell it points at."""
    return tuple(
        page.evaluate(
            "() => [document.activeElement.id,"
            " document.activeElement.getAttribute('aria-activedescendant')]"
        )
    )


def test_focus_stays_on_the_target_after_ready_and_after_each_computer_reply(open_app):
    """Not dropped to the page's body: after Ready the target grid has the keyboard,
    and after each shot, through the computer's reply, it keeps it on the square
    the player was on, so the next shot is one key away."""
    page = open_app("#/battleship?seed=12&mode=classic&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    assert focused(page) == ("bs-target", "bs-t-A1")
    expect(page.locator("[data-message]")).to_have_text("You are ready.")
    log = page.locator("[data-log] li")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # B2
    expect(log).to_have_count(2)  # the computer has answered
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    assert focused(page) == ("bs-target", "bs-t-B2")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # B3, with no Tab in between
    expect(log).to_have_count(4)
    assert focused(page) == ("bs-target", "bs-t-B3")
    target(page, "E5").click()  # by mouse too
    expect(log).to_have_count(6)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    assert focused(page) == ("bs-target", "bs-t-E5")


def test_a_click_on_a_called_square_is_refused_with_the_same_message_as_a_key(open_app, context):
    """docs/rules/battleship.md 5.4 and 7.4, by mouse as by keyboard."""
    ctx = context()
    ctx.clock.install()
    page = open_app("#/battleship?seed=12&mode=classic&opponent=easy", ctx=ctx)
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    log = page.locator("[data-log] li")
    target(page, "D4").click()
    expect(log).to_have_count(2)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    moves = len(saved(page)["meta"]["frame"]["moves"])
    pause_clock(page)
    target(page, "D4").click()
    message = page.locator("[data-message]")
    expect(message).to_have_text("You have already called D4: choose another square.")
    expect(message).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#announcer")).to_have_text(
        "You have already called D4: choose another square."
    )
    # The turn is not used up: still ours, nothing played, and no reply once the
    # computer's pause would be over (the page's clock driven past it).
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    assert len(saved(page)["meta"]["frame"]["moves"]) == moves
    page.clock.run_for(PAUSE_MS + 100)
    expect(log).to_have_count(2)
    page.clock.resume()
    target(page, "A1").click()
    expect(log).to_have_count(4)
    page.keyboard.press("Enter")  # the grid kept the keyboard, its cursor on A1
    expect(message).to_have_text("You have already called A1: choose another square.")
    # In a salvo, a square called on an earlier turn cannot be chosen.
    salvo = first_salvo_answered(open_app)
    target(salvo, "C3").click()
    expect(salvo.locator("[data-message]")).to_have_text(
        "You have already called C3: choose another square."
    )
    expect(salvo.locator("#bs-target .chosen")).to_have_count(0)


def choose_in_new_game(page, *labels):
    page.locator("[data-action='new']").first.click()
    dialog = page.locator("#bs-setup")
    expect(dialog).to_be_visible()
    for label in labels:
        dialog.get_by_label(label).check()
    page.locator("#bs-start").click()
    expect(dialog).to_have_count(0)


def test_playing_blue_the_computer_shoots_first(open_app):
    """docs/rules/battleship.md 4.2: against the computer the person may play Blue;
    Red, the computer, places first and shoots first. The choice is remembered,
    kept in a finished game's address and through a reload."""
    page = open_app("#/battleship")
    choose_in_new_game(page, "Computer, medium", "Blue: the computer shoots first")
    expect(page.locator("[data-phase='place']")).to_be_visible()
    expect(page.locator(".bs-sub")).to_contain_text("you play Blue")
    assert "side=blue" in page.evaluate("location.hash")
    state = saved(page)["state"]
    assert state["ready"] == [True, False]  # the computer's fleet is Red's, placed at once
    assert saved(page)["meta"]["frame"]["seats"] == ["computer:medium", "human"]
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    log = page.locator("[data-log] li")
    expect(log).to_have_count(1)  # Red fired first
    expect(log.first).to_contain_text("Computer:")
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    assert focused(page)[0] == "bs-target"
    expect(page.locator("#bs-ocean .peg")).to_have_count(1)
    expect(page.locator("#bs-ocean .latest")).to_have_count(1)
    target(page, "J10").click()
    expect(log).to_have_count(3)
    expect(log.nth(1)).to_contain_text("You: J10")
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    expect(page.locator(".bs-sub")).to_contain_text("you play Blue")
    expect(log).to_have_count(3)
    page.locator("[data-action='new']").first.click()
    expect(
        page.locator("#bs-setup").get_by_label("Blue: the computer shoots first")
    ).to_be_checked()


def test_ready_is_said_in_words_of_its_own_for_each_person_in_welsh(open_app):
    page = open_app("#/battleship?seed=12&mode=classic&opponent=easy", locale="cy-GB")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-message]")).to_have_text("Rydych chi'n barod.")
    humans = open_app("#/battleship?seed=23&mode=classic&opponent=human", locale="cy-GB")
    humans.locator("#bs-reveal").click()
    humans.locator("[data-action='random-fleet']").click()
    humans.locator("#bs-ready").click()
    expect(humans.locator("[data-message]")).to_have_text("Mae Coch yn barod.")


def near_lost_on_the_midend(seed=51):
    """Against the hard computer: Blue (the computer) has hit every square of Red's
    fleet but the Patrol Boat's second, and Red has called only water; Red's turn.
    The record and Blue's fleet squares."""
    store = Store(MemoryBackend())
    saved_games.register(store, ["battleship"])
    midend = Midend(store, BATTLESHIP, lambda: 0.0)
    midend.start({"mode": "classic"}, seed, [HUMAN, computer("hard")])
    for player in (0, 1):
        midend.play({"type": "random_fleet", "player": player})
        midend.play({"type": "ready", "player": player})
    state = midend.state
    fleet = {ship["ship"]: ship["squares"] for ship in state.view_for(0)["fleet"]}
    left = fleet["patrol"][1]
    red = sorted(s for squares in fleet.values() for s in squares if s != left)
    blue = {s for ship in state.view_for(1)["fleet"] for s in ship["squares"]}
    water = [s for s in ALL_SQUARES if s not in blue]
    for mine, theirs in zip(water, red):
        midend.play({"type": "fire", "squares": [mine]})
        midend.play({"type": "fire", "squares": [theirs]})
    assert midend.save()
    return store.backend.items["gemau:saved:battleship"], blue


def over_table(page) -> dict:
    rows = page.locator("#bs-over [data-figures] tr")
    found = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("th, td").all_inner_texts()
        found[cells[0]] = cells[1:]
    return found


def test_the_losers_window_shows_their_own_figures_and_the_computers(open_app):
    record, blue = near_lost_on_the_midend()
    page = open_saved(open_app, record)
    called = set()
    for _ in range(12):
        if page.locator("[data-phase='over']").count():
            break
        square = next(
            s
            for s in ALL_SQUARES
            if s not in blue and s not in called and target(page, s).locator(".peg").count() == 0
        )
        called.add(square)
        count = page.locator("[data-log] li").count()
        target(page, square).click()
        expect(page.locator("[data-log] li")).to_have_count(count + 2)
    over = page.locator("#bs-over")
    expect(over).to_be_visible()
    expect(over.locator("h2")).to_have_text("The computer wins")
    from games.battleship import State

    final = State.from_json(saved(page)["state"])
    assert final.winner == 1
    shots = final.result["shots"]
    hits_by = [sum(r["hits"] for r in final.turns if r["player"] == p) for p in (0, 1)]
    assert hits_by == [0, 17]
    assert over_table(page) == {
        "": ["You", "Computer"],
        "Shots": [str(shots[0]), str(shots[1])],
        "Hits": ["0", "17"],
        "Accuracy": ["0%", f"{round(100 * 17 / shots[1])}%"],
        "Ships sunk": ["0", "5"],
    }
    expect(over).to_contain_text(f"Turns played (both sides): {final.result['turns']}")
    shot(page, "lost-1000")
    assert battleship_stats(page)["classic"]["played"] == 1
    assert battleship_stats(page)["classic"]["won"] == 0
    assert battleship_stats(page)["classic"]["last"]["shots"] == shots[0]


def first_salvo_answered(open_app):
    """A Salvo game against the easy computer: our first salvo fired, A1 to E5, and answered."""
    page = open_app("#/battleship?seed=21&mode=salvo&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    for square in ("A1", "B2", "C3", "D4", "E5"):
        target(page, square).click()
    page.locator("#bs-fire").click()
    expect(page.locator("[data-log] li")).to_have_count(2)
    return page


def test_the_computers_latest_shot_is_marked_on_your_ocean_and_said(open_app):
    page = first_salvo_answered(open_app)
    log = page.locator("[data-log] li")
    from games.battleship import State

    theirs = [s["square"] for s in State.from_json(saved(page)["state"]).turns[-1]["shots"]]
    latest = page.locator("#bs-ocean .bs-cell.latest")
    expect(latest).to_have_count(5)
    assert sorted(latest.evaluate_all("cells => cells.map(c => c.dataset.sq)")) == sorted(theirs)
    for square in theirs:
        expect(ocean(page, square)).to_have_attribute("aria-label", re.compile("the latest shot$"))
        expect(page.locator("#announcer")).to_contain_text(square)
    expect(page.locator("#announcer")).to_contain_text("Computer:")
    expect(page.locator("#bs-target .bs-cell.latest")).to_have_count(5)  # our own salvo too
    page.reload()
    wait_ready(page)
    expect(latest).to_have_count(5)
    for square in ("F6", "G7", "H8", "I9", "J10"):
        target(page, square).click()
    page.locator("#bs-fire").click()
    expect(log).to_have_count(4)
    now = [s["square"] for s in State.from_json(saved(page)["state"]).turns[-1]["shots"]]
    expect(latest).to_have_count(len(now))
    assert sorted(latest.evaluate_all("cells => cells.map(c => c.dataset.sq)")) == sorted(now)


def test_the_squares_chosen_for_a_salvo_are_kept_through_a_reload(open_app):
    page = open_app("#/battleship?seed=44&mode=salvo&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    for square in ("A1", "B2", "C3"):
        target(page, square).click()
    expect(page.locator("[data-status]")).to_contain_text("(3 chosen)")
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-status]")).to_contain_text("(3 chosen)")
    chosen = page.locator("#bs-target .bs-cell.chosen")
    expect(chosen).to_have_count(3)
    assert chosen.evaluate_all("cells => cells.map(c => c.dataset.sq)") == ["A1", "B2", "C3"]
    for square in ("D4", "E5"):
        target(page, square).click()
    expect(page.locator("#bs-fire")).to_be_enabled()
    page.locator("#bs-fire").click()
    first = page.locator("[data-log] li").last
    for square in ("A1", "B2", "C3", "D4", "E5"):
        expect(first).to_contain_text(square)


def test_a_game_between_two_people_is_counted_in_the_statistics(open_app):
    """docs/rules/battleship.md 11.2: by mode, as played, with no winner counted."""
    record, last, _, _ = near_won_on_the_midend(seats=(HUMAN, HUMAN))
    page = open_app("#/")
    page.evaluate("(r) => localStorage.setItem('gemau:saved:battleship', r)", record)
    page.evaluate("location.hash = '#/battleship'")
    expect(page.locator("[data-cover]")).to_contain_text("Red")
    page.locator("#bs-reveal").click()
    target(page, last).click()
    over = page.locator("#bs-over")
    expect(over.locator("h2")).to_have_text("Red wins!")
    assert over_table(page)[""] == ["Red", "Blue"]
    page.keyboard.press("Escape")
    page.get_by_role("link", name="Statistics").click()
    stats = page.locator("[data-stats='battleship']")
    expect(stats.locator("h3").first).to_have_text("Two players, Classic")
    terms = stats.locator(".stat-grid").first.locator("dt").all_inner_texts()
    assert "Played" in terms and "Won" not in terms
    expect(stats.locator(".stat-grid").first.locator("dd").first).to_have_text("1")
    recorded = battleship_stats(page)
    assert list(recorded) == ["human-classic"]
    assert recorded["human-classic"]["played"] == 1 and recorded["human-classic"]["won"] == 0
    assert "won" not in recorded["human-classic"]["last"]
    rankings = page.evaluate("localStorage.getItem('gemau:rankings:battleship')")
    assert rankings is None or "human" not in rankings
    page.reload()  # counted once
    wait_ready(page)
    assert battleship_stats(page)["human-classic"]["played"] == 1
    page.evaluate("location.hash = '#/'")  # the hub tells it as played, not lost
    expect(page.locator("[data-card='battleship'] .game-card-result")).to_have_text(
        "Games played: 1"
    )


RECORD_EFFECTS = """() => {
    window.fx = [];
    const seen = () => {
        for (const cell of document.querySelectorAll('.bs-cell[class*="fx-"]')) {
            window.fx.push({
                id: cell.id,
                effects: [...cell.classList].filter(c => c.startsWith('fx-')),
                after: getComputedStyle(cell, '::after').animationName,
                own: getComputedStyle(cell).animationName,
            });
        }
    };
    new MutationObserver(seen).observe(document.getElementById('view'),
                                       {childList: true, subtree: true});
}"""


def effects_seen(page) -> dict:
    """Cell id -> {effect class: the animation it ran}, for every drawing since recording began."""
    found: dict = {}
    for entry in page.evaluate("window.fx"):
        for effect in entry["effects"]:
            name = entry["own"] if effect == "fx-sink" else entry["after"]
            found.setdefault(entry["id"], {})[effect] = name
    return found


def play_a_miss_a_hit_and_a_sink(page):
    """Against the easy computer: a miss, then the computer's Patrol Boat hit and sunk."""
    ready_against_computer(page)
    page.evaluate(RECORD_EFFECTS)
    fleet = computer_fleet(page)
    occupied = {s for squares in fleet.values() for s in squares}
    water = next(s for s in ALL_SQUARES if s not in occupied)
    log = page.locator("[data-log] li")
    for count, square in enumerate([water, *fleet["patrol"]], 1):
        target(page, square).click()
        expect(log).to_have_count(2 * count)
    return water, fleet["patrol"]


def test_shots_splash_flash_and_sink_with_motion(open_app):
    page = open_app("#/battleship?seed=11&mode=classic&opponent=easy")
    water, patrol = play_a_miss_a_hit_and_a_sink(page)
    seen = effects_seen(page)
    assert seen[f"bs-t-{water}"] == {"fx-splash": "bs-splash"}
    assert seen[f"bs-t-{patrol[0]}"]["fx-flash"] == "bs-flash"
    assert seen[f"bs-t-{patrol[0]}"]["fx-sink"] == "bs-sink"  # with the shot that sank it
    assert seen[f"bs-t-{patrol[1]}"] == {"fx-flash": "bs-flash", "fx-sink": "bs-sink"}
    # The computer's replies landed on our ocean, each moving there.
    from games.battleship import State

    replies = [r["shots"][0] for r in State.from_json(saved(page)["state"]).turns[1::2]]
    for reply in replies:
        effect = "fx-flash" if reply["result"] == "hit" else "fx-splash"
        assert seen[f"bs-o-{reply['square']}"][effect] == effect.replace("fx-", "bs-")
    # Only the drawing that showed the shot moves: moving the cursor draws it still.
    page.locator("#bs-target").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#bs-target .cursor")).to_have_count(1)
    expect(page.locator(".bs-cell[class*='fx-']")).to_have_count(0)
    shot(page, "effects-1000")


def test_shots_do_not_move_with_reduced_motion(open_app, context):
    """Off under the system's reduced motion, and under the app's own setting."""
    page = open_app("#/battleship?seed=11&mode=classic&opponent=easy", reduced_motion="reduce")
    play_a_miss_a_hit_and_a_sink(page)
    assert effects_seen(page) == {}
    expect(page.locator("#bs-ocean .bs-cell.latest")).to_have_count(1)  # still marked
    # The sheet stops them too, whatever the page draws.
    stopped = page.evaluate("""() => {
        const cell = document.querySelector('#bs-t-A1');
        cell.classList.add('fx-splash', 'fx-sink');
        return [getComputedStyle(cell, '::after').animationName,
                getComputedStyle(cell).animationName];
    }""")
    assert stopped == ["none", "none"]
    app_setting = open_app("#/settings", ctx=context())
    app_setting.get_by_label("Reduced motion").check()
    expect(app_setting.locator("html")).to_have_attribute("data-motion", "reduce")
    app_setting.evaluate("location.hash = '#/battleship?seed=11&mode=classic&opponent=easy'")
    play_a_miss_a_hit_and_a_sink(app_setting)
    assert effects_seen(app_setting) == {}
