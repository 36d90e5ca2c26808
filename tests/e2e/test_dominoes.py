"""Straight Dominoes played in the page as a person would: clicks, keys, reloads,
undo and redo, a full device, and a finished game's replay.

The computer's moves come from the page; before each of our clicks the test
reads the saved game from localStorage and plans the click with the engine
(dominoes_support). Games near their end are saved as the midend writes them.
"""

import json
import re

import pytest
from dominoes_support import (
    SAVED,
    choose,
    click_move,
    drag,
    frame,
    greedy_record,
    midend_record,
    open_saved,
    play_to_the_end,
    press,
    quiet,
    saved,
    saved_text,
    scores_after,
    table_tiles,
    the_last_move_played,
    wait_phase,
    wait_saved,
)
from e2e_support import wait_ready
from playwright.sync_api import expect

SEED = 20  # a hand in which we must draw, score and reach the end-of-hand summary


def test_a_seeded_hand_played_by_clicks_draws_scores_and_ends_with_a_summary(open_app):
    page = open_app(f"#/dominoes?seed={SEED}")
    expect(page.locator("[data-share]")).to_have_text(str(SEED))
    expect(page.locator(".dm-score")).to_have_count(2)
    drew = scored = False
    for _ in range(80):
        phase = wait_phase(page, "human", "summary", "over")
        if phase != "human":
            break
        state, _meta = saved(page)
        assert state.current_player == 0
        hand = sorted(f"{a}-{b}" for a, b in state.hands[0])
        shown = sorted(
            page.locator(".dm-hand [data-tile]").evaluate_all(
                "(ns) => ns.map((n) => n.dataset.tile)"
            )
        )
        assert shown == hand
        move = choose(state)
        playable = {
            f"{m['tile'][0]}-{m['tile'][1]}" for m in state.legal_moves() if m["type"] == "play"
        }
        expect(page.locator(".dm-hand .dom.playable")).to_have_count(len(playable))
        if move["type"] == "draw":
            expect(page.locator("#dm-draw")).to_be_enabled()
            expect(page.locator("#dm-pass")).to_be_disabled()
            click_move(page, state, move)
            drew = True
            expect(page.locator("#announcer")).to_contain_text("You draw the")
            continue
        will_score = move["type"] == "play" and scores_after(state, move)
        click_move(page, state, move)
        if will_score:
            scored = True
            after, _ = saved(page)
            if not after.hand_summaries or after.hand_number == state.hand_number:
                points = next(e["points"] for e in state.copy().apply(move) if e["type"] == "score")
                expect(page.locator("#announcer")).to_contain_text(f": {points} points.")
                expect(page.locator("#announcer")).to_contain_text("You ")
    assert drew, "the seeded hand should make us draw from the boneyard"
    assert scored, "the seeded hand should give us a scoring play"
    expect(page.locator("#dm-summary")).to_be_visible()
    state, _ = saved(page)
    summary = state.hand_summaries[0]
    dialog = page.locator("#dm-summary")
    expect(dialog).to_contain_text("End of hand 1")
    if summary["reason"] == "domino":
        expect(dialog).to_contain_text("dominoed")
    else:
        expect(dialog).to_contain_text("Blocked")
    if summary["winner_team"] is not None:
        expect(dialog).to_contain_text(f"rounded to the nearest 5: {summary['points']}")
    expect(dialog.locator("tbody tr")).to_have_count(2)
    expect(
        page.locator(".dm-layout .dom").first
    ).to_be_attached()  # the finished hand stays on the table
    page.keyboard.press("Escape")  # closing the summary with Esc moves on to the next hand too
    expect(dialog).to_have_count(0)
    expect(page.locator(".dm-sheet-table tbody tr")).to_have_count(2)  # hand 1 and "now"
    for team, score in enumerate(state.scores):
        expect(page.locator(f"[data-score='{team}']")).to_have_text(str(score))
    assert saved(page)[1]["ack"] == 1


def test_reload_resumes_the_game_in_progress(open_app):
    page = open_app(f"#/dominoes?seed={SEED}")
    for _ in range(3):
        wait_phase(page, "human")
        state, _ = saved(page)
        click_move(page, state, choose(state))
    wait_phase(page, "human", "summary")
    before = saved_text(page)
    state, _ = saved(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-game='dominoes']")).to_be_visible()
    assert saved(page)[0].to_json() == state.to_json()
    assert json.loads(saved_text(page))["data"]["state"] == json.loads(before)["data"]["state"]
    shown = sorted(
        page.locator(".dm-hand [data-tile]").evaluate_all("(ns) => ns.map((n) => n.dataset.tile)")
    )
    assert shown == sorted(f"{a}-{b}" for a, b in state.hands[0])
    expect(page.locator("[data-share]")).to_have_text(str(SEED))


def test_a_refused_tile_says_why(open_app):
    page = open_app(f"#/dominoes?seed={SEED}")
    for _ in range(20):
        wait_phase(page, "human")
        state, _ = saved(page)
        legal = state.legal_moves()
        playable = {tuple(m["tile"]) for m in legal if m["type"] == "play"}
        dead = [t for t in state.hands[0] if t not in playable]
        if dead and legal[0]["type"] == "play":
            page.locator(f".dm-hand [data-tile='{dead[0][0]}-{dead[0][1]}']").click()
            expect(page.locator("[data-message]")).to_contain_text("does not match")
            page.keyboard.press("d")
            expect(page.locator("[data-message]")).to_contain_text("may not draw")
            return
        click_move(page, state, choose(state))
    raise AssertionError("never held a tile that does not play")


def test_a_four_seat_partnership_table_set_up_through_the_dialog(open_app):
    page = open_app("#/dominoes?seed=5")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#dm-setup")
    expect(dialog).to_be_visible()
    dialog.get_by_label("4 players").check()
    expect(dialog.locator("select")).to_have_count(4)
    dialog.locator("select[name='dm-seat-2']").select_option("greedy")
    dialog.locator("select[name='dm-seat-3']").select_option("random")
    dialog.get_by_label("Partners").check()
    dialog.get_by_role("button", name="Start").click()
    expect(page.locator("#dm-setup")).to_have_count(0)
    expect(page.locator(".dm-score")).to_have_count(2)
    expect(page.locator(".dm-score").first).to_contain_text("You & Computer 3")
    state, meta = saved(page)
    assert state.table.seats == 4 and state.table.partnerships
    assert meta["frame"]["seats"] == [
        "human",
        "computer:expert",
        "computer:medium",
        "computer:easy",
    ]
    assert state.boneyard == []
    expect(page.locator(".dm-seat[data-seat]")).to_have_count(3)
    wait_phase(page, "human")
    # The table is remembered for the next new game.
    page.get_by_role("button", name="New Game").click()
    expect(page.locator("#dm-setup").get_by_label("4 players")).to_be_checked()
    expect(page.locator("#dm-setup").get_by_label("Partners")).to_be_checked()
    page.locator("#dm-setup").get_by_role("button", name="Cancel").click()
    expect(page.locator("#dm-setup")).to_have_count(0)


def test_pass_and_play_hides_each_hand_behind_a_cover(open_app):
    page = open_app("#/dominoes?seed=9")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#dm-setup")
    dialog.locator("select[name='dm-seat-1']").select_option("human")
    dialog.get_by_role("button", name="Start").click()
    wait_phase(page, "cover")
    state, _ = saved(page)
    seat = state.current_player
    expect(page.locator(".dm-hand")).to_have_count(0)
    page.get_by_role("button", name=f"I am Player {seat + 1}").click()
    wait_phase(page, "human")
    shown = sorted(
        page.locator(".dm-hand [data-tile]").evaluate_all("(ns) => ns.map((n) => n.dataset.tile)")
    )
    assert shown == sorted(f"{a}-{b}" for a, b in state.hands[seat])
    click_move(page, state, choose(state))
    wait_phase(page, "cover", "summary")
    expect(page.locator(".dm-hand")).to_have_count(0)


def test_keyboard_picks_a_tile_by_number(open_app):
    page = open_app(f"#/dominoes?seed={SEED}")
    wait_phase(page, "human")
    state, _ = saved(page)
    hand = sorted(state.hands[0], key=lambda t: (-t[0], -t[1]))
    legal = state.legal_moves()
    index = next(
        (
            i
            for i, t in enumerate(hand)
            if [m for m in legal if m["type"] == "play" and tuple(m["tile"]) == t]
        ),
        None,
    )
    assert index is not None
    before = saved_text(page)
    page.locator("#view h1").click()
    page.keyboard.press(str(index + 1))
    ends = [m for m in legal if m["type"] == "play" and tuple(m["tile"]) == hand[index]]
    if len(ends) > 1:
        expect(page.locator(".dm-slot").first).to_be_focused()
        page.keyboard.press("Enter")
    page.wait_for_function(f"(before) => localStorage.getItem('{SAVED}') !== before", arg=before)
    assert (
        tuple(hand[index]) not in saved(page)[0].hands[0]
        or saved(page)[0].hand_number > state.hand_number
    )


def test_a_tile_dragged_onto_an_end_is_played_there(open_app):
    page = open_app(f"#/dominoes?seed={SEED}")
    for _ in range(30):
        wait_phase(page, "human")
        state, _ = saved(page)
        plays = [m for m in state.legal_moves() if m["type"] == "play"]
        ends = {}
        for m in plays:
            ends.setdefault(tuple(m["tile"]), []).append(m["end"])
        tile, fits = max(ends.items(), key=lambda item: len(item[1]), default=(None, []))
        if len(fits) > 1:
            break
        click_move(page, state, choose(state))
    else:
        raise AssertionError("never held a tile that fits two ends")
    name = f"{tile[0]}-{tile[1]}"
    source = page.locator(f".dm-hand [data-tile='{name}']")
    # Let go away from every end: nothing is played and the tile stays picked up.
    before = saved_text(page)
    drag(page, source, ".dm-count")
    expect(page.locator(".dm-ghost")).to_have_count(0)
    expect(source).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator(".dm-slot")).to_have_count(len(fits))
    assert saved_text(page) == before
    # Onto the last end it fits (not the first, so the drop decides the end).
    end = fits[-1]
    drag(page, source, f".dm-slot[data-end='{end}']")
    page.wait_for_function(f"(before) => localStorage.getItem('{SAVED}') !== before", arg=before)
    after, _ = saved(page)
    assert tile not in after.hands[0] or after.hand_number > state.hand_number
    if after.hand_number == state.hand_number:
        played = next(e for e in after.history if e["type"] == "play" and tuple(e["tile"]) == tile)
        assert played["end"] == end and played["seat"] == 0
    expect(page.locator(".dm-ghost")).to_have_count(0)


def test_reaching_250_ends_the_game_and_counts_in_statistics(open_app):
    from games.dominoes import new_game

    state = new_game({"seats": 2, "partnerships": False}, SEED)
    data = state.to_json()
    data["scores"] = [240, 0]
    record = {
        "v": 1,
        "rev": 1,
        "data": {
            "state": data,
            "meta": {"players": ["human", "strong"], "seed": SEED, "ack": 0, "recorded": False},
        },
    }
    page = open_app()
    page.evaluate(f"(r) => localStorage.setItem('{SAVED}', r)", json.dumps(record))
    page.evaluate("location.hash = '#/dominoes'")
    expect(page.locator("[data-score='0']")).to_have_text("240")
    for _ in range(120):
        phase = wait_phase(page, "human", "summary", "over")
        if phase == "over":
            break
        if phase == "summary":
            page.locator("#dm-summary").get_by_role("button", name="Next hand").click()
            continue
        state, _ = saved(page)
        click_move(page, state, choose(state))
    dialog = page.locator("#dm-over")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Game over")
    state, meta = saved(page)
    assert state.is_over and meta["recorded"]
    won = state.result["winner_team"] == 0
    expect(dialog).to_contain_text("You win!" if won else "Computer wins")
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:dominoes')"))["data"]
    assert stats["2"]["played"] == 1 and stats["2"]["won"] == (1 if won else 0)
    page.reload()
    wait_ready(page)
    expect(page.locator("#dm-over")).to_be_visible()  # still over after a reload, counted once
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:dominoes')"))["data"]
    assert stats["2"]["played"] == 1
    page.locator("#dm-over").get_by_role("button", name="Play again").click()
    expect(page.locator("#dm-over")).to_have_count(0)
    expect(page.locator("[data-score='0']")).to_have_text("0")
    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("[data-stats='dominoes']")).to_contain_text("2 players")


def test_a_long_line_bends_to_stay_on_a_phone_screen(open_app):
    from games.common.rng import SeededRng
    from games.dominoes import new_game
    from games.dominoes.ai import choose_move

    state = new_game({"seats": 2, "partnerships": False}, 1)
    while not (state.current_player == 0 and max(len(state.layout.arms[a]) for a in "WE") >= 7):
        state.apply(
            choose_move(
                state.view_for(state.current_player), SeededRng(len(state.history)), level="greedy"
            )
        )
    record = {
        "v": 1,
        "rev": 1,
        "data": {
            "state": state.to_json(),
            "meta": {"players": ["human", "strong"], "seed": 1, "ack": 0, "recorded": False},
        },
    }
    page = open_app(viewport={"width": 360, "height": 740}, has_touch=True)
    page.evaluate(f"(r) => localStorage.setItem('{SAVED}', r)", json.dumps(record))
    page.evaluate("location.hash = '#/dominoes'")
    expect(page.locator(".dm-layout")).to_be_visible()
    tiles = sum(len(state.layout.arms[a]) for a in "WENS") + 1
    expect(page.locator(".dm-layout .dom")).to_have_count(tiles)
    assert page.locator(".dm-arm-w .dm-row, .dm-arm-e .dm-row").count() > 2  # a row turned back
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    table = page.locator(".dm-table").bounding_box()
    for box in page.locator(".dm-layout .dom").evaluate_all(
        "(ns) => ns.map((n) => { const r = n.getBoundingClientRect(); return [r.left, r.right]; })"
    ):
        assert table["x"] <= box[0] and box[1] <= table["x"] + table["width"]


def test_the_welsh_page_fits_a_phone(open_app):
    page = open_app(
        "#/dominoes?seed=21", viewport={"width": 360, "height": 740}, has_touch=True, locale="cy-GB"
    )
    expect(page.locator("#view h1")).to_have_text("Dominos")
    expect(page.get_by_role("button", name="Gêm newydd")).to_be_visible()
    wait_phase(page, "human")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_tile_dragged_by_touch_is_played(open_app):
    page = open_app(
        f"#/dominoes?seed={SEED}", viewport={"width": 360, "height": 740}, has_touch=True
    )
    wait_phase(page, "human")
    state, _ = saved(page)
    move = next(m for m in state.legal_moves() if m["type"] == "play")
    source = page.locator(f".dm-hand [data-tile='{move['tile'][0]}-{move['tile'][1]}']")
    box = source.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = page.context.new_cdp_session(page)

    def send(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    before = saved_text(page)
    send("touchStart", x, y)
    for step in range(1, 5):
        send("touchMove", x + step * 3, y - step * 6)
    expect(page.locator(".dm-ghost")).to_have_count(1)
    # The lead is dropped anywhere on the table; later tiles onto an end.
    slot = page.locator(
        ".dm-table" if move["end"] is None else f".dm-slot[data-end='{move['end']}']"
    ).bounding_box()
    to_x, to_y = slot["x"] + slot["width"] / 2, slot["y"] + slot["height"] / 2
    for step in range(1, 7):
        send("touchMove", x + (to_x - x) * step / 6, y + (to_y - y) * step / 6)
    send("touchEnd", to_x, to_y)
    page.wait_for_function(f"(before) => localStorage.getItem('{SAVED}') !== before", arg=before)
    after, _ = saved(page)
    assert tuple(move["tile"]) not in after.hands[0] or after.hand_number > state.hand_number


def test_undo_by_button_and_keys_takes_back_your_tile_and_the_replies_and_unranks(open_app):
    """Seed 2 at a target of 5: eight turns of moves that score nothing, then a score ends it."""
    options = {"seats": 2, "partnerships": False, "target": 5}
    record, before = midend_record(options, 2, ["human", "random"], 7)
    page = open_saved(open_app, record)
    wait_phase(page, "human")
    moves_before, move = frame(page)["moves"], quiet(before)
    click_move(page, before, move)
    wait_phase(page, "human")
    after, meta = saved(page)
    moves_after = meta["frame"]["moves"]
    assert moves_after[: len(moves_before)] == moves_before
    assert len(moves_after) >= len(moves_before) + 2  # ours, and the computer's reply
    assert meta["clock_ms"] > 0  # the game's clock runs while it is played
    mine = page.locator(f".dm-hand [data-tile='{move['tile'][0]}-{move['tile'][1]}']")
    notice = page.locator(".notice", has_text="will not count in your statistics")
    keys = [("button", "button"), ("Control+z", "Control+Shift+z"), ("Control+z", "Control+y")]
    for undo, redo in keys:
        press(page, undo, "undo")
        wait_saved(page, before)  # our tile back in hand, the computer's reply gone
        expect(mine).to_have_count(1)
        expect(page.locator(".dm-layout .dom")).to_have_count(table_tiles(before))
        assert frame(page)["moves"] == moves_before and frame(page)["ranked"] is False
        expect(notice).to_have_count(1)  # said once
        press(page, redo, "redo")
        wait_saved(page, after)
        expect(mine).to_have_count(0)
        expect(page.locator(".dm-layout .dom")).to_have_count(table_tiles(after))
        assert frame(page)["moves"] == moves_after
        expect(page.locator("#dm-redo")).to_be_disabled()
        page.locator("#view h1").click()
    play_to_the_end(page)  # the game-over window, and the statistics do not count it
    expect(page.locator("#dm-over")).to_be_visible()
    expect(page.locator("#dm-undo")).to_be_disabled()
    state, meta = saved(page)
    assert state.is_over and meta["recorded"] is True and meta["frame"]["ranked"] is False
    assert page.evaluate("localStorage.getItem('gemau:stats:dominoes')") is None


def test_undo_across_the_end_of_a_hand_brings_the_hand_back(open_app):
    """Seed 6 against greedy: after six turns our last tile plays and ends the hand."""
    options = {"seats": 2, "partnerships": False}
    record, before = midend_record(options, 6, ["human", "greedy"], 6, choose)
    page = open_saved(open_app, record)
    wait_phase(page, "human")
    assert len(before.hands[0]) == 1 and before.legal_moves()[0]["type"] == "play"
    click_move(page, before, before.legal_moves()[0])
    summary = page.locator("#dm-summary")
    expect(summary).to_be_visible()
    ended, _ = saved(page)
    summary.get_by_role("button", name="Undo").click()  # from the end-of-hand sheet
    wait_saved(page, before)
    expect(summary).to_have_count(0)
    expect(page.locator(".dm-hand .dom")).to_have_count(1)
    page.locator("#dm-redo").click()
    wait_saved(page, ended)
    expect(summary).to_be_visible()  # the hand's end again, its sheet open
    page.keyboard.press("Escape")  # on to the next hand
    wait_phase(page, "human")
    assert saved(page)[1]["ack"] == 1
    page.locator("#view h1").click()
    page.keyboard.press("Control+z")  # back into the first hand, before our last tile
    wait_saved(page, before)
    expect(summary).to_have_count(0)
    assert saved(page)[1]["ack"] == 0
    page.keyboard.press("Control+y")  # the hand's end and the next hand's play: sheet closed
    wait_phase(page, "human")
    expect(summary).to_have_count(0)
    state, meta = saved(page)
    assert state.hand_number == 1 and meta["ack"] == 1


def test_a_full_device_still_ends_the_game_with_its_window_and_says_so(open_app, context):
    page, _, _, before = the_last_move_played(open_app, ctx=context(), full_device=True)
    expect(page.locator("#dm-over")).to_contain_text("You win!")
    expect(page.locator(".notice").first).to_contain_text("full")
    assert saved_text(page) == before  # nothing could be written


def test_a_finished_game_replays_from_its_link_in_a_fresh_browser(open_app, context):
    page, finished, total, _ = the_last_move_played(open_app)
    page.keyboard.press("Escape")
    page.get_by_role("link", name="Statistics").click()
    recent = page.locator("[data-recent='dominoes'] a")
    expect(recent).to_have_count(1)

    fresh = open_app(recent.first.get_attribute("href"), ctx=context())
    expect(fresh.get_by_role("heading", name="Replay: Dominoes")).to_be_visible()
    step, board = fresh.locator("[data-step]"), fresh.locator(".replay-board")
    expect(step).to_contain_text(f"({total} moves)")
    # The deal: every hand face up, seven tiles each, and nothing on the table yet.
    expect(board.locator(".dm-sum-table tbody tr")).to_have_count(2)
    expect(board.locator(".dm-sum-tiles .dom")).to_have_count(14)
    expect(board.locator(".dm-layout .dom")).to_have_count(0)
    expect(board.locator("[data-boneyard]")).to_have_attribute("data-boneyard", "14")
    fresh.locator("#replay-forward").click()
    expect(step).to_contain_text(f"Move 1 of {total}")
    expect(board.locator(".dm-layout .dom")).to_have_count(1)
    expect(board.locator(".dm-sum-tiles .dom")).to_have_count(13)
    fresh.keyboard.press("End")
    expect(step).to_contain_text(f"Move {total} of {total}")
    expect(board.locator(".dm-layout .dom")).to_have_count(table_tiles(finished))
    for team, score in enumerate(finished.scores):
        expect(board.locator(f"[data-score='{team}']")).to_have_text(str(score))
    fresh.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"Move {total - 1} of {total}")
    expect(board.locator("[data-score='0']")).to_have_text("0")
    fresh.locator("#replay-first").click()
    expect(step).to_contain_text("The start of the game")


def test_the_address_never_gives_a_deal_away_and_a_known_game_never_counts(open_app, context):
    """docs/rules/dominoes.md 10.5: a game's number is not in the address or on
    the page until it is over; the finished game's address deals the same hands
    in another browser, where the game is played but never counted."""
    from games.dominoes import new_game

    page = open_app("#/dominoes")
    wait_phase(page, "human", "computer")
    assert "seed=" not in page.evaluate("location.hash")
    expect(page.locator("[data-share]")).to_have_count(0)
    page = the_last_move_played(open_app)[0]
    address = page.evaluate("location.hash")
    assert "seed=5" in address and "target=5" in address and "players=human%2Crandom" in address
    expect(page.locator("[data-share]")).to_have_text("5")
    expect(page.locator("#dm-over [data-not-counted]")).to_have_count(0)
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:dominoes')"))["data"]
    assert stats["2"]["played"] == 1

    again = open_app(address, ctx=context())
    expect(again.locator(".notice", has_text="started from its number")).to_have_count(1)
    wait_phase(again, "human")
    state, meta = saved(again)
    assert meta["frame"]["known"] is True and meta["frame"]["ranked"] is False
    dealt = new_game({"seats": 2, "partnerships": False, "target": 5}, 5)
    assert state.hands[0] == dealt.hands[0]  # the same deal: it could be known
    expect(again.locator(".dm-hand .dom")).to_have_count(len(dealt.hands[0]))
    play_to_the_end(again)
    expect(again.locator("#dm-over [data-not-counted]")).to_have_text("Not counted")
    assert saved(again)[1]["recorded"] is True
    assert again.evaluate("localStorage.getItem('gemau:stats:dominoes')") is None


JOINED = """() => {
    const box = (n) => n.getBoundingClientRect();
    const spinner = box(document.querySelector('.dm-layout .dom.spinner'));
    const first = (arm) => document.querySelector(`.dm-arm-${arm} .dom`);
    const nearest = (arm) => {  // row 0 of W or E: the tile next to the spinner
        const tiles = [...document.querySelectorAll(`.dm-arm-${arm} .dm-row:first-child .dom`)];
        return box(tiles[0]);
    };
    const n = box(first('n')), s = box(first('s')), w = nearest('w'), e = nearest('e');
    const mid = (r) => (r.left + r.right) / 2;
    return {
        n: spinner.top - n.bottom, s: s.top - spinner.bottom,
        w: spinner.left - w.right, e: e.left - spinner.right,
        sAcross: Math.abs(mid(s) - mid(spinner)), nAcross: Math.abs(mid(n) - mid(spinner)),
        // A double across the N or S arm is a tile wider than the spinner, and the middle
        // column as wide as it: W and E then meet the spinner half that overhang away.
        overhang: (box(document.querySelector('.dm-centre')).width - spinner.width) / 2,
        rows: document.querySelectorAll('.dm-arm-w .dm-row, .dm-arm-e .dm-row').length,
        width: document.documentElement.scrollWidth,
    };
}"""


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize("seed, seats, moves", [(165, 4, 29), (21, 2, 37)])
def test_every_arm_stays_joined_to_the_spinner_when_the_line_bends(
    open_app, width, height, seed, seats, moves
):
    """Issue 16: once the W or E line bent into a second row, the S arm was drawn
    below all of it, away from the spinner. Long games with a tile on every arm."""
    record, state = greedy_record(seed, seats, moves)
    arms = state.layout.arms
    assert state.layout.spinner is not None and all(arms[a] for a in "WENS")
    page = open_saved(open_app, record, viewport={"width": width, "height": height})
    expect(page.locator(".dm-layout .dom")).to_have_count(table_tiles(state))
    page.locator(".dm-table").screenshot(path=f"/tmp/dominoes-arms-{seed}-{width}.png")
    gaps = page.evaluate(JOINED)
    assert gaps["rows"] > 2, gaps  # the line bent: the case the fault showed in
    for arm in "ns":
        assert 0 <= gaps[arm] <= 4, (arm, gaps)
    for arm in "we":
        assert 0 <= gaps[arm] <= gaps["overhang"] + 4, (arm, gaps)
    assert gaps["sAcross"] <= 2 and gaps["nAcross"] <= 2, gaps
    assert gaps["width"] <= width


def start_from_the_dialog(page, how: str) -> None:
    """New Game by its button or the N key, then Start in the table's dialog."""
    if how == "button":
        page.get_by_role("button", name="New Game").click()
    else:
        page.locator("#view h1").click()
        page.keyboard.press("n")
    page.locator("#dm-setup").get_by_role("button", name="Start").click()


@pytest.mark.parametrize("how", ["button", "key"])
def test_a_new_game_asks_before_a_game_in_progress_is_lost(open_app, how):
    """Issue 16 item 4 (docs/rules/dominoes.md 10.6): New Game threw a game in
    progress away without asking; nothing is asked before our first move."""
    page = open_app(f"#/dominoes?seed={SEED}")
    question = page.locator("#question")
    wait_phase(page, "human")
    first, _ = saved(page)
    start_from_the_dialog(page, how)  # nothing of ours played yet: no question
    expect(question).to_have_count(0)
    expect(page.locator("#dm-setup")).to_have_count(0)
    wait_phase(page, "human")
    fresh, _ = saved(page)
    assert fresh.to_json() != first.to_json()
    click_move(page, fresh, choose(fresh))
    wait_phase(page, "human", "summary")
    played = saved_text(page)
    start_from_the_dialog(page, how)
    expect(question).to_be_visible()
    expect(question).to_contain_text("Start a new game?")
    expect(question).to_contain_text("does not count in your statistics")
    expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
    question.get_by_role("button", name="Keep playing").click()
    expect(question).to_have_count(0)
    expect(page.locator("#dm-setup")).to_have_count(0)
    assert saved_text(page) == played  # the game goes on as it was
    start_from_the_dialog(page, how)
    page.keyboard.press("Escape")  # Escape answers Keep playing too
    expect(question).to_have_count(0)
    assert json.loads(saved_text(page))["data"]["state"] == json.loads(played)["data"]["state"]
    start_from_the_dialog(page, how)
    question.get_by_role("button", name="New game").click()
    expect(question).to_have_count(0)
    wait_phase(page, "human", "computer")
    state, _ = saved(page)
    assert state.hand_number == 0 and not any(e["seat"] == 0 for e in state.history)
    assert page.evaluate("localStorage.getItem('gemau:stats:dominoes')") is None  # not counted


def test_an_address_asking_for_another_game_asks_before_the_one_in_progress_is_lost(open_app):
    page = open_app(f"#/dominoes?seed={SEED}")
    wait_phase(page, "human")
    state, _ = saved(page)
    click_move(page, state, choose(state))
    wait_phase(page, "human", "summary")
    played = json.loads(saved_text(page))["data"]["state"]
    question = page.locator("#question")
    page.evaluate("location.hash = '#/dominoes?seed=5'")
    expect(question).to_be_visible()
    question.get_by_role("button", name="Keep playing").click()
    expect(question).to_have_count(0)
    assert json.loads(saved_text(page))["data"]["state"] == played
    assert "seed=5" not in page.evaluate("location.hash")
    page.evaluate("location.hash = '#/dominoes?seed=5'")
    question.get_by_role("button", name="New game").click()
    expect(question).to_have_count(0)
    expect(page.locator(".notice", has_text="started from its number")).to_have_count(1)
    assert saved(page)[1]["frame"]["seed"] == 5


def test_a_new_game_starts_with_an_empty_log(open_app):
    """Issue 16: the previous game's log stayed in a new game (here after New Game,
    and after Play again at the end of one)."""
    page = open_app(f"#/dominoes?seed={SEED}")
    wait_phase(page, "human")
    state, _ = saved(page)
    click_move(page, state, choose(state))
    log = page.locator("[data-log] li")
    expect(log.first).to_be_visible()
    start_from_the_dialog(page, "button")
    page.locator("#question").get_by_role("button", name="New game").click()
    only_the_new_game_in_the_log(page)
    page = the_last_move_played(open_app)[0]
    expect(page.locator("[data-log] li").first).to_contain_text("You")
    page.locator("#dm-over").get_by_role("button", name="Play again").click()
    only_the_new_game_in_the_log(page)


def only_the_new_game_in_the_log(page):
    """Nothing in the log but the new game's moves (a computer may have led it, and
    after Play again at a target of 5 its lead may have ended the game at once: then
    the log ends with the game's end, e.g. "Game over: Computer wins.")."""
    over = wait_phase(page, "human", "over") == "over"
    state, _ = saved(page)
    said = page.locator("[data-log] li").all_inner_texts()
    assert len(said) == len(state.history) + over, (said, state.history)
    assert not any(line.startswith("You") for line in said)
    assert not over or said[-1].startswith("Game over")


def test_behind_the_end_of_a_hand_the_hands_are_as_that_hand_ended(open_app):
    """Issue 16: behind a hand's summary our hand already showed the next deal.
    Seed 6 against greedy: our last tile ends the hand (we domino)."""
    options = {"seats": 2, "partnerships": False}
    record, before = midend_record(options, 6, ["human", "greedy"], 6, choose)
    page = open_saved(open_app, record)
    wait_phase(page, "human")
    click_move(page, before, before.legal_moves()[0])
    expect(page.locator("#dm-summary")).to_be_visible()
    state, _ = saved(page)
    ended = state.hand_summaries[-1]
    assert ended["hands"][0] == [] and len(state.hands[0]) == 7  # the next deal is made
    expect(page.locator(".dm-hand .dom")).to_have_count(0)
    expect(page.locator(".dm-pips")).to_contain_text("0 pips")
    theirs = len(ended["hands"][1])
    expect(page.locator(".dm-seat[data-seat='1'] .dm-back")).to_have_count(theirs)
    expect(page.locator(".dm-seat[data-seat='1'] .dm-seat-count")).to_have_text(f"{theirs} in hand")
    on_table = table_tiles(before) + 1
    expect(page.locator("[data-boneyard]")).to_have_attribute(
        "data-boneyard", str(28 - theirs - on_table)
    )
    page.locator("#dm-summary").get_by_role("button", name="Next hand").click()
    wait_phase(page, "human", "computer")
    state, _ = saved(page)
    expect(page.locator(".dm-hand .dom")).to_have_count(len(state.hands[0]))
    expect(page.locator("[data-boneyard]")).to_have_attribute(
        "data-boneyard", str(len(state.boneyard))
    )


def lightest(state):
    """A plan that keeps the heavy tiles and so draws often: the lightest tile that plays."""
    legal = state.legal_moves()
    if legal[0]["type"] != "play":
        return legal[0]
    return sorted(legal, key=lambda m: sum(m["tile"]))[0]


def test_the_keyboard_reaches_every_tile_of_a_long_hand(open_app):
    """Issue 16: keys 1-9 could not reach a 10th tile. Seed 13 after ten turns of
    drawing: thirteen tiles in hand and only the twelfth plays. Right from the
    page goes into the hand, the arrows step along it, Home and End, Enter plays."""
    from app.dominoes.ui import hand_order

    options = {"seats": 2, "partnerships": False}
    record, state = midend_record(options, 13, ["human", "strong"], 10, lightest)
    order = hand_order(state.view_for(0))
    plays = [m for m in state.legal_moves() if m["type"] == "play"]
    assert len(order) == 13 and {tuple(m["tile"]) for m in plays} == {order[11]}
    page = open_saved(open_app, record)
    wait_phase(page, "human")
    tile = lambda i: page.locator(f".dm-hand [data-tile='{order[i][0]}-{order[i][1]}']")  # noqa: E731
    page.locator("#view h1").click()
    page.keyboard.press("ArrowRight")
    expect(tile(0)).to_be_focused()
    page.keyboard.press("End")
    expect(tile(12)).to_be_focused()
    page.keyboard.press("Home")
    expect(tile(0)).to_be_focused()
    page.keyboard.press("ArrowLeft")  # round to the last
    expect(tile(12)).to_be_focused()
    page.locator("#view h1").click()
    page.keyboard.press("ArrowLeft")
    expect(tile(12)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(tile(11)).to_be_focused()
    before = saved_text(page)
    page.keyboard.press("Enter")
    if len(plays) > 1:
        expect(page.locator(".dm-slot").first).to_be_focused()
        page.keyboard.press("Enter")
    page.wait_for_function(f"(before) => localStorage.getItem('{SAVED}') !== before", arg=before)
    after, _ = saved(page)
    assert order[11] not in after.hands[0] or after.hand_number > state.hand_number
    expect(page.locator(".dm-keys")).to_contain_text("Home and End")


RING = """(el) => {
    const ring = getComputedStyle(el, '::before'), own = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {content: ring.content, width: parseFloat(ring.borderTopWidth),
            colour: ring.borderTopColor, style: ring.borderTopStyle,
            out: -parseFloat(ring.top), outline: own.outlineStyle, shadow: own.boxShadow,
            gold: getComputedStyle(document.documentElement).getPropertyValue('--gold').trim(),
            box: [r.left, r.top, r.right, r.bottom]};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_focus_is_not_the_frame_of_a_tile_that_plays(open_app, scheme):
    """Issue 16: the focus ring (the page's gold outline) looked like the gold frame
    of a playable tile. Focus is now a ring of its own, in the text colour, outside
    the gold, on the focused tile only."""
    options = {"seats": 2, "partnerships": False, "target": 100}
    record, _ = midend_record(options, 3, ["human", "random"], 3)  # 1 of 6 tiles fits
    page = open_saved(open_app, record, color_scheme=scheme)
    wait_phase(page, "human")
    playable = page.locator(".dm-hand .dom.playable")
    idle = page.locator(".dm-hand .dom:not(.playable)")
    expect(playable).to_have_count(1)
    page.locator("#view h1").click()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Home")
    focused = page.locator(".dm-hand .dom:focus")
    for _ in range(8):
        if "playable" in (focused.get_attribute("class") or ""):
            break
        page.keyboard.press("ArrowRight")
    expect(playable).to_be_focused()
    page.locator(".dm-hand").screenshot(path=f"/tmp/dominoes-focus-{scheme}.png")
    ring = playable.evaluate(RING)
    assert ring["outline"] == "none"  # not the page's gold outline
    assert ring["content"] != "none" and ring["width"] >= 2 and ring["style"] == "solid"
    assert ring["out"] >= 6  # apart from the tile and outside its 3 px gold frame
    assert "rgb" in ring["shadow"]  # the tile still shows that it plays
    text = page.evaluate("getComputedStyle(document.body).color")
    assert ring["colour"] == text, ring  # the text colour, not gold
    idle.first.focus()  # (a tile that does not play, focused the same way)
    assert playable.evaluate(RING)["content"] == "none"  # only the focused tile has a ring
    assert idle.first.evaluate(RING)["content"] != "none"


def test_in_partnerships_each_seat_says_whose_side_it_is_on(open_app):
    """Issue 16: the partner was not marked. Set up by the dialog, four seats in
    partnerships: seat 3 is our partner, 2 and 4 our opponents, said in words."""
    page = open_app("#/dominoes?seed=5")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#dm-setup")
    dialog.get_by_label("4 players").check()
    dialog.get_by_label("Partners").check()
    dialog.get_by_role("button", name="Start").click()
    wait_phase(page, "human", "computer")
    seat = lambda n: page.locator(f".dm-seat[data-seat='{n}']")  # noqa: E731
    expect(seat(2).locator(".dm-seat-side")).to_have_text("your partner")
    expect(seat(2)).to_have_attribute("data-seat", "2")  # Computer 3: seat 3 of 4
    expect(seat(2).locator(".dm-seat-name")).to_have_text("Computer 3")
    for n in (1, 3):
        expect(seat(n).locator(".dm-seat-side")).to_have_text("opponent")
    page.locator(".dm-seats").screenshot(path="/tmp/dominoes-partners.png")
    # Read in one go: the page redraws as the computers play, and a seat read between two
    # drawings would be a detached node, whose style is empty (seen once under load).
    edges = page.evaluate(
        """() => Object.fromEntries([
            ["ours", ".dm-score[data-team='0']"], ...[1, 2, 3].map((n) => [n, `.dm-seat[data-seat='${n}']`]),
        ].map(([name, selector]) => {
            const node = document.querySelector(selector);
            const style = getComputedStyle(node);
            return [name, style.borderLeftColor + style.borderLeftStyle];
        }))"""
    )
    assert edges["2"] == edges["ours"] != edges["1"] == edges["3"], edges
    # Each for themself: no sides to tell.
    page.get_by_role("button", name="New Game").click()
    page.locator("#dm-setup").get_by_label("Partners").uncheck()
    page.locator("#dm-setup").get_by_role("button", name="Start").click()
    question = page.locator("#question")  # asked only if we had moved already
    if question.count():
        question.get_by_role("button", name="New game").click()
    expect(page.locator(".dm-seat-side")).to_have_count(0)
    expect(page.locator(".dm-seat[data-seat]")).to_have_count(3)


@pytest.mark.parametrize(
    "locale, domino, scores, next_hand",
    [
        (
            "en-GB",
            "You domino!",
            "You score {points} points.",
            ("New hand: you lead.", "New hand: Computer leads."),
        ),
        (
            "cy-GB",
            "Rydych chi'n dominoio!",
            "Rydych chi'n sgorio {points} pwynt.",
            ("Llaw newydd: chi sy'n arwain.", "Llaw newydd: Cyfrifiadur sy'n arwain."),
        ),
    ],
)
def test_a_hand_we_win_is_said_in_our_own_words(open_app, locale, domino, scores, next_hand):
    """Issue 16: "You dominoes!", "You scores 20 points." (and "Mae Chi yn ...").
    Seed 6 against greedy: our last tile ends the hand."""
    options = {"seats": 2, "partnerships": False}
    record, before = midend_record(options, 6, ["human", "greedy"], 6, choose)
    page = open_saved(open_app, record, locale=locale)
    wait_phase(page, "human")
    click_move(page, before, before.legal_moves()[0])
    summary = page.locator("#dm-summary")
    expect(summary).to_be_visible()
    points = saved(page)[0].hand_summaries[-1]["points"]
    said = scores.format(points=points)
    expect(page.locator("#announcer")).to_contain_text(domino)
    expect(page.locator("#announcer")).to_contain_text(said)
    expect(summary.locator(".dm-sum-result")).to_have_text(said)
    page.evaluate("""() => { window.said = [];
        new MutationObserver(() => window.said.push(document.querySelector('#announcer').textContent))
            .observe(document.querySelector('#announcer'), {childList: true, characterData: true,
                                                            subtree: true}); }""")
    summary.locator("[data-action='next-hand']").click()
    expect(summary).to_have_count(0)
    page.wait_for_function(
        "() => window.said.some((s) => s.startsWith('New') || s.startsWith('Llaw'))"
    )
    said = page.evaluate("window.said")
    assert next_hand[0] in said or next_hand[1] in said, said
