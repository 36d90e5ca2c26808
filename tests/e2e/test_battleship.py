"""Battleship played in the page as a person would: placement by clicks, shots,
the computer's replies, salvos, pass-and-play cover screens, reloads, statistics."""

import json
import re
import os

from playwright.sync_api import expect

from e2e_support import wait_ready
from games.battleship import new_game
from games.battleship.fleet import LENGTH, SHIP_IDS

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
    return {ship: [s for s in game.view_for(1)["fleet"] if s["ship"] == ship][0]["squares"] for ship in SHIP_IDS}


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
