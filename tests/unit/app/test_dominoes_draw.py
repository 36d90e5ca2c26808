"""The Dominoes page drawn from real positions, with no browser: two and four
seats, a tile picked, pass-and-play, a hand's end and the game's end. The tests
read the markup as a tree, decode the tiles drawn from their pips and check
them against the engine: before a hand ends no seat's drawing ever shows
another seat's tiles, and it does not change when those tiles are dealt
differently. Undo and Redo follow the midend; a replayed position (the game
over) shows every hand face up."""

import ast
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from app.dominoes import draw, setup
from app.dominoes.seats import wanted_game
from app.dominoes.texts import name, narrate
from app.dominoes.ui import Screen as Ui
from app.dominoes.ui import phase, settled_ack, viewer
from app.i18n import Translator
from games.common.rng import SeededRng
from games.dominoes import State, new_game
from games.dominoes.choices import ends_for, hands_played, must, playable
from games.dominoes.view import public_view
from markup_tree import Node, parse

T = Translator("en")
FOLDER = Path(__file__).resolve().parents[3] / "py" / "app" / "dominoes"


def tiles_in(node: Node) -> list:
    """Every domino drawn under `node`, read from its pips, as (high, low)."""
    found = []
    for dom in node.all(cls="dom"):
        halves = [half.all(cls="pip") for half in dom.children if isinstance(half, Node)]
        assert len(halves) == 2
        a, b = len(halves[0]), len(halves[1])
        found.append((max(a, b), min(a, b)))
    return found


def layout_tiles(view: dict) -> list:
    layout = view["layout"]
    if layout["root"] is None:
        return []
    placed = [layout["root"]] + [p for arm in layout["arms"].values() for p in arm]
    return [(max(p), min(p)) for p in placed]


def drawing(state: State, ui: Ui) -> tuple:
    """(the view the page draws from, its markup as a tree)."""
    seat = viewer(ui, state.current_player)
    view = public_view(state) if seat is None else state.view_for(seat)
    return view, parse(draw.page(view, ui, T))


def reshuffled(state: State, seat, rng: random.Random) -> State:
    """A twin dealt differently in all `seat` may not see: the other hands and the boneyard."""
    data = state.to_json()
    others = [s for s in range(len(data["hands"])) if s != seat]
    pool = [t for s in others for t in data["hands"][s]] + data["boneyard"]
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], pool = pool[:size], pool[size:]
    data["boneyard"] = pool
    return State.from_json(data)


def computer_move(state: State, rng: SeededRng) -> dict:
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


# --- a table of two -------------------------------------------------------------------------


def test_two_seats_show_your_hand_the_backs_of_the_other_and_the_boneyard():
    state = new_game({"seats": 2}, 20)
    ui = Ui(players=["human", "strong"], seed=20)
    view, page = drawing(state, ui)
    assert view["seat"] == 0
    section = page.one("section")
    assert section.attrs["data-game"] == "dominoes"
    assert section.attrs["data-phase"] == phase(view, ui)
    hand = page.one(cls="dm-hand")
    shown = [b.attrs["data-tile"] for b in hand.all("button")]
    assert sorted(shown) == sorted(f"{a}-{b}" for a, b in state.hands[0])
    assert sorted(tiles_in(hand)) == sorted(state.hands[0])
    other = page.one(cls="dm-seat", data_seat="1")
    assert len(other.all(cls="dm-back")) == len(state.hands[1]) == 7
    assert "7 in hand" in other.text()
    assert page.one(cls="dm-boneyard").attrs["data-boneyard"] == "14"
    assert page.one(cls="dm-empty").text() == T("dominoes.empty_layout")
    assert (
        "Computer" in page.one(cls="dm-scores").text() and "You" in page.one(cls="dm-scores").text()
    )
    if state.current_player == 0:  # the lead: every tile plays, nothing to draw or pass
        assert len(hand.all(cls="playable")) == 7
        assert "disabled" in page.by_id("dm-draw").attrs
        assert "disabled" in page.by_id("dm-pass").attrs
        assert page.one(data_message="").text() == T("dominoes.status_lead")
    else:
        assert hand.all(cls="playable") == []
        assert T("dominoes.status_thinking", name="Computer") == page.one(data_message="").text()


@pytest.mark.parametrize(
    "options, players, kinds",
    [
        ({"seats": 2}, ["human", "strong"], {"play", "draw"}),
        ({"seats": 4}, ["human", "strong", "greedy", "random"], {"play", "pass"}),
    ],
)
def test_played_hands_mark_what_plays_and_draw_the_table_from_the_view(options, players, kinds):
    state = new_game(options, 20)
    rng = SeededRng(3)
    ui = Ui(players=players, seed=20)
    seen: dict = {}
    while not state.is_over and set(seen) != kinds:
        ui = replace(ui, ack=len(state.hand_summaries))
        view, page = drawing(state, ui)
        assert sorted(tiles_in(page.one(cls="dm-table"))) == sorted(layout_tiles(view))
        assert page.one(cls="dm-count").attrs["data-count"] == str(view["count"])
        hand = page.one(cls="dm-hand")
        assert sorted(tiles_in(hand)) == sorted(state.hands[0])
        if state.current_player == 0:
            kind = must(view)
            seen[kind] = seen.get(kind, 0) + 1
            marked = [b.attrs["data-tile"] for b in hand.all(cls="playable")]
            assert sorted(marked) == sorted(f"{a}-{b}" for a, b in playable(view))
            if options["seats"] < 4:
                assert ("disabled" in page.by_id("dm-draw").attrs) == (kind != "draw")
                assert ("disabled" in page.by_id("dm-pass").attrs) == (kind != "pass")
            else:  # no boneyard (rule 3.2): never Draw, and Pass only as the move (10.2)
                assert page.all(id="dm-draw") == []
                assert len(page.all(id="dm-pass")) == (kind == "pass")
                assert all("disabled" not in b.attrs for b in page.all(id="dm-pass"))
            if kind != "play":
                assert page.one(data_message="").text() == T(f"dominoes.status_{kind}")
        else:
            assert (
                hand.all(cls="playable") == []
                and "my-turn" not in page.one(cls="dm-hand-area").classes
            )
        state.apply(computer_move(state, rng))
    assert set(seen) == kinds


def test_a_tile_that_fits_two_ends_shows_both_as_buttons():
    state, rng = new_game({"seats": 2}, 20), SeededRng(5)
    ui = Ui(players=["human", "strong"], seed=20)
    for _ in range(200):
        if state.current_player == 0:
            view = state.view_for(0)
            double = [t for t in playable(view) if len(ends_for(view, t)) > 1]
            if double:
                break
        state.apply(computer_move(state, rng))
    else:
        raise AssertionError("no tile fitting two ends came up")
    tile = double[0]
    ui = replace(ui, selected=tile)
    _, page = drawing(state, ui)
    slots = page.all(cls="dm-slot")
    assert sorted(s.attrs["data-end"] for s in slots) == sorted(ends_for(view, tile))
    assert page.by_id(f"dm-t-{tile[0]}-{tile[1]}").attrs["aria-pressed"] == "true"
    assert page.one(data_message="").text() == T(
        "dominoes.status_choose_end", tile=f"{tile[0]}-{tile[1]}"
    )


# --- no seat sees another's tiles before the hand ends -------------------------------------------


@pytest.mark.parametrize(
    "options, players",
    [
        ({"seats": 2}, ["human", "strong"]),
        ({"seats": 4, "partnerships": True}, ["human", "strong", "greedy", "random"]),
        ({"seats": 4}, ["strong", "human", "random", "greedy"]),
        ({"seats": 3}, ["human", "human", "strong"]),
    ],
)
def test_no_drawing_shows_another_seats_tiles_before_the_hand_ends(options, players):
    shuffle = random.Random(1)
    for seed in (3, 11):
        state, rng = new_game(options, seed), SeededRng(seed)
        for revealed in [None] + list(range(len(players))):
            ui = Ui(players=players, seed=seed, revealed=revealed)
            view, page = drawing(state, ui)
            assert page.all(cls="dm-summary") == []
        ui = Ui(players=players, seed=seed)
        while state.hand_number == 0 and not state.is_over:
            revealed = state.current_player if shuffle.random() < 0.5 else ui.revealed
            ui = replace(ui, revealed=revealed)
            view, page = drawing(state, ui)
            seat = view["seat"]
            drawn = tiles_in(page)
            own = [] if seat is None else [tuple(t) for t in view["hand"]]
            assert sorted(drawn) == sorted(layout_tiles(view) + own)
            for other in range(len(players)):
                if other != seat:
                    assert not set(state.hands[other]) & set(drawn)
            twin = reshuffled(state, seat, shuffle)
            assert str(draw.page(drawing(twin, ui)[0], ui, T)) == str(draw.page(view, ui, T))
            state.apply(computer_move(state, rng))


def test_pass_and_play_covers_the_hand_of_the_person_to_move():
    state = new_game({"seats": 2}, 9)
    ui = Ui(players=["human", "human"], seed=9)
    view, page = drawing(state, ui)
    seat = state.current_player
    assert view["seat"] is None and view["hand"] == []
    assert phase(view, ui) == "cover"
    assert page.all(cls="dm-hand") == []
    assert page.by_id("dm-reveal").text() == T("dominoes.cover_button", name=f"Player {seat + 1}")
    assert len(page.all(cls="dm-seat")) == 3  # both seats face down, and the boneyard
    ui = replace(ui, revealed=seat)
    view, page = drawing(state, ui)
    assert view["seat"] == seat and phase(view, ui) == "human"
    assert sorted(tiles_in(page.one(cls="dm-hand"))) == sorted(state.hands[seat])
    assert (
        page.one(cls="dm-hand-title")
        .text()
        .startswith(T("dominoes.hand_of", name=f"Player {seat + 1}"))
    )


# --- four seats, partners -------------------------------------------------------------------------


def test_four_partners_share_a_score_and_see_three_seats_face_down():
    state = new_game({"seats": 4, "partnerships": True}, 5)
    ui = Ui(players=["human", "strong", "greedy", "random"], seed=5)
    _, page = drawing(state, ui)
    scores = page.all(cls="dm-score")
    assert [s.one(cls="dm-score-name").text() for s in scores] == [
        "You & Computer 3",
        "Computer 2 & Computer 4",
    ]
    assert [n.attrs["data-seat"] for n in page.all(cls="dm-seat") if "data-seat" in n.attrs] == [
        "1",
        "2",
        "3",
    ]
    assert page.all(cls="dm-boneyard") == []  # rule 3.2: four hands of 7 leave none
    assert len(page.one(cls="dm-sheet-table").all("tr")) == 2  # the heads and "now"
    assert tiles_in(page) == tiles_in(page.one(cls="dm-hand"))
    assert sorted(tiles_in(page)) == sorted(state.hands[0])


# --- the end of a hand, and of the game --------------------------------------------------------


def play_to_hand_end(state: State, rng: SeededRng) -> list:
    while True:
        events = state.apply(computer_move(state, rng))
        if any(e["type"] == "hand_end" for e in events):
            return events


@pytest.mark.parametrize(
    "options, players",
    [
        ({"seats": 2}, ["human", "strong"]),
        ({"seats": 4, "partnerships": True}, ["human", "strong", "greedy", "random"]),
    ],
)
def test_the_end_of_a_hand_shows_every_hand_and_the_finished_table(options, players):
    state, rng = new_game(options, 20), SeededRng(20)
    ui = Ui(players=players, seed=20)
    events = play_to_hand_end(state, rng)
    summary = state.hand_summaries[0]
    view, page = drawing(state, ui)
    assert phase(view, ui) == "summary"
    dialog = page.by_id("dm-summary")
    assert dialog.one("h2").text() == T("dominoes.sum_title", number=1)
    rows = dialog.one("tbody").all("tr")
    assert len(rows) == len(players)
    for seat, row in enumerate(rows):  # every hand, face up now the hand is over
        assert sorted(tiles_in(row)) == sorted(tuple(t) for t in summary["hands"][seat])
        assert row.all("td")[-1].text() == str(summary["pips"][seat])
    if summary["winner_team"] is not None:
        assert T("dominoes.sum_raw", raw=summary["raw"], points=summary["points"]) in dialog.text()
    # The finished hand stays on the table while its summary is read.
    finished = view["finished_table"]
    assert finished["layout"] == summary["layout"]
    assert sorted(tiles_in(page.one(cls="dm-table"))) == sorted(layout_tiles(finished))
    assert page.one(data_message="").text() == T("dominoes.status_summary")
    assert len(page.one(cls="dm-sheet-table").one("tbody").all("tr")) == 2
    said = narrate(events, view, ui, T)
    seat = summary["seat"]
    ending = (
        T("dominoes.announce.blocked")
        if summary["reason"] == "blocked"
        else T("dominoes.announce.domino.you")
        if seat == 0
        else T("dominoes.announce.domino.named", name=name(ui, seat, T))
    )
    assert ending in said
    # Closed: the new hand's table and only one's own new tiles.
    ui = replace(ui, ack=1)
    view, page = drawing(state, ui)
    assert page.all(cls="dm-summary") == []
    assert sorted(tiles_in(page.one(cls="dm-table"))) == sorted(layout_tiles(view))
    others = {t for s, hand in enumerate(state.hands) if s != view["seat"] for t in hand}
    assert not others & set(tiles_in(page))


def test_reaching_the_target_ends_the_game_with_the_scores():
    state, rng = new_game({"seats": 2, "target": 40}, 7), SeededRng(7)
    ui = Ui(players=["human", "strong"], seed=7)
    while not state.is_over:
        state.apply(computer_move(state, rng))
        ui = replace(ui, ack=len(state.hand_summaries))
    view, page = drawing(state, ui)
    assert phase(view, ui) == "over"
    dialog = page.by_id("dm-over")
    won = state.result["winner_team"] == 0
    head = T("dominoes.over_you_win") if won else T("dominoes.over_you_lose.named", name="Computer")
    assert dialog.one(cls="dm-over-head").text() == head
    scores = [li.one("strong").text() for li in dialog.one(cls="dm-over-scores").all("li")]
    assert scores == [str(s) for s in state.scores]
    assert page.all(cls="dm-hand") != [] and page.all(cls="playable") == []
    assert page.one(data_message="").text() == T("dominoes.status_over")
    assert dialog.all(data_not_counted="") == []
    ui = replace(ui, counted=False)  # its seed was known, or a computer's move was taken back
    note = drawing(state, ui)[1].by_id("dm-over").one(data_not_counted="")
    assert note.text() == T("frame.not_counted_short") == "Not counted"


def test_the_game_number_and_its_link_are_shown_only_once_they_give_nothing_away():
    """docs/rules/dominoes.md 10.5: the deal follows from the number, so a game
    dealt from a fresh seed shows neither while it is played."""
    state = new_game({"seats": 2}, 20)
    ui = Ui(players=["human", "strong"], seed=20, address="#/dominoes?seats=2")
    page = drawing(state, ui)[1]
    assert page.all(cls="dm-game-number") == [] and page.all(data_share="") == []
    ui = replace(ui, seed_shown=True, address="#/dominoes?seats=2&seed=20")
    link = drawing(state, ui)[1].one(cls="dm-game-number").one("a", data_share="")
    assert link.text() == "20" and link.attrs["href"] == "#/dominoes?seats=2&seed=20"


@pytest.mark.parametrize(
    ("address", "wanted"),
    [
        ("", None),  # no number: no game asked for
        ("seed=20", (20, ["human", "strong"], {"seats": 2, "partnerships": False, "target": 250})),
        (
            "seats=4&partnerships=1&target=100&seed=7&players=human%2Cgreedy%2Chuman%2Crandom",
            (
                7,
                ["human", "greedy", "human", "random"],
                {"seats": 4, "partnerships": True, "target": 100},
            ),
        ),
        (
            "seats=4&seed=7&players=human%2Crandom%2Crandom",  # a seat for each player
            (7, ["human", "random", "random"], {"seats": 3, "partnerships": False, "target": 250}),
        ),
        ("partnerships=1&seed=7", None),  # partners need four
        ("target=0&seed=7", None),
    ],
)
def test_a_game_asked_for_by_its_address_takes_its_table_from_it(address, wanted):
    from app.router import parse as parse_route

    params = parse_route(f"#/dominoes?{address}").params
    assert wanted_game(params, ["human", "strong"], False) == wanted


# --- the new-game dialog, and the modules' imports -------------------------------------------------


def test_the_new_game_dialog_offers_partners_only_to_four():
    ui = Ui(setup=setup.choices_from_prefs({"players": "human,strong,greedy", "partners": True}))
    dialog = parse(setup.setup_dialog(ui, T)).by_id("dm-setup")
    assert len(dialog.all("select")) == 3
    box = dialog.one("input", name="dm-partners")
    assert "disabled" in box.attrs and "checked" not in box.attrs
    chosen = setup.change(ui.setup, "setup-count", {"value": "4"})
    assert chosen is not None
    ui = replace(ui, setup=chosen)
    assert ui.setup["players"] == ["human", "strong", "greedy", "strong"]
    assert setup.table_chosen(ui.setup) == (["human", "strong", "greedy", "strong"], True)
    dialog = parse(setup.setup_dialog(ui, T)).by_id("dm-setup")
    assert "disabled" not in dialog.one("input", name="dm-partners").attrs


def test_text_from_the_page_is_escaped():
    state = new_game({"seats": 2}, 20)
    ui = Ui(players=["human", "strong"], seed=20, message="<b>x</b>", log=["<i>y</i>"])
    markup = str(draw.page(state.view_for(0), ui, T))
    assert "&lt;b&gt;x&lt;/b&gt;" in markup and "<b>" not in markup and "<i>" not in markup


@pytest.mark.parametrize(
    "module",
    ["draw", "ui", "seats", "tiles", "texts", "setup", "summary", "table", "changes", "input"],
)
def test_the_drawing_modules_import_no_browser(module):
    source = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(source):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported |= {node.module or ""} | {alias.name for alias in node.names}
    assert not imported & {"browser", "js", "pyscript", "app.browser"}
    assert "State" not in imported  # drawn from views, never from a state


def test_the_public_view_holds_no_hand_and_the_finished_table_once_a_hand_ended():
    state = new_game({"seats": 3}, 4)
    assert public_view(state)["finished_table"] is None
    play_to_hand_end(state, SeededRng(4))
    public = public_view(state)
    json.dumps(public)
    assert public["seat"] is None and public["hand"] == [] and public["legal_moves"] == []
    assert public["finished_table"]["layout"] == state.hand_summaries[-1]["layout"]
    for seat in range(3):
        mine = state.view_for(seat)
        assert {
            k: v for k, v in mine.items() if k not in ("seat", "team", "hand", "legal_moves")
        } == {k: v for k, v in public.items() if k not in ("seat", "team", "hand", "legal_moves")}


# --- undo and redo, and replays ------------------------------------------------------------------


def test_undo_and_redo_are_offered_as_the_midend_allows_and_from_a_hands_end():
    state, rng = new_game({"seats": 2}, 20), SeededRng(20)
    ui = Ui(players=["human", "strong"], seed=20, can_undo=True)
    page = drawing(state, ui)[1]
    assert "disabled" not in page.by_id("dm-undo").attrs
    assert "disabled" in page.by_id("dm-redo").attrs
    assert page.by_id("dm-undo").text() == T("frame.undo")
    play_to_hand_end(state, rng)
    dialog = drawing(state, ui)[1].by_id("dm-summary")
    assert dialog.one(data_action="undo").text() == T("frame.undo")
    ui = replace(ui, can_undo=False)
    assert drawing(state, ui)[1].by_id("dm-summary").all(data_action="undo") == []
    # Undo took the hand's end back: its summary closes; redo brings it back open.
    assert settled_ack(public_view(new_game({"seats": 2}, 20)), 1) == 0
    assert settled_ack(public_view(state), 0) == 0
    state.apply(state.legal_moves()[0])  # the next hand has begun: its summary was closed
    assert settled_ack(public_view(state), 0) == 1


def test_a_replayed_position_shows_the_table_every_hand_face_up_and_the_scores():
    from app import replays
    from games.dominoes.game import GAME

    options, rng = {"seats": 3, "partnerships": False, "target": 60}, SeededRng(3)
    state, moves = GAME.new_game(options, 3), []
    while not state.is_over:
        move = computer_move(state, rng)
        moves.append(GAME.format_move(move))
        state.apply(move)
    entry = {"options": options, "seed": 3, "seats": ["human"] * 3, "moves": moves}
    ends_shown = 0
    for position in replays.positions(GAME, entry):
        board = parse(draw.replay_board(position, T)).one(cls="replay-board")
        assert not [n for n in board.walk() if "data-action" in n.attrs]  # nothing to press
        for team, score in enumerate(position.scores):
            assert board.one(data_score=str(team)).text() == str(score)
        rows = board.one(cls="dm-sum-table").one("tbody").all("tr")
        summaries, view = position.hand_summaries, public_view(position)
        if summaries and not position.history and not position.is_over:
            ends_shown += 1  # just after a hand's end: that hand, as it ended
            hands, shown = summaries[-1]["hands"], view["finished_table"]
            assert board.one(cls="dm-sum-head")
        else:
            hands, shown = position.hands, view
            boneyard = board.one(cls="dm-boneyard")
            assert boneyard.attrs["data-boneyard"] == str(len(position.boneyard))
        assert [row.one("th").text() for row in rows] == ["Player 1", "Player 2", "Player 3"]
        for seat, row in enumerate(rows):  # every hand face up: the game is over
            assert sorted(tiles_in(row)) == sorted(tuple(t) for t in hands[seat])
        assert sorted(tiles_in(board.one(cls="dm-table"))) == sorted(layout_tiles(shown))
    # Every hand's end but one that ended the game is shown once, before the next hand begins.
    assert ends_shown == hands_played(public_view(state)) - 1 >= 1


def test_a_game_is_in_progress_once_a_person_moved_and_until_it_is_over():
    """Starting another game asks only when this one would be lost (rules 10.6)."""
    from app.dominoes.ui import in_progress

    state = new_game({"seats": 2, "partnerships": False}, 20)
    ui = Ui(players=["human", "strong"])
    people = Ui(players=["human", "human"])
    assert not in_progress(public_view(state), ui)
    while state.current_player != 0:  # the computer's moves alone lose nothing of ours
        state.apply(state.legal_moves()[0])
        assert not in_progress(public_view(state), ui)
    state.apply(state.legal_moves()[0])
    assert in_progress(public_view(state), ui) and in_progress(public_view(state), people)
    while state.hand_number == 0:
        state.apply(state.legal_moves()[0])
    assert in_progress(public_view(state), ui)  # a later hand, whoever moved in it
    assert not in_progress({**public_view(state), "is_over": True}, ui)


@pytest.mark.parametrize(
    "language, players, seats, key, expected",
    [
        ("en", ["human", "strong"], [0], "dominoes.announce.pass", "You pass."),
        ("en", ["human", "strong"], [1], "dominoes.announce.pass", "Computer passes."),
        ("en", ["human", "strong"], [0], "dominoes.announce.domino", "You domino!"),
        ("en", ["human", "strong"], [0], "dominoes.announce.new_hand", "New hand: you lead."),
        ("en", ["human", "human"], [1], "dominoes.announce.pass", "Player 2 passes."),
        (
            "en",
            ["human"] + ["strong"] * 3,
            [0, 2],
            "dominoes.announce.over",
            "Game over: you and your partner Computer 3 win.",
        ),
        (
            "en",
            ["human"] + ["strong"] * 3,
            [1, 3],
            "dominoes.over_you_lose",
            "Computer 2 & Computer 4 win this time.",
        ),
        ("cy", ["human", "strong"], [0], "dominoes.announce.pass", "Rydych chi'n pasio."),
        ("cy", ["human", "strong"], [1], "dominoes.announce.pass", "Mae Cyfrifiadur yn pasio."),
        ("cy", ["human", "strong"], [0], "dominoes.announce.domino", "Rydych chi'n dominoio!"),
        (
            "cy",
            ["human", "strong"],
            [0],
            "dominoes.announce.new_hand",
            "Llaw newydd: chi sy'n arwain.",
        ),
        (
            "cy",
            ["human"] + ["strong"] * 3,
            [0, 2],
            "dominoes.announce.over",
            "Diwedd y gêm: chi a'ch partner, Cyfrifiadur 3, sy'n ennill.",
        ),
    ],
)
def test_what_is_said_about_a_person_is_in_their_own_words(language, players, seats, key, expected):
    """Issue 16: "You passes.", "You dominoes!", "You scores 20 points." (and
    "Mae Chi yn pasio."): every sentence about a seat has a form for you."""
    from app.dominoes.texts import about

    t = Translator(language)
    state = new_game({"seats": len(players), "partnerships": len(players) == 4}, 3)
    assert about(t, key, public_view(state), Ui(players=players), seats) == expected


def test_a_hand_we_win_is_said_in_our_words():
    from app.dominoes.texts import about

    view = public_view(new_game({"seats": 2, "partnerships": False}, 3))
    ui = Ui(players=["human", "strong"])
    assert about(T, "dominoes.sum_points", view, ui, [0], points=20) == "You score 20 points."
    cy = Translator("cy")
    assert about(cy, "dominoes.sum_points", view, ui, [0], points=20) == (
        "Rydych chi'n sgorio 20 pwynt."
    )
    assert about(T, "dominoes.sum_points", view, ui, [1], points=5) == "Computer scores 5 points."


@pytest.mark.parametrize("seed", [4, 7, 11])
def test_behind_a_hands_summary_the_hands_and_boneyard_are_as_it_ended(seed):
    from app.dominoes.ui import as_it_ended

    state, rng = new_game({"seats": 3}, seed), SeededRng(seed)
    ui = Ui(players=["human", "strong", "greedy"])
    while not state.hand_summaries:
        boneyard = len(state.boneyard)  # a hand ends on a play or a pass, never a draw
        state.apply(computer_move(state, rng))
    view = state.view_for(0)
    shown = as_it_ended(view, ui)
    summary = state.hand_summaries[0]
    assert shown["hand"] == summary["hands"][0] != view["hand"]
    assert shown["hand_sizes"] == [len(hand) for hand in summary["hands"]]
    assert shown["boneyard"] == boneyard
    page = parse(draw.page(view, ui, T))
    assert sorted(tiles_in(page.one(cls="dm-hand"))) == sorted(map(tuple, summary["hands"][0]))
    ui = replace(ui, ack=1)  # the players went on: the next deal
    assert as_it_ended(view, ui) is view


def test_a_table_proposed_to_a_friend_on_another_device():
    """The host's New game table as a match's seats: its first person is the host, the
    next person (else the seat after the host's) the friend; a third person and every
    computer are computers the host's device runs."""
    from app.dominoes.seats import proposed_seats
    from app.dominoes.ui import REMOTE_KIND

    assert proposed_seats(["human", "strong"]) == ["host", "guest"]
    assert proposed_seats(["strong", "human", "random"]) == ["computer:expert", "host", "guest"]
    four = ["human", "greedy", "human", "human"]
    assert proposed_seats(four) == ["host", "computer:medium", "guest", "computer:expert"]
    ui = Ui(players=["human", "strong", REMOTE_KIND], peer="Siân")
    assert name(ui, 2, T) == "Siân" and name(ui, 0, T) == "You"
    view = {"is_over": False, "hand_summaries": [], "current_player": 2, "history": []}
    assert phase(view, ui) == "remote"
    assert phase({**view, "current_player": 0, "dealing": True}, ui) == "dealing"
    assert phase({**view, "phase": "check"}, ui) == "checking"
    assert "Waiting for Siân" in draw.status_text({**view, "legal_moves": []}, ui, T)


def test_a_table_proposed_to_friends_on_two_or_three_other_devices():
    """With friends on several devices (docs/rules/dominoes.md 11.8) the host sits in the
    first person's seat, the friends in the other people's seats in the order they joined,
    then in computers' seats after the host's; the table grows when it is too small; a
    person no friend sits for is played by the strong computer; partners only at four."""
    from app.dominoes.seats import table_seats
    from app.dominoes.ui import REMOTE_KIND

    assert table_seats(["human", "strong"], False, ["g1", "g2"]) == (
        {"seats": 3, "partnerships": False},
        ["host", "g1", "g2"],
    )
    assert table_seats(["human", "human", "human", "human"], True, ["g1", "g2"]) == (
        {"seats": 4, "partnerships": True},
        ["host", "g1", "g2", "computer:expert"],
    )
    four = ["strong", "human", "greedy", "human"]
    assert table_seats(four, True, ["g1", "g2", "g3"])[1] == ["g3", "host", "g2", "g1"]
    assert table_seats(four, False, ["g1", "g2"])[1] == ["computer:expert", "host", "g2", "g1"]
    assert table_seats(["human", "human"], True, ["g1", "g2", "g3"]) == (
        {"seats": 4, "partnerships": False},
        ["host", "g1", "g2", "g3"],
    )
    ui = Ui(players=["human", REMOTE_KIND, REMOTE_KIND], peer="Siân, Cai", peer_names={1: "Siân"})
    ui.peer_names[2] = "Cai"
    assert name(ui, 1, T) == "Siân" and name(ui, 2, T) == "Cai"
    view = {"is_over": False, "hand_summaries": [], "current_player": 2, "history": []}
    assert "Waiting for Cai" in draw.status_text({**view, "legal_moves": []}, ui, T)
