"""The Wordle duel with a friend on another device through the one game view
(app.frame.game_view, app.frame.remote_seat) and its sub-protocol, the word neither device
knows (app.wordle_duel.between_devices over app.remote.duel_word), two pages over an
in-memory link, under CPython: each page types its own guesses; a guess's marks come by
oblivious transfer before the next turn, the turn clock stopped meanwhile; each row is said
once on each page when its marks are in; this device's turn runs out on its own clock, the
friend's never here; the end is said, counted once on both and the word is in neither
device's storage before it; a reload takes the clock, the letters typed and the share back
from the save."""

import json

import pytest
from app import saved_games, scores
from app.charts.tallies import FAILED
from app.frame.frontend import Facts, Input
from app.frame.game_clock import GameClock
from app.games_list import remote_slot
from app.i18n import Translator
from app.router import parse
from app.wordle_duel.between_devices import DuelPosition
from app.wordle_duel.saved import typed_kept
from app.wordle_duel.ui import DuelUi
from app.wordle_duel.with_friend import FriendDuelFrontend
from games.wordle.duel import TURN_MS
from games.wordle.hidden_duel_game import hidden_duel_game
from games.wordle.sample_words import sample_dictionary
from page_stand_ins import NoElement, Repeating
from test_game_view_seats import FakeApp, Link

WORDS = sample_dictionary()
SLOT = remote_slot("wordle")
START = 1_000_000.0


@pytest.fixture
def open_view(import_without_browser, monkeypatch):
    """open(address, app, link) -> the duel's game view; `clock`: the page's time (ms)."""
    browser, wordle_words, _, remote_seat, game_view, loading = import_without_browser(
        "app.browser",
        "app.wordle_words",
        "app.frame.timed",
        "app.frame.remote_seat",
        "app.frame.game_view",
        "app.wordle_duel.loading",
    )
    clock = [START]
    monkeypatch.setattr(browser, "now_ms", lambda: clock[0])
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-12-06")
    monkeypatch.setattr(browser, "element", lambda _id: NoElement())
    monkeypatch.setattr(browser, "later", lambda ms, callback: None)
    monkeypatch.setattr(browser, "replace_hash", lambda _href: None)
    monkeypatch.setattr(browser, "Repeating", Repeating)
    monkeypatch.setattr(wordle_words, "loaded", lambda lang: WORDS)
    monkeypatch.setattr(loading, "proposed_language", lambda: "en")

    def redraw(self, focus_id=None):
        self.drawn = str(self.render())

    monkeypatch.setattr(game_view.GameView, "redraw", redraw)

    def open_at(address, app, link=None):
        monkeypatch.setattr(remote_seat, "current_link", lambda: link)
        view = loading.friend_duel_view(app, parse(address))
        assert isinstance(view, game_view.GameView)
        app.view = view
        if view.state is not None:
            view.ticks.start()  # (as the view's first drawing does)
        return view

    open_at.clock = clock
    return open_at


def devices(open_view):
    """Ann's page proposed the duel to Bryn's, which had the hello held for it."""
    link = Link()
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))  # the connect page
    ann = open_view("#/wordle?remote=host", FakeApp("Ann", "wordle"), link.ends[0])
    link.pump()
    bryn = open_view("#/wordle?remote=guest", FakeApp("Bryn", "wordle"), link.ends[1])
    link.pump()
    for view in (ann, bryn):
        view.ticks.start()
    return link, ann, bryn


def mover(ann, bryn):
    """(the page whose person is to guess, the other page)."""
    for page, other in ((ann, bryn), (bryn, ann)):
        if page.state.current_player == page.state.me:
            return page, other
    raise AssertionError("no one is to guess")


def type_word(view, word):
    for letter in WORDS.tiles(word):
        view.handle(Input("wd-key", {"key": letter}))
    view.handle(Input("wd-key", {"key": "enter"}))


def the_word(ann, bryn) -> str:
    shares = [view.remote.side.word.word.share for view in (ann, bryn)]
    answers = ann.state.state.duel.answers
    return answers[sum(shares) % len(answers)]


def not_the_word(ann, bryn) -> str:
    word = the_word(ann, bryn)
    return next(w for w in WORDS.answers[ann.state.state.length] if w != word)


def saved(view) -> dict:
    return saved_games.load(view.app.store, SLOT).data


def test_a_whole_duel_is_said_on_both_pages_and_counted_once_on_each(open_view):
    link, ann, bryn = devices(open_view)
    for view in (ann, bryn):
        assert isinstance(view.state, DuelPosition) and view.state.in_play
        assert "with" in view.drawn and "on another device" in view.drawn
    word, other = the_word(ann, bryn), not_the_word(ann, bryn)
    first, second = mover(ann, bryn)
    type_word(first, other)
    assert first.state.current_player is None  # waiting for its marks
    link.pump()
    name = "Ann" if first is ann else "Bryn"
    assert f"Row 1, You: {other.upper()}" in first.app.said[-1]
    assert f"Row 1, {name}: {other.upper()}" in second.app.said[-1]
    for view in (ann, bryn):  # said once each
        assert sum("Row 1," in said for said in view.app.said) == 1
        assert "word" not in saved(view)["state"]  # (the engine holds no word)
        assert word not in json.dumps(view.app.store.backend.items)
    assert mover(ann, bryn) == (second, first)
    type_word(second, word)
    link.pump()
    assert second.state.is_over and first.state.is_over
    assert "You solved it first" in second.app.said[-1]
    winner = "Ann" if second is ann else "Bryn"
    assert f"{winner} solved it first. The word was {word.upper()}" in first.app.said[-1]
    assert saved(ann)["state"] == saved(bryn)["state"]
    for view, won in ((second, 1), (first, 0)):
        stats = scores.stats_for(view.app.store, "wordle")["remote"]
        assert stats["played"] == 1 and stats.get("won", 0) == won
        # The guess chart: solved with the second's first row; the first's, not solved.
        assert stats["counts"] == ({"1": 1} if view is second else {FAILED: 1})
        view.remote.link_game.on_event({"type": "ended"})  # (nothing counts twice)
        assert scores.stats_for(view.app.store, "wordle")["remote"]["played"] == 1


def test_the_turn_clock_stops_while_the_marks_are_worked_out(open_view):
    link, ann, bryn = devices(open_view)
    first, second = mover(ann, bryn)
    open_view.clock[0] += 4000
    type_word(first, not_the_word(ann, bryn))
    duel = first.state.state
    left = duel.time_left(first.state.now(open_view.clock[0]))
    open_view.clock[0] += 20_000  # the marks on their way
    first.ticks.tick()
    assert duel.time_left(first.state.now(open_view.clock[0])) == left
    assert first.state.state.duel.pending is not None  # no turn ran out meanwhile
    link.pump()
    assert mover(ann, bryn) == (second, first)


def test_a_turn_runs_out_on_its_own_device_only(open_view):
    link, ann, bryn = devices(open_view)
    first, second = mover(ann, bryn)
    open_view.clock[0] += TURN_MS + 1000
    second.ticks.tick()  # the friend's turn is theirs to end
    assert len(second.state.state.rows) == 0
    first.handle(Input("wd-key", {"key": "a"}))
    first.ticks.tick()
    rows = first.state.state.rows
    assert len(rows) == 1 and rows[0]["guess"] is None and first.ui.typed == ""
    link.pump()
    assert len(second.state.state.rows) == 1
    assert mover(ann, bryn) == (second, first)


def test_a_guess_out_of_turn_is_refused_and_nothing_is_sent(open_view):
    link, ann, bryn = devices(open_view)
    first, second = mover(ann, bryn)
    sent = len(link.sent)
    type_word(second, not_the_word(ann, bryn))
    assert second.ui.message_is_error and "not your turn" in second.ui.message.lower()
    link.pump()
    assert len(link.sent) == sent and len(first.state.state.rows) == 0


def test_a_reload_takes_the_clock_the_letters_and_the_share_back(open_view):
    link, ann, bryn = devices(open_view)
    first, second = mover(ann, bryn)
    type_word(first, not_the_word(ann, bryn))
    link.pump()
    second.handle(Input("wd-key", {"key": "c"}))
    second.handle(Input("wd-key", {"key": "r"}))
    meta = saved(second)["meta"]
    share = second.remote.side.word.word.share
    assert meta["typed"] == "cr" and meta["duel_word"] and "t0" in meta
    open_view.clock[0] += 3000
    time_left = second.state.state.time_left(second.state.now(open_view.clock[0]))
    again = open_view("#/wordle?remote=resume", FakeApp("Bryn", "wordle", second.app.store))
    assert again.ui.typed == "cr" and again.remote.side.word.word.share == share
    assert again.state.state.time_left(again.state.now(open_view.clock[0])) == time_left


# --- the pure parts: what this device knows, and the frontend's hooks on it ----------------


def position(me=0, moves=()):
    """A duel set up (both seats committed, or `moves` played instead) at this device's `me`."""
    state = hidden_duel_game(WORDS).new_game({"lang": "en"}, 7)
    for move in moves or [{"type": "commit", "seat": s, "commitment": f"{s}" * 64} for s in (0, 1)]:
        state.apply(move)
    return DuelPosition(state, me, GameClock(t0=0))


def test_no_one_guesses_while_the_duel_is_set_up_or_a_guess_waits_for_its_marks():
    assert (
        position(moves=[{"type": "commit", "seat": 0, "commitment": "0" * 64}]).current_player
        is None
    )
    shown = position()
    seat = shown.state.duel.turn
    assert shown.current_player == seat and shown.view()["turn"] == seat
    word = WORDS.guess_lists[shown.state.length][0]
    shown.state.apply({"type": "guess", "seat": seat, "word": word, "at": 1000})
    assert shown.current_player is None and shown.view()["waiting"] == "checking"
    assert shown.copy().state is not shown.state


def test_only_this_devices_turn_runs_out_here_at_its_deadline():
    frontend, ui = FriendDuelFrontend(WORDS), DuelUi()
    mine = position()
    mine = DuelPosition(mine.state, mine.state.duel.turn, mine.clock)
    theirs = DuelPosition(mine.state, 1 - mine.me, mine.clock)
    assert frontend.due(mine, ui, False, None, TURN_MS - 1) is None
    assert frontend.due(mine, ui, False, None, TURN_MS) == {"type": "timeout", "at": TURN_MS}
    assert frontend.due(theirs, ui, False, None, 10 * TURN_MS) is None
    stopped = DuelPosition(mine.state, mine.me, mine.clock, in_play=False)
    assert frontend.due(stopped, ui, False, None, 10 * TURN_MS) is None


def test_a_move_before_the_view_has_a_ui_state_says_no_row_again():
    shown = position()
    seat = shown.state.duel.turn
    word = WORDS.guess_lists[shown.state.length][0]
    shown.state.apply({"type": "guess", "seat": seat, "word": word, "at": 1000})
    shown.state.apply(
        {"type": "marks", "seat": 1 - seat, "marks": [0] * shown.state.length, "at": 1000}
    )
    changes = FriendDuelFrontend(WORDS).changed(None, shown, None, [], Facts(), Translator("en"))
    assert changes.said == "" and changes.ui.said == 1


@pytest.mark.parametrize(
    "meta", [{"typed": 5}, {"typed": "x" * 65}, {"typed": "ab", "typed_row": "1"}]
)
def test_damaged_letters_typed_are_typed_again(meta):
    assert typed_kept(meta) == ("", -1)
    assert typed_kept({"typed": "ab", "typed_row": 2}) == ("ab", 2)
