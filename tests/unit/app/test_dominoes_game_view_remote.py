"""Straight Dominoes between two devices on the one game view (app.frame.game_view with
app.dominoes.between_devices), under CPython with the browser stood in: a friend's move
played once, saved once, drawn once; the tile a person draws lifted and named to them alone
once the deck gives it; each page holding only its own hand."""

import pytest
from app import replays, thinker
from app.dominoes.frontend import FRONTEND
from app.router import parse
from games.dominoes.game import GAME
from markup_tree import parse as parse_markup
from page_stand_ins import NoElement
from test_game_view_seats import FakeApp, FakeThinker, Link, Watched, stand_in


@pytest.fixture
def pages(import_without_browser, monkeypatch):
    """Ann's page proposed Dominoes to Bryn's; every drawing, save and play written down."""
    # (viewport afresh too: one a test before imported holds that test's browser module,
    # where listening for resizes is real)
    browser, _viewport, remote_seat, game_view = import_without_browser(
        "app.browser", "app.frame.viewport", "app.frame.remote_seat", "app.frame.game_view"
    )
    stand_in(browser, monkeypatch)
    monkeypatch.setattr(browser, "listen", lambda *_: None)
    monkeypatch.setattr(browser, "window", None)
    monkeypatch.setattr(thinker, "shared", FakeThinker())
    steps: list = []

    def redraw(self, focus_id=None):
        steps.append(("draw", self))
        self.mounted(NoElement())

    monkeypatch.setattr(game_view.GameView, "redraw", redraw)

    def open_view(address, app, link):
        monkeypatch.setattr(remote_seat, "current_link", lambda: link)
        view = game_view.GameView(app, parse(address), FRONTEND)
        app.view = view
        midend_play, midend_save = view.midend.play, view.midend.save

        def play(move):
            steps.append(("play", view))
            return midend_play(move)

        def save(meta=None):
            steps.append(("save", view))
            return midend_save(meta)

        view.midend.play, view.midend.save = play, save
        view.frontend = Watched(view, steps, FRONTEND)
        return view

    link = Link()
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))  # the connect page
    ann = open_view("#/dominoes?remote=host", FakeApp("Ann", "dominoes"), link.ends[0])
    link.pump()
    bryn = open_view("#/dominoes?remote=guest", FakeApp("Bryn", "dominoes"), link.ends[1])
    link.pump()
    return link, ann, bryn, steps


def me(view) -> int:
    return view.remote.link_game.my_seat


def hand(view) -> set:
    return {tuple(tile) for tile in view.state.view_for(me(view))["hand"]}


def mover_of(ann, bryn):
    return ann if ann.state.current_player == me(ann) else bryn


def test_each_page_holds_and_draws_its_own_hand_alone(pages):
    _, ann, bryn, _ = pages
    assert len(hand(ann)) == len(hand(bryn)) == 7 and not hand(ann) & hand(bryn)
    for view in (ann, bryn):
        other = bryn if view is ann else ann
        page = str(view.render())
        assert all(f'data-tile="{max(t)}-{min(t)}"' in page for t in hand(view))
        assert all(f'data-tile="{max(t)}-{min(t)}"' not in page for t in hand(other))
    assert ann.midend.seed == bryn.midend.seed


def test_a_friends_move_is_played_once_saved_once_and_drawn_once(pages):
    link, ann, bryn, steps = pages
    for _ in range(40):
        mover = mover_of(ann, bryn)
        other = bryn if mover is ann else ann
        moves = mover.state.view_for(me(mover))["legal_moves"]
        if moves and moves[0]["type"] == "play":
            break
        if moves:
            mover.play(moves[0])
        link.pump()
    else:
        raise AssertionError("no tile was played")
    steps.clear()
    mover.play(moves[0])
    assert [name for name, who in steps if who is mover][:4] == ["play", "save", "changed", "draw"]
    link.pump()
    path = [name for name, who in steps if who is other]
    assert path[:4] == ["play", "save", "changed", "draw"]
    assert path.count("play") == 1 and path.count("changed") == 1
    assert other.midend.state.to_json() == mover.midend.state.to_json()


def test_a_tile_drawn_is_lifted_and_named_once_when_the_deck_gives_it(pages):
    link, ann, bryn, _ = pages
    for _ in range(200):
        mover = mover_of(ann, bryn)
        view = mover.state.view_for(me(mover))
        moves = view["legal_moves"]
        if moves == [{"type": "draw"}] and view["boneyard"] > 1:  # (a draw that cannot block)
            break
        if not moves:  # (a hand's end: its summary closed, the next deal)
            link.pump()
            continue
        mover.play(moves[0])
        link.pump()
    else:
        raise AssertionError("nobody had to draw")
    held = hand(mover)
    other = bryn if mover is ann else ann
    # (what the other page said before: an earlier hand may have shown the same tile)
    other_said = len(other.app.said)
    mover.play({"type": "draw"})  # (as Draw pressed: no hand's summary in the way here)
    assert mover.ui.drawn is None  # the deck has not given it yet
    said = len(mover.app.said)
    link.pump()
    (tile,) = hand(mover) - held
    assert mover.ui.drawn == (max(tile), min(tile))
    name = f"{max(tile)}-{min(tile)}"
    assert mover.app.said[said:].count(f"You draw the {name}.") == 1
    assert not any(name in line for line in other.app.said[other_said:])


def test_a_whole_game_to_250_ends_on_both_pages_with_its_window_and_counts_on_both(pages):
    """(The browser suite plays whole hands between two pages and ends by a resignation;
    the end the rules make, at 250, is this test's.)"""
    link, ann, bryn, _ = pages
    for _ in range(5000):
        if ann.state.is_over and bryn.state.is_over:
            break
        mover = mover_of(ann, bryn)
        moves = mover.state.view_for(me(mover))["legal_moves"]
        if moves:
            mover.play(moves[0])
        link.pump()
    else:
        raise AssertionError("the game did not end")
    state = ann.midend.state
    assert state.to_json() == bryn.midend.state.to_json() and max(state.scores) >= 250
    winner_team = state.result["winner_team"]
    for view in (ann, bryn):
        won = winner_team == state.table.team_of(me(view))
        window = parse_markup(str(view.render())).by_id("dm-over")
        assert ("You win!" in window.text()) == won and ("wins" in window.text()) != won
        if view is ann:
            again = window.one("button", **{"data-action": "remote-again"})
            assert again.text() == "Play again with Bryn"
        else:
            assert "Ann can start another game." in window.text()
        stats = view.app.store.load("stats:dominoes").data["remote-2"]
        assert stats["played"] == 1 and stats.get("won", 0) == (1 if won else 0)
        (kept,) = view.app.store.load("replays:dominoes").data
        assert len(kept["options"]["deals"]) >= len(state.hand_summaries)
        assert sorted(kept["seats"]) == ["human", "remote"]
        # It replays face up, as Statistics opens it: the whole game, to the same end.
        final = replays.positions(GAME, kept)[-1]
        assert final.is_over and final.scores == state.scores
        assert len(final.hand_summaries) == len(state.hand_summaries)
