"""Deblockle played in the page as a person would: clicks, keys, reloads.

The engine plans the clicks: each test knows from games.deblockle which turns
the position allows and checks the board the page draws against the engine's."""

import json
import re

import pytest
from app import saved_games
from app.computer_turns import PAUSE_MS
from app.midend import HUMAN, Midend
from app.storage import MemoryBackend, Store
from e2e_support import pause_clock, wait_ready, wait_worker_reply, worker_moves
from games.common.rng import SeededRng
from games.deblockle import State, new_game
from games.deblockle.game import GAME
from playwright.sync_api import expect

OPTIONS = {"blocks": 4, "no_side_by_side": False, "first": 0, "quick_setup": True}
START = {
    "blocks": [4, 4],
    "start_squares": [["c3", "e3", "c1", "e1"], ["e5", "c5", "e7", "c7"]],
    "first": 0,
    "no_side_by_side": False,
    "quick_setup": True,
}


def has_classes(names: str):
    return re.compile("".join(rf"(?=.*\b{name}\b)" for name in names.split()))


def cell(page, square):
    return page.locator(f"#db-c-{square}")


def board_blocks(page) -> dict:
    """square -> (player, top symbol) as the page draws the blocks."""
    found = page.evaluate("""() => Array.from(document.querySelectorAll('.db-cell')).flatMap((c) => {
        const b = c.querySelector('.db-block:not(.db-ghost)');
        if (!b) return [];
        const top = b.querySelector('.db-top .db-sym').getAttribute('class').match(/db-sym-(\\w+)/)[1];
        return [[c.dataset.sq, b.classList.contains('db-p0') ? 0 : 1, top]];
    })""")
    return {sq: (player, top) for sq, player, top in found}


def engine_blocks(state) -> dict:
    return {b["square"]: (b["player"], b["top"]) for b in state.blocks()}


def set_prefs(page, **prefs):
    record = {"v": 1, "rev": 1, "data": prefs}
    page.evaluate("(r) => localStorage.setItem('gemau:prefs:deblockle', r)", json.dumps(record))


def load_game(page, state_json: dict, opponent: str = "strong", seed: int = 77):
    record = {
        "v": 1,
        "rev": 1,
        "data": {
            "state": state_json,
            "meta": {"seed": seed, "opponent": opponent, "recorded": False},
        },
    }
    page.evaluate("(r) => localStorage.setItem('gemau:saved:deblockle', r)", json.dumps(record))
    page.evaluate("location.hash = '#/'")
    page.evaluate("location.hash = '#/deblockle'")
    expect(page.locator("[data-game='deblockle']")).to_be_visible()


def position(blocks, removed, current=0, options=None):
    return {
        "version": 1,
        "options": options or START,
        "phase": "play",
        "current_player": current,
        "blocks": [
            {"player": p, "square": sq, "top": top, "north": north} for p, sq, top, north in blocks
        ],
        "removed": removed,
        "to_place": [[], []],
        "result": None,
        "history": [],
    }


def computer_reply(state, seed: int, moves_played: int):
    """The strong computer's move (level "hard"), with the midend's dice: from the
    seed and the number of moves played in the page (a quick set-up's are not)."""
    rng = SeededRng(seed).fork(f"computer:{moves_played}")
    return GAME.computer["hard"](state.view_for(state.current_player), rng, None)


def play_by_clicks(page, state, move: str):
    """Select the block, click the tip square, then the hop's end square (if any)."""
    square = move[:2]
    option = next(o for o in state.tip_options(square) if o["direction"] == move[2])
    cell(page, square).click()
    expect(cell(page, option["to"])).to_have_class(has_classes("db-tip-target"))
    cell(page, option["to"]).click()
    index = option["moves"].index(move)
    end = option["hops"][index][-1]
    if not option["removes"] and option["top"] != "stop":
        expect(cell(page, end)).to_have_class(has_classes("db-hop-end"))
        cell(page, end).click()
        # The page plays the first path the engine lists to that end square.
        move = next(m for m, p in zip(option["moves"], option["hops"]) if p[-1] == end)
    state.apply(move)
    return option


def test_a_seeded_game_by_clicks_tips_and_hops_of_every_kind(open_app):
    page = open_app(reduced_motion="reduce")
    page.evaluate("location.hash = '#/deblockle?seed=2024&opponent=human'")
    expect(page.locator("[data-game='deblockle']")).to_be_visible()
    state = new_game(OPTIONS, 2024)
    assert board_blocks(page) == engine_blocks(state)
    wanted = {"stop", "cross", "x", "slider", "hoops"}
    seen = set()
    for _ in range(40):
        options = [
            (o, o["moves"][0]) for sq in sorted(engine_blocks(state)) for o in state.tip_options(sq)
        ]
        fresh = [(o, m) for o, m in options if o["top"] not in seen]
        option, move = (fresh or options)[0]
        if option["top"] in ("slider", "hoops"):  # the longest hop shows the path best
            move = max(zip(option["moves"], option["hops"]), key=lambda mp: len(mp[1]))[0]
        played = play_by_clicks(page, state, move)
        seen.add(played["top"])
        expect(page.locator("#announcer")).to_contain_text("tipped")
        expect(page.locator("[data-game='deblockle']")).to_have_attribute(
            "data-current", str(state.current_player)
        )
        assert board_blocks(page) == engine_blocks(state)
        if wanted <= seen or state.is_over:
            break
    assert wanted <= seen, f"only saw {seen}"


def test_against_the_computer_with_animation_and_reload_resumes(open_app):
    page = open_app("#/deblockle?seed=31")
    state = new_game(OPTIONS, 31)
    move = next(str(m) for m in state.legal_moves() if len(m.path) == 1)
    play_by_clicks(page, state, move)
    game = page.locator("[data-game='deblockle']")
    expect(page.locator("[data-turn]")).to_have_text("The computer is thinking…")
    expect(game).to_have_attribute("data-current", "0", timeout=15_000)
    expect(game).to_have_attribute("data-busy", "no")
    reply = computer_reply(state, 31, 1)
    state.apply(reply)
    assert board_blocks(page) == engine_blocks(state)
    expect(page.locator("#announcer")).to_contain_text("Blue tipped")
    page.reload()
    wait_ready(page)
    assert board_blocks(page) == engine_blocks(state)
    expect(page.locator("[data-turn]")).to_contain_text("Your turn")
    expect(page.locator("[data-share]")).to_have_text("31")


def test_a_reload_during_the_hop_keeps_the_move(open_app):
    """The frame plays a move through the midend, saves it, then draws it: a reload while
    the block is still hopping finds the move played (the review found it lost, when the
    move was played only once its hop had been drawn)."""
    page = open_app("#/deblockle?seed=31")
    state = new_game(OPTIONS, 31)
    move = str(max(state.legal_moves(), key=lambda m: len(m.path)))
    option = next(o for o in state.tip_options(move[:2]) if o["direction"] == move[2])
    end = option["hops"][option["moves"].index(move)][-1]
    assert next(m for m, p in zip(option["moves"], option["hops"]) if p[-1] == end) == move
    cell(page, move[:2]).click()
    cell(page, option["to"]).click()
    expect(cell(page, end)).to_have_class(has_classes("db-hop-end"))
    # The hop's end pressed, then the page reloaded in the same task: mid-hop for certain.
    busy = page.evaluate(
        """(square) => {
            document.getElementById("db-c-" + square).click();
            const busy = document.querySelector("[data-busy]").dataset.busy;
            location.reload();
            return busy;
        }""",
        end,
    )
    assert busy == "yes"  # the block was on its way
    wait_ready(page)
    state.apply(move)
    game = page.locator("[data-game='deblockle']")
    expect(game).to_have_attribute("data-current", "0", timeout=15_000)  # the computer replied
    expect(game).to_have_attribute("data-busy", "no")
    state.apply(computer_reply(state, 31, 1))
    assert board_blocks(page) == engine_blocks(state)


def test_a_tip_can_be_taken_back_and_a_wrong_square_is_explained(open_app):
    page = open_app("#/deblockle?seed=5&opponent=human", reduced_motion="reduce")
    state = new_game(OPTIONS, 5)
    option = next(
        o for o in state.tip_options("c3") if o["top"] in ("cross", "x", "slider", "hoops")
    )
    cell(page, "c3").click()
    expect(page.locator("[data-cube] .db-net-t .db-sym")).to_have_class(
        has_classes("db-sym-" + engine_blocks(state)["c3"][1])
    )
    tip_preview = cell(page, option["to"]).locator(".db-preview .db-top .db-sym")
    expect(tip_preview).to_have_class(has_classes("db-sym-" + option["top"]))
    cell(page, option["to"]).click()
    expect(page.locator(".db-hop-end")).to_have_count(len({p[-1] for p in option["hops"]}))
    page.get_by_role("button", name="Take back the tip").click()
    expect(page.locator(".db-hop-end")).to_have_count(0)
    assert board_blocks(page) == engine_blocks(state)
    cell(page, "e5").click()
    expect(page.locator("[data-message]")).to_have_text("The block on e5 belongs to your opponent.")


def test_removal_at_the_star_wins_and_is_counted_in_statistics(open_app):
    page = open_app(reduced_motion="reduce")
    data = position(
        [(0, "d5", "cross", "stop"), (1, "a1", "cross", "stop"), (1, "g1", "x", "stop")], [3, 2]
    )
    load_game(page, data)
    state = State.from_json(data)
    cell(page, "d5").click()
    expect(cell(page, "d6").locator(".db-preview")).to_have_class(has_classes("db-removes"))
    cell(page, "d6").click()
    state.apply("d5N*")
    assert state.is_over
    dialog = page.locator("#db-over")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You win!")
    expect(page.locator("#announcer")).to_contain_text(
        "Gold took a block off at the star: 4 off, 0 left."
    )
    expect(page.locator("[data-off='0']")).to_have_text("4 of 4 off")
    page.keyboard.press("Escape")
    page.get_by_role("link", name="Statistics").click()
    stats = page.locator("[data-stats='deblockle']")
    expect(stats).to_contain_text("Against strong computer")
    expect(stats.locator("dd").nth(1)).to_have_text("1")


def test_a_deblockled_player_passes_with_a_clear_message(open_app):
    page = open_app(reduced_motion="reduce")
    options = {**START, "blocks": [4, 1], "start_squares": [["c3", "e3", "c1", "e1"], ["e5"]]}
    data = position(
        [
            (0, "a6", "stop", "cross"),
            (0, "b7", "stop", "cross"),
            (0, "g1", "stop", "cross"),
            (1, "a7", "cross", "stop"),
        ],
        [1, 0],
        options=options,
    )
    load_game(page, data)
    state = State.from_json(data)
    play_by_clicks(page, state, "g1N-f1")
    assert state.current_player == 0
    expect(page.locator("[data-message]")).to_have_text(
        "Blue is Deblockle'd: no legal turn, so the turn passes."
    )
    expect(page.locator("#announcer")).to_contain_text("Blue is Deblockle'd")
    expect(page.locator("[data-game='deblockle']")).to_have_attribute("data-current", "0")
    expect(page.locator("[data-turn]")).to_contain_text("Your turn")
    assert board_blocks(page) == engine_blocks(state)
    # Issue 16: Blue's trapped block is marked, and said on Blue's side and in its square.
    expect(cell(page, "a7").locator(".db-block")).to_have_class(has_classes("db-trapped"))
    expect(cell(page, "a7")).to_have_attribute("aria-label", re.compile("Deblockle'd"))
    expect(page.locator("[data-trapped='1']")).to_have_text(
        "Deblockle'd: every block trapped, no legal turn"
    )
    expect(page.locator(".db-trapped")).to_have_count(1)


def test_a_whole_turn_by_keyboard(open_app):
    page = open_app("#/deblockle?seed=5&opponent=human", reduced_motion="reduce")
    state = new_game(OPTIONS, 5)
    option = next(o for o in state.tip_options("c3") if o["direction"] == "E")  # c3 -> d3
    end = option["hops"][0][-1]
    page.locator("#db-board").focus()
    # The cursor starts on d4: down and left to c3, Enter; right to d3, Enter; then to the end square.
    for key in ["ArrowDown", "ArrowLeft", "Enter", "ArrowRight", "Enter"]:
        page.keyboard.press(key)
    expect(cell(page, end)).to_have_class(has_classes("db-hop-end"))
    col, row = "abcdefg".index(end[0]) - 3, int(end[1]) - 3
    for _ in range(abs(col)):
        page.keyboard.press("ArrowRight" if col > 0 else "ArrowLeft")
    for _ in range(abs(row)):
        page.keyboard.press("ArrowUp" if row > 0 else "ArrowDown")
    page.keyboard.press("Enter")
    state.apply(option["moves"][0])
    expect(page.locator("[data-game='deblockle']")).to_have_attribute("data-current", "1")
    assert board_blocks(page) == engine_blocks(state)


def test_new_game_dialog_choices_are_remembered(open_app):
    page = open_app("#/deblockle", reduced_motion="reduce")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#db-new")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Two players on this device").check()
    dialog.locator("input[name='db-first'][value='blue']").check()
    dialog.locator("select[data-name='blocks_gold']").select_option("3")
    dialog.get_by_label("No side by side").check()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-off='0']")).to_have_text("0 of 3 off")
    expect(page.locator("[data-off='1']")).to_have_text("0 of 4 off")
    expect(page.locator("[data-game='deblockle']")).to_have_attribute("data-current", "1")
    expect(page.locator("[data-turn]")).to_have_text("Blue to play: pick a block to tip.")
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-off='0']")).to_have_text("0 of 3 off")
    page.get_by_role("button", name="New Game").click()
    expect(dialog.get_by_label("Two players on this device")).to_be_checked()
    expect(dialog.get_by_label("No side by side")).to_be_checked()
    expect(dialog.locator("select[data-name='blocks_gold']")).to_have_value("3")


def test_set_up_ceremony_place_the_computers_blocks_then_it_places_yours(open_app):
    page = open_app(reduced_motion="reduce")
    set_prefs(page, setup="ceremony", opponent="strong")
    page.evaluate("location.hash = '#/deblockle?seed=12'")
    game = page.locator("[data-game='deblockle']")
    expect(game).to_have_attribute("data-phase", "setup")
    state = new_game({**OPTIONS, "quick_setup": False}, 12)
    rolls = page.locator(".db-roll")
    expect(rolls).to_have_count(4)
    for square in ["e5", "c5", "e7", "c7"]:
        page.locator(".db-roll").first.click()
        expect(cell(page, square)).to_have_class(has_classes("db-place-target"))
        cell(page, square).click()
    expect(game).to_have_attribute("data-phase", "play", timeout=15_000)
    blocks = board_blocks(page)
    assert sorted(sq for sq, (p, _) in blocks.items() if p == 1) == ["c5", "c7", "e5", "e7"]
    assert sorted(sq for sq, (p, _) in blocks.items() if p == 0) == ["c1", "c3", "e1", "e3"]
    assert sorted(top for p, top in blocks.values() if p == 1) == sorted(
        ["star", "stop", "cross", "x", "slider", "hoops"][t] for t in state.to_place[1]
    )
    expect(page.locator("[data-turn]")).to_contain_text("Your turn")


def test_rules_page_has_the_symbols_in_both_languages(open_app):
    page = open_app("#/rules/deblockle")
    body = page.locator(".rules-body")
    expect(body).to_contain_text("Deblockle'd")
    expect(body.locator("svg")).not_to_have_count(0)
    page.get_by_role("link", name="Settings").click()
    page.get_by_label("Cymraeg").check()
    page.evaluate("location.hash = '#/rules/deblockle'")
    expect(body).to_contain_text("Llithrydd")


# --- undo and redo, statistics, a full device ------------------------------------------------------

REMOVAL = [(0, "d5", "cross", "stop"), (1, "a1", "cross", "stop"), (1, "g1", "x", "stop")]


def test_undo_against_the_computer_takes_back_its_reply_too_by_button_and_keys(open_app):
    page = open_app("#/deblockle?seed=31", reduced_motion="reduce")
    start = new_game(OPTIONS, 31)
    state = start.copy()
    move = next(str(m) for m in state.legal_moves() if len(m.path) == 1)
    play_by_clicks(page, state, move)
    game = page.locator("[data-game='deblockle']")
    expect(game).to_have_attribute("data-current", "0", timeout=15_000)
    state.apply(computer_reply(state, 31, 1))
    assert board_blocks(page) == engine_blocks(state)
    undo = page.get_by_role("button", name="Undo")
    redo = page.get_by_role("button", name="Redo")
    expect(redo).to_be_disabled()

    undo.click()  # your move and the computer's reply
    expect(undo).to_be_disabled()
    assert board_blocks(page) == engine_blocks(start)
    expect(page.locator("[data-turn]")).to_contain_text("Your turn")
    not_ranked = page.locator(".notice", has_text="will not count in your statistics")
    expect(not_ranked).to_have_count(1)
    redo.click()  # both again
    expect(redo).to_be_disabled()
    expect(game).to_have_attribute("data-current", "0")
    assert board_blocks(page) == engine_blocks(state)

    not_ranked.get_by_role("button").click()  # dismissed: it is said once, not at each undo
    page.keyboard.press("Control+z")
    expect(undo).to_be_disabled()
    assert board_blocks(page) == engine_blocks(start)
    page.keyboard.press("Control+Shift+Z")
    expect(undo).to_be_enabled()
    assert board_blocks(page) == engine_blocks(state)
    page.keyboard.press("Control+z")
    expect(redo).to_be_enabled()
    page.keyboard.press("Control+y")
    expect(redo).to_be_disabled()
    assert board_blocks(page) == engine_blocks(state)
    expect(not_ranked).to_have_count(0)

    page.keyboard.press("Control+z")
    page.reload()  # taken back, and still possible to play again, after a reload
    wait_ready(page)
    assert board_blocks(page) == engine_blocks(start)
    expect(not_ranked).to_have_count(0)
    redo.click()
    expect(redo).to_be_disabled()
    assert board_blocks(page) == engine_blocks(state)


def test_undo_while_the_computer_thinks_cancels_its_move(open_app, context):
    ctx = context(reduced_motion="reduce")
    ctx.clock.install()
    page = open_app("#/deblockle?seed=31", ctx=ctx)
    start = new_game(OPTIONS, 31)
    state = start.copy()
    pause_clock(page)  # the computer's pause cannot end before the undo
    worker_before = worker_moves(page)
    play_by_clicks(page, state, next(str(m) for m in state.legal_moves() if len(m.path) == 1))
    page.keyboard.press("Control+z")  # during the computer's pause
    game = page.locator("[data-game='deblockle']")
    expect(game).to_have_attribute("data-current", "0")
    # Its move never comes: neither from the worker (if it was asked) nor once the pause
    # is over (the page's clock driven past it).
    wait_worker_reply(page, worker_before)
    page.clock.run_for(PAUSE_MS + 100)
    expect(game).to_have_attribute("data-current", "0")
    expect(page.locator("[data-turn]")).to_contain_text("Your turn")
    assert board_blocks(page) == engine_blocks(start)
    page.clock.resume()
    state = start.copy()  # and the computer answers the next move as ever
    play_by_clicks(page, state, next(str(m) for m in state.legal_moves() if len(m.path) == 1))
    expect(page.locator("[data-turn]")).to_have_text("The computer is thinking…")
    expect(game).to_have_attribute("data-current", "0", timeout=15_000)
    state.apply(computer_reply(state, 31, 1))
    assert board_blocks(page) == engine_blocks(state)


def test_a_game_taken_back_against_the_computer_is_not_counted(open_app):
    page = open_app(reduced_motion="reduce")
    load_game(page, position(REMOVAL, [3, 2]))
    play_by_clicks(page, State.from_json(position(REMOVAL, [3, 2])), "d5S")
    game = page.locator("[data-game='deblockle']")
    expect(game).to_have_attribute("data-current", "0", timeout=15_000)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".notice")).to_contain_text("will not count in your statistics")
    expect(cell(page, "d5").locator(".db-block")).to_have_count(1)
    cell(page, "d5").click()
    cell(page, "d6").click()
    dialog = page.locator("#db-over")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You win!")
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()  # the game is over
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')") or "null")
    assert not stats or all(entry["played"] == 0 for entry in stats["data"].values())
    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("[data-stats='deblockle']")).not_to_contain_text("Against strong computer")


def test_a_full_device_still_ends_the_game_with_its_window_and_says_so(open_app):
    page = open_app(reduced_motion="reduce")
    load_game(page, position(REMOVAL, [3, 2]))
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    cell(page, "d5").click()
    cell(page, "d6").click()
    dialog = page.locator("#db-over")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You win!")
    expect(page.locator(".notice").first).to_contain_text("full")


def one_turn_from_the_end(seed: int = 9) -> tuple[str, State, list]:
    """A two-player game with one block each, saved as the page saves it one turn
    before its end (random turns from the seed), the position it was saved in, and
    all of its turns."""
    options = {**OPTIONS, "blocks": [1, 1]}
    state, rng, moves = new_game(options, seed), SeededRng(seed), []
    while not state.is_over:
        legal = state.legal_moves()
        moves.append(str(legal[rng.randrange(len(legal))]))
        state.apply(moves[-1])
    store = Store(MemoryBackend())
    saved_games.register(store, ["deblockle"])
    midend = Midend(store, GAME, lambda: 0.0)
    midend.start(options, seed, [HUMAN, HUMAN])
    for move in moves[:-1]:
        midend.play(move)
    midend.save({"seed": seed, "opponent": "human", "last": []})
    return store.backend.items["gemau:saved:deblockle"], midend.state.copy(), moves


def test_a_game_played_to_its_end_is_counted_and_replays_move_by_move(open_app):
    record, state, moves = one_turn_from_the_end()
    page = open_app(reduced_motion="reduce")
    page.evaluate("(r) => localStorage.setItem('gemau:saved:deblockle', r)", record)
    page.evaluate("location.hash = '#/deblockle'")
    expect(page.locator("[data-game='deblockle']")).to_be_visible()
    assert board_blocks(page) == engine_blocks(state)
    winner = "Gold" if state.current_player == 0 else "Blue"
    play_by_clicks(page, state, moves[-1])
    assert state.is_over
    expect(page.locator("#db-over")).to_contain_text(f"{winner} wins!")
    page.keyboard.press("Escape")
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')"))
    assert stats["data"]["human-fewer"]["played"] == 1
    page.get_by_role("link", name="Statistics").click()
    recent = page.locator("[data-recent='deblockle'] a")
    expect(recent).to_have_count(1)
    recent.first.click()
    expect(page.locator("[data-page='replay'] .replay-board")).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator("[data-step]")).to_contain_text(f"Move {len(moves)} of {len(moves)}")
    assert board_blocks(page) == engine_blocks(state)
    expect(page.locator(".replay-board [data-action]")).to_have_count(0)


def test_two_players_shuffling_blocks_back_and_forth_draw_by_repetition(open_app):
    """docs/rules/deblockle.md 9.1: each side takes its block away and back; the
    eighth turn brings the start position up a third time, with Gold to move again."""
    page = open_app(reduced_motion="reduce")
    data = position([(0, "c3", "cross", "slider"), (1, "e5", "cross", "star")], [3, 3])
    load_game(page, data, opponent="human")
    state = State.from_json(data)
    game = page.locator("[data-game='deblockle']")
    for move in ["c3N-c5-d5-d4", "e5E-g5", "d4S-c3", "g5W-e5"] * 2:
        expect(page.locator("#db-over")).to_have_count(0)
        play_by_clicks(page, state, move)
        if not state.is_over:
            expect(game).to_have_attribute("data-current", str(state.current_player))
    assert state.result["reason"] == "repetition"
    dialog = page.locator("#db-over")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-result]")).to_have_text("A draw by repetition.")
    expect(dialog.locator("[data-why]")).to_have_text(
        "The same position came up for the third time, with the same player to move, "
        "so the game is a draw."
    )
    expect(page.locator("#announcer")).to_contain_text("A draw by repetition.")
    assert board_blocks(page) == engine_blocks(state)
    page.keyboard.press("Escape")
    expect(page.locator("[data-turn]")).to_have_text("A draw by repetition.")
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')"))
    entry = stats["data"]["human"]
    assert entry["played"] == 1 and entry["won"] == 0 and "won" not in entry["last"]


def test_the_address_never_gives_a_game_away_and_a_known_game_never_counts(open_app, context):
    """docs/rules/deblockle.md 11.5: Deblockle hides nothing, but the computer's
    dice follow from the game's number, so it is shown (in the address, the page
    and its link) only once the game is over; that address opened in another
    browser is the same game, played but never counted."""
    page = open_app("#/deblockle", reduced_motion="reduce")
    expect(page.locator("[data-game='deblockle']")).to_be_visible()
    assert "seed=" not in page.evaluate("location.hash")
    expect(page.locator("[data-share]")).to_have_count(0)
    expect(page.locator(".db-game-number")).to_have_text("Computer (strong)")
    record, state, moves = one_turn_from_the_end()
    page.evaluate("location.hash = '#/'")  # leaving saves the game on screen: then ours
    expect(page.locator("[data-game='deblockle']")).to_have_count(0)
    page.evaluate("(r) => localStorage.setItem('gemau:saved:deblockle', r)", record)
    page.evaluate("location.hash = '#/deblockle'")
    expect(page.locator("[data-game='deblockle']")).to_be_visible()
    assert "seed=" not in page.evaluate("location.hash")
    play_by_clicks(page, state, moves[-1])
    expect(page.locator("#db-over")).to_be_visible()
    expect(page.locator("#db-over [data-not-counted]")).to_have_count(0)
    address = page.evaluate("location.hash")
    assert "seed=9" in address and "blocks=1" in address and "opponent=human" in address
    expect(page.locator("[data-share]")).to_have_text("9")
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')"))
    assert stats["data"]["human-fewer"]["played"] == 1

    again = open_app(address, ctx=context(reduced_motion="reduce"))
    expect(again.locator(".notice", has_text="started from its number")).to_have_count(1)
    replayed = new_game({**OPTIONS, "blocks": [1, 1]}, 9)
    assert board_blocks(again) == engine_blocks(replayed)  # the same game: it could be known
    game = again.locator("[data-game='deblockle']")
    for move in moves:
        play_by_clicks(again, replayed, move)
        if not replayed.is_over:
            expect(game).to_have_attribute("data-current", str(replayed.current_player))
    assert replayed.is_over
    expect(again.locator("#db-over [data-not-counted]")).to_have_text("Not counted")
    assert again.evaluate("localStorage.getItem('gemau:stats:deblockle')") is None


def test_cancel_and_escape_in_the_new_game_dialog_keep_the_choices_as_they_were(open_app):
    """Issue 16: Cancel kept the changes made in the dialog (they were remembered
    as they were made): the next game and the dialog used them."""
    page = open_app("#/deblockle", reduced_motion="reduce")
    dialog = page.locator("#db-new")
    for close in ("Cancel", "Escape"):
        page.get_by_role("button", name="New Game").click()
        expect(dialog).to_be_visible()
        dialog.get_by_label("Two players on this device").check()
        dialog.locator("select[data-name='blocks_gold']").select_option("2")
        dialog.get_by_label("No side by side").check()
        expect(
            dialog.get_by_label("Two players on this device")
        ).to_be_checked()  # a redraw kept it
        if close == "Cancel":
            dialog.get_by_role("button", name="Cancel").click()
        else:
            page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        assert page.evaluate("localStorage.getItem('gemau:prefs:deblockle')") is None
        page.keyboard.press("n")
        expect(dialog).to_be_visible()
        expect(dialog.get_by_label("Computer (strong)")).to_be_checked()
        expect(dialog.locator("select[data-name='blocks_gold']")).to_have_value("4")
        expect(dialog.get_by_label("No side by side")).not_to_be_checked()
        dialog.get_by_role("button", name="Cancel").click()
        expect(dialog).to_be_hidden()
    page.get_by_role("button", name="New Game").click()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-off='0']")).to_have_text("0 of 4 off")
    expect(page.locator(".db-game-number")).to_have_text("Computer (strong)")


def test_a_game_between_two_people_is_recorded_as_played_not_as_a_loss(open_app):
    """Issue 16: a game between two people at one screen was recorded as a loss
    for "you" when Blue won ("Last game: lost" on the hub). docs/rules/deblockle.md 9.6,
    11.4: it counts as a game played, with no winner for the person at the screen."""
    record, state, moves = one_turn_from_the_end(4)  # Blue takes its last block off
    page = open_app(reduced_motion="reduce")
    page.evaluate("(r) => localStorage.setItem('gemau:saved:deblockle', r)", record)
    page.evaluate("location.hash = '#/deblockle'")
    expect(page.locator("[data-game='deblockle']")).to_be_visible()
    play_by_clicks(page, state, moves[-1])
    assert state.result["winner"] == 1
    expect(page.locator("#db-over [data-result]")).to_have_text("Blue wins!")
    page.keyboard.press("Escape")
    entry = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')"))["data"][
        "human-fewer"
    ]
    assert entry["played"] == 1 and entry["won"] == 0 and "won" not in entry["last"]
    page.get_by_role("link", name="Statistics").click()
    stats = page.locator("[data-stats='deblockle']")
    expect(stats).to_contain_text("Two players, fewer blocks")
    expect(stats).not_to_contain_text("Won")
    page.evaluate("location.hash = '#/'")
    card = page.locator("[data-card='deblockle']")
    expect(card).to_contain_text("Games played: 1")
    expect(card).not_to_contain_text("Last game")


def test_the_whole_last_turn_is_marked_tip_square_included(open_app):
    """Issue 16: the last turn's marks missed the square the block was tipped onto.
    Now its start, tip square, hop and end are each marked, drawn as a line and said
    in each square's name, through a reload."""
    page = open_app("#/deblockle?seed=5&opponent=human", reduced_motion="reduce")
    state = new_game(OPTIONS, 5)
    option = next(
        o for o in state.tip_options("c3") if o["top"] in ("cross", "x") and o["hops"][0][-1]
    )
    move = option["moves"][0]
    play_by_clicks(page, state, move)
    end = option["hops"][0][-1]
    for _ in range(2):
        expect(cell(page, "c3")).to_have_class(has_classes("db-last db-last-from"))
        expect(cell(page, option["to"])).to_have_class(has_classes("db-last db-last-tip"))
        expect(cell(page, end)).to_have_class(has_classes("db-last db-last-to"))
        expect(cell(page, option["to"])).to_have_attribute(
            "aria-label", re.compile("the last turn tipped onto here")
        )
        expect(page.locator(".db-last-trail")).to_have_count(1)
        points = page.locator(".db-last-trail").get_attribute("points")
        assert len(points.split()) == 3
        page.reload()
        wait_ready(page)


def test_with_fewer_blocks_players_choose_their_start_squares_by_tap_and_keyboard(open_app):
    """Issue 16, docs/rules/deblockle.md 10.2: with fewer blocks each player ticks
    the start squares they want in New Game (by pointer or keyboard); the computer
    chooses its own, the ones nearest the star it makes for."""
    page = open_app("#/deblockle", reduced_motion="reduce")
    dialog = page.locator("#db-new")
    page.get_by_role("button", name="New Game").click()
    dialog.get_by_label("Two players on this device").check()
    dialog.locator("select[data-name='blocks_gold']").select_option("2")
    dialog.locator("select[data-name='blocks_blue']").select_option("1")
    gold = dialog.get_by_role("group", name="Gold's start squares")
    ticked = gold.locator("input:checked")
    expect(ticked).to_have_count(2)
    assert [ticked.nth(i).get_attribute("value") for i in range(2)] == ["c3", "e3"]
    page.locator("label:has(#db-start-c1)").click()  # a tap on the square: c3 makes way
    expect(page.locator("#db-start-c3")).not_to_be_checked()
    expect(page.locator("#db-start-c1")).to_be_checked()
    expect(page.locator("#db-start-c1")).to_be_focused()
    page.keyboard.press("Tab")  # to e1
    expect(page.locator("#db-start-e1")).to_be_focused()
    page.keyboard.press("Space")  # e3 makes way
    expect(page.locator("#db-start-e1")).to_be_checked()
    expect(page.locator("#db-start-e3")).not_to_be_checked()
    page.locator("label:has(#db-start-c1)").click()  # ticked already: stays, always two
    expect(gold.locator("input:checked")).to_have_count(2)
    page.locator("label:has(#db-start-c7)").click()
    expect(page.locator("#db-start-c7")).to_be_checked()
    expect(page.locator("#db-start-e5")).not_to_be_checked()
    dialog.get_by_role("button", name="Start").click()
    blocks = board_blocks(page)
    assert sorted(sq for sq, (p, _) in blocks.items() if p == 0) == ["c1", "e1"]
    assert sorted(sq for sq, (p, _) in blocks.items() if p == 1) == ["c7"]

    page.get_by_role("button", name="New Game").click()  # remembered; the computer's own
    expect(page.locator("#db-start-c1")).to_be_checked()
    dialog.get_by_label("Computer (strong)").check()
    blue = dialog.get_by_role("group", name="Blue's start squares")
    expect(blue).to_contain_text("The computer chooses its own")
    expect(page.locator("#db-start-e5")).to_be_checked()
    expect(page.locator("#db-start-e5")).to_be_disabled()
    dialog.get_by_role("button", name="Start").click()
    blocks = board_blocks(page)
    assert sorted(sq for sq, (p, _) in blocks.items() if p == 0) == ["c1", "e1"]
    assert sorted(sq for sq, (p, _) in blocks.items() if p == 1) == ["e5"]


@pytest.mark.parametrize("size", [(390, 844), (1280, 900)])
def test_the_ceremonys_rolled_blocks_are_large_enough_to_read_every_side(open_app, size):
    """Issue 16: the rolled blocks were 54 px with side faces of 10 px. Now four fit
    in a row, each at least 76 px with side faces of 18 px or more, all on the
    screen, and the picked one is shown whole as it is turned."""
    width, height = size
    page = open_app(reduced_motion="reduce", viewport={"width": width, "height": height})
    set_prefs(page, setup="ceremony", opponent="human")
    page.evaluate("location.hash = '#/deblockle?seed=12'")
    expect(page.locator("[data-game='deblockle']")).to_have_attribute("data-phase", "setup")
    rolls = page.locator(".db-roll")
    expect(rolls).to_have_count(4)
    boxes = [rolls.nth(i).bounding_box() for i in range(4)]
    assert all(76 <= box["width"] <= 120 and abs(box["width"] - box["height"]) < 1 for box in boxes)
    assert len({round(box["y"]) for box in boxes}) == 1  # one row
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= width for box in boxes)
    face = rolls.first.locator(".db-face-north .db-sym").bounding_box()
    assert face["width"] >= 18, face
    rolls.first.click()
    top = rolls.first.get_attribute("data-top")
    net = page.locator("[data-cube] .db-net")
    expect(net.locator("[data-face='top'] .db-sym")).to_have_class(has_classes(f"db-sym-{top}"))
    north = rolls.first.locator(".db-face-north .db-sym").get_attribute("class")
    page.get_by_role("button", name="Turn the block").click()
    expect(rolls.first.locator(".db-face-north .db-sym")).not_to_have_class(north)
    turned = rolls.first.locator(".db-face-north .db-sym").get_attribute("class")
    expect(net.locator("[data-face='north'] .db-sym")).to_have_class(turned)


WATCH_TRAVELLERS = """() => { window.rolls = [];
    new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
        if (n.classList && n.classList.contains('db-rolling')) window.rolls.push({
            roll: n.dataset.roll,
            faces: Object.fromEntries(Array.from(n.querySelectorAll('.db-face3d')).map((f) =>
                [f.dataset.face, f.querySelector('.db-sym').getAttribute('class').match(/db-sym-(\\w+)/)[1]])),
            rotation: n.querySelector('.db-roller').getAnimations().map((a) =>
                a.effect.getKeyframes().map((k) => k.transform).join(' ')).join(),
        });
    }))).observe(document.body, {childList: true, subtree: true}); }"""


def tip_c3_east(page):
    page.evaluate(WATCH_TRAVELLERS)
    state = new_game(OPTIONS, 5)
    option = next(o for o in state.tip_options("c3") if o["direction"] == "E")
    cell(page, "c3").click()
    cell(page, option["to"]).click()
    expect(page.locator("[data-game='deblockle']")).to_have_attribute("data-busy", "no")
    expect(cell(page, option["to"]).locator(".db-block.db-tipped")).to_have_count(1)
    return state, option


def test_a_tip_rolls_the_block_as_a_cube_over_its_edge(open_app):
    """Issue 16 (feel): the tip is a cube of six faces rolling over its east edge,
    the faces the block had, the one on the west coming up (rule 5.4)."""
    page = open_app("#/deblockle?seed=5&opponent=human")
    state, option = tip_c3_east(page)
    rolls = page.evaluate("window.rolls")
    block = next(b for b in state.blocks() if b["square"] == "c3")
    assert len(rolls) == 1, rolls
    assert rolls[0]["roll"] == "E"
    assert rolls[0]["faces"] == {k: block[k] for k in rolls[0]["faces"]}
    assert len(rolls[0]["faces"]) == 6
    assert "rotateY(90deg)" in rolls[0]["rotation"]
    assert option["top"] == block["west"]
    expect(page.locator(".db-rolling")).to_have_count(0)  # gone once it landed


def test_a_tip_does_not_roll_under_reduced_motion(open_app, context):
    """None under the device's reduced motion, nor under the app's own setting."""
    page = open_app("#/deblockle?seed=5&opponent=human", reduced_motion="reduce")
    tip_c3_east(page)
    assert page.evaluate("window.rolls") == []
    app_setting = open_app("#/settings", ctx=context())
    app_setting.get_by_label("Reduced motion").check()
    expect(app_setting.locator("html")).to_have_attribute("data-motion", "reduce")
    app_setting.evaluate("location.hash = '#/deblockle?seed=5&opponent=human'")
    expect(app_setting.locator("[data-game='deblockle']")).to_be_visible()
    tip_c3_east(app_setting)
    assert app_setting.evaluate("window.rolls") == []
