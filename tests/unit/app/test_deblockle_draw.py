"""The Deblockle page drawn from real positions, with no browser: set-up, play
(a block picked, a tip shown), undo and redo, a removal at the star and the end
of the game. The tests read the markup as a tree and check it against the engine.
Also the page's opponents as the game's seats, old saves included."""

import re

import pytest
from app.deblockle import draw, setup
from app.deblockle.frontend import FRONTEND
from app.deblockle.parts import (
    LEVEL_OF,
    OPPONENTS,
    last_squares,
    last_turn,
    turn_said,
    turn_text,
)
from app.deblockle.parts import Screen as Ui
from app.deblockle.ui import opponent_of
from app.frame.frontend import COMPUTER, LOCAL, Seat, Table
from app.i18n import Translator
from games.common.rng import SeededRng
from games.deblockle import FACE_NAMES, State, choose_move, new_game
from games.deblockle.ai.evaluation import times_seen_after
from games.deblockle.game import GAME as DEBLOCKLE
from games.deblockle.rules import play
from games.deblockle.setup import north_choices
from markup_tree import Node, parse

START = {
    "blocks": [4, 4],
    "start_squares": [["c3", "e3", "c1", "e1"], ["e5", "c5", "e7", "c7"]],
    "first": 0,
    "no_side_by_side": False,
    "quick_setup": True,
}


def symbol(node: Node) -> str:
    """The symbol of the first db-sym inside `node` (its db-sym-<name> class)."""
    svg = next(n for n in node.walk() if "db-sym" in n.classes)
    return next(c[len("db-sym-") :] for c in svg.classes if c.startswith("db-sym-"))


@pytest.fixture
def t():
    return Translator("en")


def drawn(state, ui, t) -> Node:
    return parse(draw.page(state.view_for(0), ui, t))


def cell(page: Node, square: str) -> Node:
    return page.by_id(f"db-c-{square}")


def board_blocks(page: Node) -> dict:
    """square -> (player, top symbol) as drawn (previews left out)."""
    found = {}
    for square_cell in page.all(cls="db-cell"):
        blocks = [b for b in square_cell.all(cls="db-block") if "db-ghost" not in b.classes]
        if blocks:
            player = 0 if "db-p0" in blocks[0].classes else 1
            found[square_cell.attrs["data-sq"]] = (player, symbol(blocks[0].one(cls="db-top")))
    return found


def engine_blocks(state) -> dict:
    return {b["square"]: (b["player"], b["top"]) for b in state.blocks()}


def position(blocks, removed, current=0):
    return State.from_json(
        {
            "version": 1,
            "options": START,
            "phase": "play",
            "current_player": current,
            "blocks": [
                {"player": p, "square": sq, "top": top, "north": north}
                for p, sq, top, north in blocks
            ],
            "removed": removed,
            "to_place": [[], []],
            "result": None,
            "history": [],
        }
    )


# --- set-up ---------------------------------------------------------------------------------------


def test_set_up_shows_the_rolled_blocks_and_where_the_picked_one_may_go(t):
    state = new_game({"quick_setup": False}, 12)
    ui = Ui(seed=12)
    page = drawn(state, ui, t)
    section = page.one("section")
    assert section.attrs["data-phase"] == "setup" and section.attrs["data-current"] == "0"
    rolls = page.all("button", cls="db-roll")
    assert [r.attrs["data-top"] for r in rolls] == [FACE_NAMES[top] for top in state.to_place[1]]
    assert all("db-p1" in r.one(cls="db-block").classes for r in rolls)  # blue's blocks
    assert "disabled" not in rolls[0].attrs
    assert page.one(cls="db-turn").text().startswith("Set-up: Gold places Blue's")
    assert page.all(cls="db-place-target") == []
    assert page.one(data_action="place-random").text() == "Place them at random"

    top = rolls[0].attrs["data-top"]
    ui.roll = top
    page = drawn(state, ui, t)
    targets = {c.attrs["data-sq"] for c in page.all(cls="db-place-target")}
    assert targets == {"e5", "c5", "e7", "c7"}
    assert "start square to place on" in cell(page, "e5").attrs["aria-label"]
    chosen = page.one("button", cls="selected")
    assert chosen.attrs["aria-pressed"] == "true" and chosen.attrs["data-top"] == top
    north = symbol(chosen.one(cls="db-face-north"))
    assert north == north_choices(top)[0]
    assert page.one(data_action="turn").text() == "Turn the block"

    ui.turns[top] = setup.next_north(ui, top)
    turned = drawn(state, ui, t).one("button", cls="selected")
    assert symbol(turned.one(cls="db-face-north")) == north_choices(top)[1]
    # Issue 16: the picked block is also shown whole, as turned, every side large.
    net = drawn(state, ui, t).one(cls="db-net")
    faces = {n.attrs["data-face"]: symbol(n) for n in net.all(cls="db-net-face")}
    assert faces["top"] == top and faces["north"] == north_choices(top)[1]
    assert all("db-p1" in n.classes for n in net.all(cls="db-net-face"))

    state.apply(setup.placement_text(ui, top, "e7"))
    assert engine_blocks(state)["e7"] == (1, top)
    assert board_blocks(drawn(state, Ui(seed=12), t)) == engine_blocks(state)


def test_set_up_waits_while_the_computer_places(t):
    state = new_game({"quick_setup": False}, 12)
    for placement in state.placements_at_random(setup_rng()):
        state.apply(placement)
    assert state.phase == "setup" and state.current_player == 1
    page = drawn(state, Ui(seed=12, opponent="strong"), t)
    assert page.one(cls="db-turn").text() == "The computer is placing your blocks…"
    rolls = page.all("button", cls="db-roll")
    assert rolls and all("disabled" in r.attrs for r in rolls)
    assert all("db-p0" in r.one(cls="db-block").classes for r in rolls)  # gold's, placed by blue
    assert page.all(data_action="place-random") == []
    assert board_blocks(page) == engine_blocks(state)


def setup_rng():
    from games.deblockle.ai import helper_rng

    return helper_rng(12, 0)


# --- play -------------------------------------------------------------------------------------------


def test_a_picked_block_shows_each_tip_and_the_symbol_it_brings_up(t):
    state = new_game({"quick_setup": True}, 5)
    ui = Ui(seed=5, opponent="human", selected="c3", cursor="c3")
    page = drawn(state, ui, t)
    assert board_blocks(page) == engine_blocks(state)
    assert "selected" in cell(page, "c3").classes
    assert cell(page, "c3").attrs["aria-selected"] == "true"
    options = state.tip_options("c3")
    assert options
    targets = {c.attrs["data-sq"]: c for c in page.all(cls="db-tip-target")}
    assert set(targets) == {o["to"] for o in options}
    for option in options:
        preview = targets[option["to"]].one(cls="db-preview")
        assert symbol(preview.one(cls="db-top")) == option["top"]
        assert "db-ghost" in preview.one(cls="db-block").classes
        name = t(f"deblockle.symbol.{option['top']}")
        assert f"tip here to bring up {name}" in targets[option["to"]].attrs["aria-label"]
    assert page.one(cls="db-turn").text() == t("deblockle.status.tip")
    net = page.one(cls="db-net")
    faces = next(b for b in state.blocks() if b["square"] == "c3")
    assert {f.attrs["data-face"]: symbol(f) for f in net.all(cls="db-net-face")} == {
        side: faces[side] for side in ("top", "bottom", "north", "south", "east", "west")
    }
    assert page.all(cls="db-hop-end") == []


def test_a_tip_shown_moves_the_block_and_marks_every_hop_end_with_its_path(t):
    state = new_game({"quick_setup": True}, 5)
    option = next(
        o for o in state.tip_options("c3") if o["top"] in ("cross", "x", "slider", "hoops")
    )
    ui = Ui(seed=5, opponent="human", selected="c3", tip=option)
    page = drawn(state, ui, t)
    blocks = board_blocks(page)
    assert "c3" not in blocks and blocks[option["to"]] == (0, option["top"])
    assert "db-tipped" in cell(page, option["to"]).one(cls="db-block").classes
    ends = {path[-1] for path in option["hops"]}
    assert {c.attrs["data-sq"] for c in page.all(cls="db-hop-end")} == ends
    assert {line.attrs["data-end"] for line in page.all("polyline")} == ends
    assert page.all(cls="db-tip-target") == []
    assert page.one(data_action="untip").text() == "Take back the tip"
    name = t(f"deblockle.symbol.{option['top']}")
    assert page.one(cls="db-turn").text() == t("deblockle.status.hop", symbol=name)
    assert symbol(page.one(cls="db-net-t")) == option["top"]


def test_a_played_turn_is_announced_and_its_squares_highlighted(t):
    state = new_game({"quick_setup": True}, 5)
    option = next(o for o in state.tip_options("c3") if o["top"] != "stop" and o["hops"])
    ui = Ui(seed=5, opponent="human")
    events = state.apply(option["moves"][0])
    ui.last = last_squares(events, [])
    assert ui.last == ["c3", *option["hops"][0]]  # where it came from, the tip square, the hop
    said = turn_said(state, ui, t, events)
    assert said[0].startswith(f"Gold tipped c3 to {option['to']}")
    page = drawn(state, ui, t)
    assert {c.attrs["data-sq"] for c in page.all(cls="db-last")} == set(ui.last)
    assert board_blocks(page) == engine_blocks(state)
    assert page.one("section").attrs["data-current"] == "1"
    # Issue 16: the whole last turn is marked, the tip square too, and said in words.
    end = option["hops"][0][-1]
    assert "db-last-from" in cell(page, "c3").classes
    assert "db-last-to" in cell(page, end).classes
    if option["to"] != end:
        assert "db-last-tip" in cell(page, option["to"]).classes
        assert "tipped onto here" in cell(page, option["to"]).attrs["aria-label"]
    assert "the last turn started here" in cell(page, "c3").attrs["aria-label"]
    assert "the last turn ended here" in cell(page, end).attrs["aria-label"]
    line = page.one(cls="db-last-trail")
    assert len(line.attrs["points"].split()) == len(ui.last)
    assert page.one(cls="db-turn").text() == "Blue to play: pick a block to tip."


def test_a_removal_marks_where_the_block_left_and_the_star(t):
    state = position([(0, "d5", "cross", "stop"), (1, "a1", "cross", "stop")], [3, 3])
    ui = Ui(seed=5, opponent="human")
    ui.last = last_squares(state.apply("d5N*"), [])
    assert ui.last == ["d5", "d6"]
    page = drawn(state, ui, t)
    assert "db-last-from" in cell(page, "d5").classes
    assert "db-last-to" in cell(page, "d6").classes


# --- undo and redo, and who sits where ------------------------------------------------------------


def test_undo_and_redo_are_offered_as_the_midend_allows(t):
    state = new_game({"quick_setup": True}, 5)
    page = drawn(state, Ui(seed=5), t)
    undo, redo = page.one("button", data_action="undo"), page.one("button", data_action="redo")
    assert (undo.text(), redo.text()) == ("Undo", "Redo")
    assert "disabled" in undo.attrs and "disabled" in redo.attrs
    assert undo.attrs["aria-keyshortcuts"] == "Control+Z"
    assert redo.attrs["aria-keyshortcuts"] == "Control+Shift+Z Control+Y"
    page = drawn(state, Ui(seed=5, can_undo=True, can_redo=True), t)
    assert all("disabled" not in page.one("button", data_action=a).attrs for a in ("undo", "redo"))
    busy = drawn(state, Ui(seed=5, can_undo=True, can_redo=True, busy=True), t)
    assert all("disabled" in busy.one("button", data_action=a).attrs for a in ("undo", "redo"))


def test_the_computer_opponents_are_the_engines_levels():
    for name, level in LEVEL_OF.items():
        player = DEBLOCKLE.computer[level]
        assert player.func is choose_move and player.keywords == {"level": name}
    assert sorted(LEVEL_OF.values()) == sorted(DEBLOCKLE.levels)
    assert FRONTEND.new_seats({}, {"opponent": "strong"}) == [None, "hard"]
    assert FRONTEND.new_seats({"opponent": "human"}, {"opponent": "strong"}) == [None, None]
    assert FRONTEND.new_seats({}, {}) == [None, "hard"]
    for name in OPPONENTS:
        seats = FRONTEND.new_seats({"opponent": name}, {})
        table = Table(tuple(Seat(LOCAL) if s is None else Seat(COMPUTER, s) for s in seats))
        assert opponent_of(table) == name


def test_a_save_from_before_the_midend_keeps_its_seed_and_opponent():
    state = new_game({"quick_setup": True}, 9)
    frame = FRONTEND.legacy(state, {"seed": 9, "opponent": "greedy", "last": []})
    assert frame == {"options": state.options, "seed": 9, "seats": [None, "medium"]}
    unknown = FRONTEND.legacy(state, {"seed": 9, "opponent": "godlike"})
    assert unknown["seats"] == [None, "hard"]  # played as "strong", as before
    for meta in ({"opponent": "strong"}, {"seed": "9"}, {"seed": True}):
        with pytest.raises(ValueError):
            FRONTEND.legacy(state, meta)


def test_the_last_turn_is_read_from_the_position_as_its_events_say_it():
    """Every kind of hop, a slide's squares included, the same as the turn's events."""
    state, rng, tops = new_game({"quick_setup": True}, 4), SeededRng(4), set()
    assert last_turn(state) == []
    while not state.is_over and len(state.history) < 120:
        moves = [str(m) for m in state.legal_moves()]
        for move in moves:
            trial = state.copy()
            events = trial.apply(move)
            assert last_turn(trial) == last_squares(events, []), move
            tops.add(events[0]["top"])
        state.apply(moves[rng.randrange(len(moves))])
    assert {"slider", "hoops", "stop", "cross", "x"} <= tops


def test_a_replay_draws_the_position_without_actions(t):
    state = new_game({"quick_setup": True}, 5)
    state.apply(state.legal_moves()[0])
    page = parse(draw.replay_board(state, t))
    assert board_blocks(page) == engine_blocks(state)
    assert page.all(data_action="cell") == [] and page.all(id="db-board") == []
    assert "tabindex" not in page.one(cls="db-board").attrs
    assert [n.text() for n in page.all(cls="db-off")] == ["Gold: 0 of 4 off ", "Blue: 0 of 4 off"]
    pseudo = parse(draw.replay_board(state, Translator("en", pseudo=True)))
    texts = [c for n in pseudo.walk() for c in n.children if isinstance(c, str)]
    assert [text for text in texts if any(ch.isalpha() for ch in outside_catalogue(text))] == []


# --- a removal and the end ---------------------------------------------------------------------------


REMOVAL = [(0, "d5", "cross", "stop"), (1, "a1", "cross", "stop"), (1, "g1", "x", "stop")]


def test_a_tip_into_the_opponents_star_is_shown_as_a_removal(t):
    state = position(REMOVAL, [3, 2])
    page = drawn(state, Ui(seed=77, selected="d5"), t)
    star = cell(page, "d6")
    assert {"db-star", "db-tip-target"} <= star.classes
    assert "db-removes" in star.one(cls="db-preview").classes
    assert symbol(star.one(cls="db-preview").one(cls="db-top")) == "star"
    assert "the block leaves the board" in star.attrs["aria-label"]
    assert "Blue's home star" in star.attrs["aria-label"]
    assert page.one(data_off="0").text() == "3 of 4 off"
    assert page.all("dialog", id="db-over") == []


def test_game_over_shows_the_winner_and_the_blocks_off(t):
    state = position(REMOVAL, [3, 2])
    events = state.apply("d5N*")
    ui = Ui(seed=77)
    assert [e["type"] for e in events] == ["tip", "remove", "game_over"]
    said = turn_said(state, ui, t, events)
    assert "Gold took a block off at the star: 4 off, 0 left." in said
    assert said[-1] == "You win!"
    page = drawn(state, ui, t)
    section = page.one("section")
    assert section.attrs["data-phase"] == "over" and "data-current" not in section.attrs
    over = page.by_id("db-over")
    assert over.one(data_result="").text() == "You win!"
    assert [dd.text() for dd in over.all("dd")] == ["4 of 4 off", "2 of 4 off"]
    assert "Neither player could move" not in over.text()
    assert page.one(cls="db-turn").text() == "You win!"
    assert board_blocks(page) == engine_blocks(state)
    assert drawn(state, Ui(opponent="human"), t).by_id("db-over").one(data_result="").text() == (
        "Gold wins!"
    )
    assert over.all(data_not_counted="") == []
    ui.counted = False  # its seed was known, or the computer's move was taken back
    note = drawn(state, ui, t).by_id("db-over").one(data_not_counted="")
    assert note.text() == t("frame.not_counted_short") == "Not counted"


def test_the_game_number_and_its_link_are_shown_only_once_they_give_nothing_away(t):
    """docs/rules/deblockle.md 11.5: the computer's dice follow from the number,
    so a game from a fresh seed shows neither while it is played."""
    state = new_game({"blocks": 4}, 77)
    ui = Ui(seed=77, address="#/deblockle?blocks=4&opponent=strong")
    number = drawn(state, ui, t).one(cls="db-game-number")
    assert number.all(data_share="") == [] and number.text() == t("deblockle.opponent.strong")
    ui.seed_shown, ui.address = True, "#/deblockle?blocks=4&seed=77&opponent=strong"
    link = drawn(state, ui, t).one(cls="db-game-number").one("a", data_share="")
    assert link.text() == "77" and link.attrs["href"] == ui.address


# --- the new-game dialog, and every string from a catalogue ------------------------------------------------


def test_the_new_game_dialog_shows_the_remembered_choices(t):
    prefs = {"opponent": "human", "first": "blue", "blocks_gold": 3, "no_side_by_side": True}
    dialog = parse(setup.new_dialog(prefs, t)).by_id("db-new")
    checked = {
        n.attrs["data-name"]: n.attrs["value"]
        for n in dialog.all("input", type="radio")
        if "checked" in n.attrs
    }
    assert checked == {"opponent": "human", "first": "blue", "setup": "quick"}
    gold = dialog.one("select", data_name="blocks_gold")
    assert [o.attrs["value"] for o in gold.all("option") if "selected" in o.attrs] == ["3"]
    assert "checked" in dialog.by_id("db-nsbs").attrs
    assert setup.game_options(prefs) == {
        "blocks": [3, 4],
        "start_squares": [["c3", "e3", "c1"], ["e5", "c5", "e7", "c7"]],
        "no_side_by_side": True,
        "first": 1,
        "quick_setup": True,
    }
    assert setup.pref_change(prefs, "blocks_blue", "2") == {"blocks_blue": 2}
    assert setup.pref_change(prefs, "blocks_blue", "9") is None
    assert setup.pref_change(prefs, "no_side_by_side", "on") == {"no_side_by_side": False}
    assert setup.pref_change(prefs, "colour", "red") is None


def start_boxes(dialog: Node, side: str) -> dict:
    """A side's start squares in the dialog: name -> (ticked, can be changed)."""
    return {
        n.attrs["value"]: ("checked" in n.attrs, "disabled" not in n.attrs)
        for n in dialog.all("input", data_name=f"start_{side}")
    }


def test_with_fewer_blocks_the_players_tick_their_start_squares(t):
    """Issue 16, docs/rules/deblockle.md 10.2: each player chooses which of their
    four start squares to use; the computer chooses its own."""
    prefs = {"opponent": "human", "blocks_gold": 2, "blocks_blue": 1, "start_gold": ["e1", "c1"]}
    dialog = parse(setup.new_dialog(prefs, t)).by_id("db-new")
    assert start_boxes(dialog, "gold") == {
        "c3": (False, True),
        "e3": (False, True),
        "c1": (True, True),
        "e1": (True, True),
    }
    assert start_boxes(dialog, "blue") == {
        "c7": (False, True),
        "e7": (False, True),
        "c5": (False, True),
        "e5": (True, True),
    }
    assert setup.game_options(prefs)["start_squares"] == [["e1", "c1"], ["e5"]]
    assert setup.pref_change(prefs, "start_gold", "e3") == {"start_gold": ["c1", "e3"]}
    assert setup.pref_change(prefs, "start_gold", "c1") == {"start_gold": ["e1", "c1"]}
    assert setup.pref_change(prefs, "start_gold", "e5") is None
    assert setup.pref_change(prefs, "start_blue", "c7") == {"start_blue": ["c7"]}

    computer = {**prefs, "opponent": "strong", "blocks_blue": 2, "start_blue": ["c7"]}
    dialog = parse(setup.new_dialog(computer, t)).by_id("db-new")
    assert {n for n, (ticked, free) in start_boxes(dialog, "blue").items() if ticked} == {
        "e5",
        "c5",
    }
    assert not any(free for _, free in start_boxes(dialog, "blue").values())
    assert "The computer chooses its own" in dialog.text()
    assert setup.game_options(computer)["start_squares"] == [["e1", "c1"], ["e5", "c5"]]
    four = parse(setup.new_dialog({}, t)).by_id("db-new")  # all four used: nothing to choose
    assert start_boxes(four, "gold") == {} and start_boxes(four, "blue") == {}


def outside_catalogue(text: str) -> str:
    """What is left of a text once every catalogue string (⟦...⟧, nested too) is cut."""
    while True:
        cut = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if cut == text:
            return text
        text = cut


@pytest.mark.parametrize("where", ["setup", "tip", "over"])
def test_every_visible_string_comes_from_a_catalogue(where):
    t = Translator("en", pseudo=True)
    if where == "setup":
        state = new_game({"quick_setup": False}, 12)
        ui = Ui(seed=12, roll=FACE_NAMES[state.to_place[1][0]])
    elif where == "tip":
        state = new_game({"quick_setup": True}, 5)
        ui = Ui(seed=5, selected="c3", tip=state.tip_options("c3")[0])
    else:
        state = position(REMOVAL, [3, 2])
        state.apply("d5N*")
        ui = Ui(seed=77, message=t("deblockle.pick_block"))
    page = drawn(state, ui, t)
    texts = [c for n in page.walk() if n.tag != "style" for c in n.children if isinstance(c, str)]
    texts += [n.attrs["aria-label"] for n in page.walk() if "aria-label" in n.attrs]
    loose = [text for text in texts if any(ch.isalpha() for ch in outside_catalogue(text))]
    assert loose == []


# --- draws by the rules of section 9 ------------------------------------------------------------

SHUFFLERS = [(0, "c3", "cross", "slider"), (1, "e5", "cross", "star")]
SHUFFLE = ["c3N-c5-d5-d4", "e5E-g5", "d4S-c3", "g5W-e5"]  # the board comes back as it was


@pytest.mark.parametrize("language", ["en", "cy"])
def test_a_draw_by_repetition_says_so_and_why(language):
    """docs/rules/deblockle.md 9.1: the window, the turn line and the announcement."""
    t = Translator(language)
    state = position(SHUFFLERS, [3, 3])
    for move in SHUFFLE * 2:
        events = state.apply(move)
    ui = Ui(seed=77)
    page = drawn(state, ui, t)
    over = page.by_id("db-over")
    assert over.one(data_result="").text() == t("deblockle.over.draw_repetition")
    assert over.one(data_why="").text() == t("deblockle.over.repetition")
    assert page.one(cls="db-turn").text() == t("deblockle.over.draw_repetition")
    assert turn_said(state, ui, t, events)[-1] == t("deblockle.over.draw_repetition")
    expected = {"en": "A draw by repetition.", "cy": "Gêm gyfartal drwy ailadrodd."}
    assert over.one(data_result="").text() == expected[language]


def test_a_draw_for_want_of_progress_says_how_many_turns_went_by(t):
    """9.4: a hundred turns, none taking a block off, none back to a position seen."""
    state = position(SHUFFLERS, [3, 3])
    for _ in range(100):
        state.apply(
            next(
                m
                for m in state.legal_moves()
                if not m.removes and not times_seen_after(state, play(state.position, m))
            )
        )
    assert state.result["reason"] == "no_progress"
    over = drawn(state, Ui(seed=77, opponent="human"), t).by_id("db-over")
    assert over.one(data_result="").text() == "A draw: no block taken off for too long."
    assert over.one(data_why="").text() == (
        "100 turns went by without a block taken off, so the game is a draw."
    )


def test_a_deblockled_players_blocks_are_marked_trapped_and_said_so(t):
    """Issue 16, docs/rules/deblockle.md 8.2: Blue's one block on a7 cannot tip
    (the edges and Gold's blocks on a6 and b7): it is marked, and so is Blue's side."""
    blocks = [
        (0, "a6", "stop", "cross"),
        (0, "b7", "stop", "cross"),
        (0, "g1", "stop", "cross"),
        (1, "a7", "cross", "stop"),
    ]
    state = position(blocks, [1, 3])
    assert state.deblockled() == [1]
    page = drawn(state, Ui(seed=5, opponent="human"), t)
    trapped = cell(page, "a7")
    assert "db-trapped" in trapped.one(cls="db-block").classes
    assert trapped.attrs["aria-label"].startswith("a7: Deblockle'd, this block cannot move")
    assert all("db-trapped" not in b.classes for b in cell(page, "a6").all(cls="db-block"))
    note = page.one(data_trapped="1")
    assert note.text() == "Deblockle'd: every block trapped, no legal turn"
    assert page.all(data_trapped="0") == []
    free = position([(0, "c3", "cross", "stop"), (1, "e5", "cross", "star")], [3, 3])
    assert free.deblockled() == []
    assert drawn(free, Ui(seed=5), t).all(cls="db-trapped") == []


def test_a_game_with_a_friend_ended_before_its_end_says_no_turn(t):
    """A forfeit, a resignation or a claim ends the game before its rules do: the line under
    the remote bar no longer says whose turn it is."""
    state = new_game({"blocks": [1, 1], "quick_setup": True}, 3)
    playing = Ui(seed=3, opponent="remote", me=state.current_player, peer="Bryn")
    assert turn_text(state, playing, t) != t("deblockle.status.ended")
    ended = Ui(seed=3, opponent="remote", me=state.current_player, peer="Bryn", frozen=True)
    assert turn_text(state, ended, t) == t("deblockle.status.ended")
