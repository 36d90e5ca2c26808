"""The Battleship page's drawing, under CPython: real positions from the engine,
drawn from one player's view, and the markup checked cell by cell: what each
grid shows, what it offers to tap, its labels, and what stays hidden."""

import ast
import re
from html import unescape
from pathlib import Path

import pytest
from app.battleship import draw, setup, texts
from app.i18n import Translator
from games.battleship import new_game

ROOT = Path(__file__).resolve().parents[3]
CELL = re.compile(
    r'<div class="bs-cell ([^"]*)" role="gridcell" id="bs-([ot])-([A-J]\d+)" data-sq="\3"'
    r' aria-label="([^"]*)"(?: data-action="([^"]*)")?>(.*?)</div>'
)
# Red's ships along rows A, C, E, G, I from column 1; Blue's down columns 10, 8, 6, 4, 2.
RED = {"carrier": "A1", "battleship": "C1", "cruiser": "E1", "submarine": "G1", "patrol": "I1"}
BLUE = {"carrier": "A10", "battleship": "A8", "cruiser": "A6", "submarine": "A4", "patrol": "A2"}
BLUE_SQUARES = {"A10", "B10", "C10", "D10", "E10", "A8", "B8", "C8", "D8"} | {
    "A6", "B6", "C6", "A4", "B4", "C4", "A2", "B2",
}  # fmt: skip
# Squares no ship of either fleet covers.
WATER = [f"J{c}" for c in range(1, 11)] + [f"F{c}" for c in range(1, 11)]


@pytest.fixture
def t():
    return Translator("en")


def cells(html: str, grid: str) -> dict:
    """Square name -> (classes, label, action, content) of one grid ("o" or "t")."""
    found = {
        m[3]: (set(m[1].split()), m[4], m[5], m[6]) for m in CELL.finditer(html) if m[2] == grid
    }
    assert not found or len(found) == 100
    return found


def place(state, player, fleet, orientation):
    for ship, square in fleet.items():
        state.apply(
            {
                "type": "place",
                "player": player,
                "ship": ship,
                "square": square,
                "orientation": orientation,
            }
        )


def battle(mode="classic", **options):
    state = new_game({"mode": mode, **options}, 5)
    place(state, 0, RED, "h")
    place(state, 1, BLUE, "v")
    for player in (0, 1):
        state.apply({"type": "ready", "player": player})
    return state


def fire(state, *squares):
    state.apply({"type": "fire", "squares": list(squares)})


def screen(state, phase, opponent="hard", **page):
    return draw.Screen(
        phase=phase, mode=state.mode, opponent=opponent, active=state.current_player, **page
    )


def test_placement_draws_the_dock_and_an_ocean_to_tap(t):
    state = new_game({"mode": "classic"}, 5)
    place(state, 0, {"carrier": "B2"}, "h")
    view = state.view_for(0)
    html = draw.page(t, view, screen(state, "place", selected_ship="carrier", cursor=22))
    ocean = cells(html, "o")
    assert cells(html, "t") == {}, "no target grid before the battle"
    assert all(action == "place" for _, _, action, _ in ocean.values())
    assert ocean["B2"][0] == {"ship", "ship-h", "bow", "chosen"}
    assert ocean["B6"][0] >= {"ship", "stern", "chosen"} and ocean["B6"][1] == "B6: your Carrier"
    assert ocean["C3"][0] == {"water", "cursor"} and ocean["C3"][1] == "C3: water"
    assert 'aria-activedescendant="bs-o-C3"' in html
    assert html.count('class="bs-ship-pick') == 5 and html.count("bs-ship-pick placed") == 1
    assert 'data-ship="carrier" aria-pressed="true"' in html
    assert html.count('class="bs-hole"') == 17
    assert "Rotate: across" in html and 'data-phase="place"' in html
    assert "Place your five ships on your ocean grid, then press Ready." in html
    # Waiting for the computer, nothing is offered to tap and there is no dock.
    html = draw.page(t, view, screen(state, "computer"))
    assert not any(action for _, _, action, _ in cells(html, "o").values())
    assert "bs-ship-pick" not in html and "The computer is aiming" in html


def test_a_classic_battle_shows_calls_on_the_target_and_hides_the_other_fleet(t):
    state = battle()
    fire(state, "A2")  # Red hits Blue's Patrol Boat
    fire(state, "C1")  # Blue hits Red's Battleship
    fire(state, "J5")  # Red misses
    fire(state, "J1")  # Blue misses
    html = draw.page(t, state.view_for(0), screen(state, "fire", cursor=0))
    target, ocean = cells(html, "t"), cells(html, "o")
    assert target["A2"][0] == {"called", "hit"}
    assert target["A2"][1] == "A2 — hit, Patrol Boat" and 'class="peg hit"' in target["A2"][3]
    # Red's latest shot is marked and named so; the one before is not.
    assert target["J5"][0] == {"called", "miss", "latest"}
    assert target["J5"][1] == "J5 — miss, the latest shot"
    # A called square is offered too, for the rules to refuse with the reason (5.4).
    assert target["A2"][2] == "shoot" and target["J5"][2] == "shoot"
    assert target["B5"][2] == "shoot" and target["A1"][0] == {"open", "cursor"}
    # Blue's ships stay hidden: an uncalled square of theirs looks like any other.
    for square in BLUE_SQUARES - {"A2"}:
        assert target[square][0] == {"open"} and target[square][1].endswith("not called")
    assert "revealed" not in html
    # Red's ocean: their ships and Blue's shots at them.
    assert ocean["C1"][0] >= {"ship", "bow"} and 'class="peg hit"' in ocean["C1"][3]
    assert ocean["C1"][1] == "C1: hit" and ocean["J1"][1] == "J1: miss, the latest shot"
    assert {sq for sq, c in ocean.items() if "latest" in c[0]} == {"J1"}
    assert {sq for sq, c in target.items() if "latest" in c[0]} == {"J5"}
    # Nothing moves unless the page says this drawing shows a shot just fired.
    assert "fx-" not in html
    log = re.findall(r"<li>(.*?)</li>", html.split("data-log")[1])
    assert log == [
        "Computer: J1 — miss.",
        "You: J5 — miss.",
        "Computer: C1 — hit, Battleship.",  # the ship is ours: we know it
        "You: A2 — hit, Patrol Boat.",
    ]
    assert "Your turn: call a square on your target grid." in html


def test_a_sunk_ship_is_shaded_and_an_unnamed_hit_names_no_ship(t):
    state = battle()
    for square in ("A2", "J1", "B2"):
        fire(state, square)
    html = draw.page(t, state.view_for(0), screen(state, "computer"))
    target = cells(html, "t")
    assert "sunk" in target["A2"][0] and "sunk" in target["B2"][0]
    assert "You sank my Patrol Boat!" in html
    assert not any(action for _, _, action, _ in target.values()), "not our turn"
    quiet = battle(announce_ship=False)
    for square in ("A2", "J1", "A4"):
        fire(quiet, square)
    target = cells(draw.page(t, quiet.view_for(0), screen(quiet, "computer")), "t")
    assert target["A2"][1] == "A2 — hit" and "sunk" not in target["A2"][0]


def effects(html: str, grid: str) -> dict:
    """Square -> the moving effects (fx-...) drawn on it, for the squares that have any."""
    found = {
        sq: {c for c in cell[0] if c.startswith("fx-")} for sq, cell in cells(html, grid).items()
    }
    return {sq: fx for sq, fx in found.items() if fx}


def test_the_latest_shot_moves_once_on_the_grid_it_landed_on(t):
    """A splash where it missed, a flash where it hit, and the squares of a ship it
    sank going down: on the ocean for the other's shot, on the target for our own,
    only in the drawing the page marks fresh."""
    state = battle()
    fire(state, "A2")  # Red hits Blue's Patrol Boat
    fire(state, "C1")  # Blue hits Red's Battleship
    html = draw.page(t, state.view_for(0), screen(state, "fire", fresh="ocean"))
    assert effects(html, "o") == {"C1": {"fx-flash"}} and effects(html, "t") == {}
    fire(state, "B2")  # Red sinks the Patrol Boat (A2, B2)
    html = draw.page(t, state.view_for(0), screen(state, "computer", fresh="target"))
    assert effects(html, "t") == {"A2": {"fx-sink"}, "B2": {"fx-flash", "fx-sink"}}
    assert effects(html, "o") == {}
    fire(state, "J1")  # Blue misses
    html = draw.page(t, state.view_for(0), screen(state, "fire", fresh="ocean"))
    assert effects(html, "o") == {"J1": {"fx-splash"}}
    fire(state, "J5")
    fire(state, "I1")
    fire(state, "J6")
    fire(state, "I2")  # Blue sinks Red's Patrol Boat (I1, I2)
    html = draw.page(t, state.view_for(0), screen(state, "fire", fresh="ocean"))
    assert effects(html, "o") == {"I1": {"fx-sink"}, "I2": {"fx-flash", "fx-sink"}}
    # Hits that name no ship: the turn's own hit goes down with the ship it sank.
    quiet = battle(announce_ship=False)
    for square in ("A2", "J1", "B2"):
        fire(quiet, square)
    html = draw.page(t, quiet.view_for(0), screen(quiet, "computer", fresh="target"))
    assert effects(html, "t") == {"B2": {"fx-flash", "fx-sink"}}
    # Advanced Salvo tells no shot's result and no sinking: every shot splashes.
    advanced = battle("advanced_salvo")
    fire(advanced, "A2", "B2", "J1", "J2", "J3")
    html = draw.page(t, advanced.view_for(0), screen(advanced, "computer", fresh="target"))
    assert effects(html, "t") == {sq: {"fx-splash"} for sq in ("A2", "B2", "J1", "J2", "J3")}


def test_the_target_keeps_the_keyboard_while_the_computer_answers(t):
    state = battle()
    fire(state, "A2")
    html = draw.page(t, state.view_for(0), screen(state, "computer", cursor=1))
    grid = re.search(r'<div class="bs-grid" role="grid" id="bs-target"[^>]*>', html)[0]
    assert 'tabindex="0"' in grid and 'aria-activedescendant="bs-t-A2"' in grid
    assert not any(action for _, _, action, _ in cells(html, "t").values())
    ocean = re.search(r'<div class="bs-grid" role="grid" id="bs-ocean"[^>]*>', html)[0]
    assert "tabindex" not in ocean


@pytest.mark.parametrize(
    ("language", "you", "named", "lost"),
    [
        ("en", "You are ready.", "Blue is ready.", "The computer sank your Patrol Boat."),
        ("cy", "Rydych chi'n barod.", "Mae Glas yn barod.", "Suddodd y cyfrifiadur eich llong"),
    ],
)
def test_messages_about_a_person_have_words_of_their_own(language, you, named, lost):
    """Not one template with a name put in ("You is ready."), in either language."""
    t = Translator(language)
    state = battle()
    red = screen(state, "fire")
    assert texts.said_of(t, red, 0, "battleship.announce.ready") == you
    as_blue = screen(state, "fire", me=1)
    assert texts.said_of(t, as_blue, 1, "battleship.announce.ready") == you
    humans = screen(state, "fire", opponent="human", me=None)
    assert texts.said_of(t, humans, 1, "battleship.announce.ready") == named
    for square in ("J1", "I1", "J2", "I2"):  # the computer (Blue) sinks Red's Patrol Boat
        fire(state, square)
    log = texts.record_text(t, state.view_for(0), red, state.view_for(0)["incoming"][-1])
    assert lost in log


def test_a_person_plays_either_side_against_the_computer():
    """docs/rules/battleship.md 4.2: Red or Blue; two people are Red and Blue; the address
    may say the side."""
    assert setup.seats_for("hard") == ["human", "computer:hard"]
    assert setup.seats_for("easy", "blue") == ["computer:easy", "human"]
    assert setup.seats_for("human", "blue") == ["human", "human"]
    for opponent in setup.OPPONENTS:
        for side in setup.SIDES:
            seats = setup.seats_for(opponent, side)
            assert setup.opponent_of(seats) == opponent
            assert setup.side_of(seats) == (side if opponent != "human" else "red")
    assert setup.opponent_of(["computer:hard", "computer:easy"]) is None
    assert setup.parse_params({"seed": "7", "side": "blue"}) == (7, None, None, "blue")
    assert setup.parse_params({"seed": "7", "side": "green"}) == (7, None, None, None)
    assert setup.parse_params({"side": "blue"}) is None


def test_a_salvo_being_aimed(t):
    state = battle("salvo")
    for square in ("A1", "B2"):
        state.apply({"type": "aim", "square": square})
    html = draw.page(t, state.view_for(0), screen(state, "fire"))
    target = cells(html, "t")
    assert target["A1"][0] == {"open", "chosen", "cursor"}
    assert target["B2"][1] == "B2: chosen for the salvo" and "peg placeholder" in target["B2"][3]
    assert "choose 5 squares for your salvo (2 chosen)" in html
    fire_button = re.search(r'<button[^>]*id="bs-fire"[^>]*>([^<]*)</button>', html)
    assert "disabled" in fire_button[0] and fire_button[1] == "Fire salvo (2 of 5)"
    # The other player's view carries no aim: nobody sees the squares being chosen.
    html = draw.page(t, state.view_for(1), screen(state, "pass", opponent="human"))
    assert "chosen" not in " ".join(" ".join(c[0]) for c in cells(html, "t").values())
    assert 'id="bs-hide"' in html and "pass to Red" in html


def test_advanced_salvo_numbers_salvos_and_shades_what_they_prove(t):
    state = battle("advanced_salvo")
    fire(state, "J1", "J2", "J3", "J4", "J5")  # no hit: proven empty
    fire(state, "F1", "F2", "F3", "F4", "F5")
    fire(state, "A2", "B2", "A4", "B4", "C4")  # all hit: proven hit
    fire(state, "J6", "J7", "J8")  # Blue has three ships afloat
    fire(state, "A6", "H1", "H2", "H3", "H4")  # one of five hit: nothing proven
    html = draw.page(t, state.view_for(0), screen(state, "computer", focus_salvo=2))
    target = cells(html, "t")
    assert target["J1"][0] == {"called", "salvo-0", "proven-empty"}
    assert target["B4"][0] == {"called", "salvo-1", "focus", "proven-hit"}
    assert target["H1"][0] == {"called", "salvo-2", "latest"}
    assert target["A6"][1] == "A6: salvo 3, 1 of 5 hit, the latest shot"
    assert '"salvo-no">3<' in target["A6"][3]
    assert "peg" not in "".join(c[3] for c in target.values()), "no per-shot result"
    assert "sunk" not in html, "no sink is told (8.2)"
    items = re.findall(r'class="bs-salvo-item ([^"]*)"[^>]*aria-pressed="(\w+)">([^<]*)<', html)
    assert [text for _, _, text in items] == [
        "Salvo 3: 1 of 5 hit (A6, H1, H2, H3, H4)",
        "Salvo 2: 5 of 5 hit (A2, B2, A4, B4, C4)",
        "Salvo 1: 0 of 5 hit (J1, J2, J3, J4, J5)",
    ]
    assert [pressed for _, pressed, _ in items] == ["false", "true", "false"]
    assert "You: A2, B2, A4, B4, C4 — 5 of 5 hit." in html
    # Blue's own view of Red's salvos is in full, on Blue's ocean.
    ocean = cells(draw.page(t, state.view_for(1), screen(state, "fire")), "o")
    assert ocean["A2"][1] == "A2: hit" and 'class="peg hit"' in ocean["A2"][3]


def won_game(mode="classic"):
    """Red sinks the whole Blue fleet, in Blue's square order then row H (water);
    Blue calls only water."""
    state = battle(mode)
    red_calls = sorted(BLUE_SQUARES) + [f"H{c}" for c in range(1, 11)]
    blue_calls = iter(WATER)
    while not state.is_over:
        count = state.shots_allowed(state.current_player)
        if state.current_player == 0:
            fire(state, *[red_calls.pop(0) for _ in range(count)])
        else:
            fire(state, *[next(blue_calls) for _ in range(count)])
    assert state.winner == 0
    return state


def test_game_over_reveals_the_other_fleet_and_gives_the_figures(t):
    state = won_game()
    html = draw.page(t, state.view_for(1), screen(state, "over"))
    # Blue's view of the end: Red's fleet is revealed on Blue's target grid.
    target = cells(html, "t")
    assert {sq for sq, c in target.items() if "revealed" in c[0]} == {
        f"{row}{col}"
        for row, length in zip("ACEGI", (5, 4, 3, 3, 2))
        for col in range(1, length + 1)
    }
    assert not any(action for _, _, action, _ in target.values())
    assert "The computer wins" not in html  # the winner is Red, the human
    html = draw.page(t, state.view_for(0), screen(state, "over"))
    assert 'id="bs-over"' in html and "You win!" in html
    # Both sides' shooting, the player at the screen first: Red sank Blue's 17 squares
    # in 17 shots; Blue fired 16 times at water.
    assert over_figures(html) == {
        "": ["You", "Computer"],
        "Shots": ["17", "16"],
        "Hits": ["17", "0"],
        "Accuracy": ["100%", "0%"],
        "Ships sunk": ["5", "0"],
    }
    assert "Turns played (both sides): 33" in html
    assert "Game over: you sank the whole fleet. You win!" in html
    humans = draw.page(t, state.view_for(1), screen(state, "over", opponent="human"))
    assert "Red wins!" in humans and over_figures(humans)[""] == ["Blue", "Red"]
    assert over_figures(humans)["Shots"] == ["16", "17"]


def test_the_losers_window_shows_their_own_shooting_and_the_computers(t):
    """Playing Blue against the computer (Red), and losing: the window is the
    person's, their own figures first."""
    state = won_game()
    html = draw.page(t, state.view_for(1), screen(state, "over", me=1))
    assert "The computer wins" in html and "You win!" not in html
    assert "Game over: the computer sank your whole fleet." in html
    assert over_figures(html) == {
        "": ["You", "Computer"],
        "Shots": ["16", "17"],
        "Hits": ["0", "17"],
        "Accuracy": ["0%", "100%"],
        "Ships sunk": ["0", "5"],
    }
    assert "you play Blue" in html


def over_figures(html: str) -> dict:
    """The end-of-game window's table: row heading -> the cells, "" for the heads."""
    table = re.search(r'<table class="bs-over-figures".*?</table>', html)[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table)
    found = {}
    for row in rows:
        cells = re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row)
        found[cells[0]] = cells[1:]
    return found


def test_game_over_in_advanced_salvo_counts_the_winners_hits(t):
    state = won_game("advanced_salvo")  # four salvos of five: 17 hits, then 3 misses
    html = draw.page(t, state.view_for(0), screen(state, "over"))
    figures = over_figures(html)
    assert [figures[k][0] for k in ("Shots", "Hits", "Accuracy", "Ships sunk")] == [
        "20", "17", "85%", "5",
    ]  # fmt: skip
    blue_shots = sum(len(r["shots"]) for r in state.turns if r["player"] == 1)
    assert figures["Shots"][1] == str(blue_shots) and "Turns played (both sides): 7" in html
    assert len({sq for sq, c in cells(html, "t").items() if "revealed" in c[0]}) == 17


def test_the_cover_draws_no_grid_and_status_names_whoever_is_next(t):
    state = new_game({}, 5)
    html = draw.page(t, None, screen(state, "cover", opponent="human"))
    assert 'data-cover="0"' in html and 'id="bs-reveal"' in html and "I am Red" in html
    assert "bs-grid" not in html and "bs-log" not in html
    assert "two players on this device".lower() in html.lower()


def test_the_new_game_dialog_shows_the_choices_made(t):
    state = new_game({}, 5)
    choices = setup.preferred({"mode": "salvo", "opponent": "nobody", "announce_ship": "yes"})
    assert choices == {
        "mode": "salvo",
        "edition": "modern",
        "announce_ship": True,
        "opponent": "hard",
        "side": "red",
    }
    setup.choose(choices, "setup-edition", "classic")
    setup.choose(choices, "setup-opponent", "grandmaster")  # not offered: ignored
    setup.choose(choices, "setup-side", "blue")
    setup.choose(choices, "setup-side", "green")  # not offered: ignored
    setup.choose(choices, "setup-announce", None, False)
    html = draw.page(t, state.view_for(0), screen(state, "place", setup=choices))
    checked = re.findall(r'<input type="radio" name="bs-(\w+)" value="(\w+)"[^>]* checked>', html)
    assert checked == [
        ("mode", "salvo"), ("opponent", "hard"), ("side", "blue"), ("edition", "classic"),
    ]  # fmt: skip
    assert "Blue: the computer shoots first" in html
    assert 'name="bs-announce" checked' not in html and 'id="bs-start"' in html


def test_every_word_on_the_page_comes_from_the_catalogue():
    """Drawn in the pseudo-language, every piece of text is marked as translated."""
    pseudo = Translator("en", pseudo=True)
    placing = new_game({"mode": "salvo"}, 5)
    place(placing, 0, {"carrier": "B2"}, "h")
    aiming = battle("advanced_salvo")
    fire(aiming, "A2", "B2", "J1", "J2", "J3")
    fire(aiming, "A1", "F1", "F2", "F3")  # Blue has four ships afloat
    aiming.apply({"type": "aim", "square": "H5"})
    over = won_game("salvo")
    pages = [
        draw.page(pseudo, None, screen(placing, "cover", opponent="human")),
        draw.page(
            pseudo,
            placing.view_for(0),
            screen(placing, "place", setup=setup.preferred({}), message="<b>x</b>"),
        ),
        draw.page(pseudo, aiming.view_for(0), screen(aiming, "fire", focus_salvo=1)),
        draw.page(pseudo, aiming.view_for(1), screen(aiming, "pass", opponent="human")),
    ] + [draw.page(pseudo, over.view_for(p), screen(over, "over", me=p)) for p in (0, 1)]
    pages += [
        draw.page(pseudo, over.view_for(1), screen(over, "over", opponent="human", me=None)),
        draw.page(pseudo, aiming.view_for(0), screen(aiming, "computer", fresh="target")),
    ]
    for html in pages:
        html = html.replace("&lt;b&gt;x&lt;/b&gt;", "⟦message⟧")
        labels = re.findall(r'aria-label="([^"]*)"', html)
        text = re.sub(r"<[^>]+>", "\n", html) + "\n".join(labels)
        while re.search(r"⟦[^⟦⟧]*⟧", text):  # translations nest: names inside lines
            text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        assert re.findall(r"[^\W\d]+", text) == []  # only numbers may be bare
    assert "<b>x</b>" not in pages[1], "the message is escaped"


REPLAY_CELL = re.compile(
    r'<div class="bs-cell ([^"]*)" role="gridcell" id="bs-r([01])-([A-J]\d+)" data-sq="\3"'
    r' aria-label="([^"]*)"(?: data-action="([^"]*)")?>(.*?)</div>'
)


def replay_cells(html: str, player: int) -> dict:
    """Square name -> (classes, label, action, content) of one player's ocean in a replay."""
    found = {
        m[3]: (set(m[1].split()), unescape(m[4]), m[5], m[6])
        for m in REPLAY_CELL.finditer(html)
        if m[2] == str(player)
    }
    assert len(found) == 100
    return found


def test_a_replayed_position_shows_both_fleets_their_shots_and_sinks(t):
    state = battle()
    for square in ("A2", "J1", "B2", "C1"):  # Red sinks the Patrol Boat; Blue misses, then hits
        fire(state, square)
    html = draw.replay_board(state, t)
    red, blue = replay_cells(html, 0), replay_cells(html, 1)
    assert 'data-action="' not in html and "tabindex" not in html, "a replay takes no input"
    assert "bs-o-" not in html and "bs-t-" not in html
    # Both fleets are shown, the other side's too: the game was over when it is replayed.
    assert {sq for sq, c in red.items() if "ship" in c[0]} == {
        f"{row}{col}"
        for row, length in zip("ACEGI", (5, 4, 3, 3, 2))
        for col in range(1, length + 1)
    }
    assert {sq for sq, c in blue.items() if "ship" in c[0]} == BLUE_SQUARES
    assert red["A1"][1] == "A1: Red's Carrier" and blue["A10"][1] == "A10: Blue's Carrier"
    # The shots that landed on each ocean, and the sunk ship.
    assert 'class="peg hit"' in red["C1"][3] and red["C1"][1] == "C1: hit, the latest shot"
    assert 'class="peg miss"' in red["J1"][3] and red["J1"][1] == "J1: miss"
    assert blue["A2"][0] >= {"ship", "sunk"} and blue["B2"][0] >= {"ship", "sunk"}
    assert 'class="peg hit"' in blue["B2"][3]
    assert "sunk" not in red["C1"][0] and "sunk" not in blue["A10"][0]
    assert "Red's ocean" in unescape(html) and "Blue's ocean" in unescape(html)
    assert "Red: 5 of 5 ships afloat · Blue: 4 of 5 ships afloat" in html
    # Before the battle, no figures; at the end, who won.
    placing = new_game({"mode": "classic"}, 5)
    place(placing, 0, {"carrier": "B2"}, "h")
    html = draw.replay_board(placing, t)
    assert "afloat" not in html and len(replay_cells(html, 0)) == 100
    assert {sq for sq, c in replay_cells(html, 0).items() if "ship" in c[0]} == {
        "B2", "B3", "B4", "B5", "B6",
    }  # fmt: skip
    assert not any("ship" in c[0] for c in replay_cells(html, 1).values())
    over = won_game("salvo")
    html = draw.replay_board(over, t)
    assert "Game over: Red wins." in html and "Blue: 0 of 5 ships afloat" in html
    assert all("sunk" in c[0] for c in replay_cells(html, 1).values() if "ship" in c[0])
    # Every word through the catalogue.
    pseudo = draw.replay_board(state, Translator("en", pseudo=True))
    labels = re.findall(r'aria-label="([^"]*)"', pseudo)
    text = re.sub(r"<[^>]+>", "\n", pseudo) + "\n".join(labels)
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    assert re.findall(r"[^\W\d]+", text) == []


def test_undo_and_redo_are_offered_when_the_page_allows_them(t):
    state = battle()
    fire(state, "A2")
    fire(state, "J1")
    html = draw.page(t, state.view_for(0), screen(state, "fire", can_undo=True))
    buttons = dict(re.findall(r'<button [^>]*data-action="(undo|redo)"([^>]*)>', html))
    assert "disabled" not in buttons["undo"] and "disabled" in buttons["redo"]
    assert 'aria-keyshortcuts="Control+Z"' in html and ">Undo</button>" in html
    html = draw.page(t, state.view_for(0), screen(state, "fire", can_redo=True))
    buttons = dict(re.findall(r'<button [^>]*data-action="(undo|redo)"([^>]*)>', html))
    assert "disabled" in buttons["undo"] and "disabled" not in buttons["redo"]


def imported_modules(name: str, seen: set) -> set:
    """Every module `name` imports, following the project's own modules (not the
    packages around them), read from the source."""
    if name in seen or not name.startswith(("app", "games")):
        return seen | {name}
    seen.add(name)
    path = ROOT / "py" / Path(*name.split("."))
    if path.is_dir() and not (path / "__init__.py").exists():
        return seen  # a folder of modules (app/battleship): each is followed by its name
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if node.module is None:  # from . import name: a module of the package
                targets = [f"{base}.{alias.name}" for alias in node.names]
            else:
                module = f"{base}.{node.module}" if node.level else node.module
                folder = ROOT / "py" / Path(*module.split("."))
                targets = [module] + [
                    f"{module}.{alias.name}"
                    for alias in node.names
                    if (folder / f"{alias.name}.py").exists()
                ]
        else:
            continue
        for target in targets:
            seen = imported_modules(target, seen)
    return seen


def test_the_drawing_modules_load_no_browser():
    assert "app.browser" in imported_modules("app.frame.game_view", set())  # the view does
    folder = ROOT / "py" / "app" / "battleship"
    modules = sorted(path.stem for path in folder.glob("*.py"))
    assert {"draw", "grids", "frontend", "texts"} <= set(modules)
    for module in modules:
        imported = imported_modules(f"app.battleship.{module}", set())
        assert not imported & {"app.browser", "js", "pyscript", "pyscript.ffi"}, module
