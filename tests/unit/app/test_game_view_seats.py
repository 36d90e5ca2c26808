"""The one game view's seats (app.frame.seats, app.frame.remote_seat) under CPython, with
Deblockle's frontend: the computer's move comes from a stand-in thinker and goes the same way
as a move made here (play, save, changed, draw, once each); with a friend on another device
over an in-memory link, a legal move from the other device is played once, saved once and
drawn once, an illegal one is refused as that device's error with nothing changed here, and a
move made here is sent only once the rules accepted it."""

import json

import pytest
from app import saved_games, scores, thinker, thinking
from app.computer_turns import PAUSE_MS
from app.deblockle.frontend import FRONTEND
from app.frame.frontend import Input
from app.games_list import remote_slot
from app.peer import prefs as peer_prefs
from app.peer.channel import Channel
from app.remote.match import CHEATING, PLAYING
from app.router import parse
from app.storage import MemoryBackend, Store
from page_stand_ins import NoElement, StandInApp, page_without_browser


class FakeApp(StandInApp):
    def __init__(self, name="Ann", game="deblockle", store=None):
        """`store`: the device's storage (a page opened again on the same device)."""
        store = store or Store(MemoryBackend())
        self.register(store, [game])
        store.save("peer", {**peer_prefs.load(store), "name": name})
        super().__init__([game], store)

    def register(self, store, games):
        super().register(store, games)
        saved_games.register_remote(store, [remote_slot(game) for game in games])


class FakeThinker:
    """The thinker's worker, answered when the test says (with the worker's own code)."""

    def __init__(self):
        self.asked: list = []

    def start(self):
        pass

    def think(self, request, on_move, on_error):
        self.asked.append((request, on_move))
        return True

    def answer(self):
        request, on_move = self.asked.pop(0)
        on_move(thinking.think(json.dumps(request)))


class Watched:
    """A game's frontend (Deblockle's unless told), its `changed` written down for the view
    that asked."""

    def __init__(self, view, steps, frontend=FRONTEND):
        self.view, self.steps, self.frontend = view, steps, frontend

    def __getattr__(self, name):
        return getattr(self.frontend, name)

    def changed(self, *args):
        self.steps.append(("changed", self.view))
        return self.frontend.changed(*args)


class Link:
    """Two channels over an in-memory transport whose frames wait until `pump`."""

    def __init__(self):
        self.queue: list = []
        self.sent: list = []
        self.ends = [
            Channel("Ann", lambda text: self.queue.append((1, text))),
            Channel("Bryn", lambda text: self.queue.append((0, text))),
        ]
        for end in self.ends:
            end.transport_state("open")
        self.pump()

    def pump(self):
        while self.queue:
            side, text = self.queue.pop(0)
            self.sent.append((side, text))
            self.ends[side].received(text)


def stand_in(browser, monkeypatch, later=lambda ms, callback: None) -> None:
    """The browser's clock, timers, page and address stood in (`later`: the timers)."""
    page_without_browser(monkeypatch, browser)
    monkeypatch.setattr(browser, "later", later)
    monkeypatch.setattr(browser, "replace_hash", lambda _href: None)


@pytest.fixture
def world(import_without_browser, monkeypatch):
    """The game view with the browser stood in: timers wait for the test, every drawing
    is counted (and mounts, so the next seat's turn starts as on the page), every step of
    a move's path is written down."""
    browser, remote_seat, game_view = import_without_browser(
        "app.browser", "app.frame.remote_seat", "app.frame.game_view"
    )
    timers: list = []
    stand_in(browser, monkeypatch, lambda ms, callback: timers.append((ms, callback)))
    worker = FakeThinker()
    monkeypatch.setattr(thinker, "shared", worker)
    steps: list = []

    def redraw(self, focus_id=None):
        steps.append(("draw", self))
        self.mounted(NoElement())

    monkeypatch.setattr(game_view.GameView, "redraw", redraw)

    def open_view(address, app=None, link=None):
        monkeypatch.setattr(remote_seat, "current_link", lambda: link)
        app = app or FakeApp()
        view = game_view.GameView(app, parse(address), FRONTEND)
        app.view = view
        midend_play, midend_save = view.midend.play, view.midend.save

        def play(move):
            events = midend_play(move)
            steps.append(("play", view))
            return events

        def save(meta=None):
            steps.append(("save", view))
            return midend_save(meta)

        view.midend.play, view.midend.save = play, save
        view.frontend = Watched(view, steps)
        return view

    return open_view, steps, timers, worker


def click_a_turn(view, move: str) -> None:
    """The turn `move` by clicks: the block, the square it tips to, the hop's end."""
    state = view.state
    option = next(o for o in state.tip_options(move[:2]) if o["direction"] == move[2])
    view.handle(Input("cell", {"sq": move[:2]}))
    view.handle(Input("cell", {"sq": option["to"]}))
    if not option["removes"] and option["top"] != "stop":
        end = option["hops"][option["moves"].index(move)][-1]
        view.handle(Input("cell", {"sq": end}))


def path_of(steps, view) -> list[str]:
    return [name for name, who in steps if who is view]


def test_the_computers_move_takes_the_same_path_as_the_persons(world):
    open_view, steps, timers, worker = world
    view = open_view("#/deblockle?seed=31")  # against the strong computer, gold to play
    assert view.midend.seats == ["human", "computer:hard"]
    move = next(str(m) for m in view.state.legal_moves() if len(m.path) == 1)
    steps.clear()
    click_a_turn(view, move)
    here = path_of(steps, view)
    assert here[-4:] == ["play", "save", "changed", "draw"]
    assert len(worker.asked) == 1 and [ms for ms, _ in timers] == [PAUSE_MS]  # its turn began
    steps.clear()
    worker.answer()  # the worker's move comes before the pause is over: it waits for it
    assert path_of(steps, view) == []
    timers.pop()[1]()
    assert path_of(steps, view) == ["play", "save", "changed", "draw"]
    assert len(view.midend.moves) == 2 and view.state.current_player == 0
    assert view.app.said[-1].startswith("Blue tipped")
    saved = saved_games.load(view.app.store, "deblockle").data["meta"]["frame"]
    assert saved["moves"] == view.midend.moves


def test_undo_while_the_computer_thinks_cancels_its_move(world):
    open_view, _, timers, worker = world
    view = open_view("#/deblockle?seed=31")
    click_a_turn(view, next(str(m) for m in view.state.legal_moves() if len(m.path) == 1))
    view.handle(Input("undo"))
    worker.answer()
    timers.pop(0)[1]()
    assert view.midend.moves == [] and view.state.current_player == 0


def devices(open_view):
    """Ann's page proposed Deblockle to Bryn's, which had the hello held for it."""
    link = Link()
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))  # the connect page
    ann = open_view("#/deblockle?remote=host", FakeApp("Ann"), link.ends[0])
    link.pump()
    bryn = open_view("#/deblockle?remote=guest", FakeApp("Bryn"), link.ends[1])
    link.pump()
    return link, ann, bryn


def test_a_friends_legal_move_is_played_once_saved_once_and_drawn_once(world):
    open_view, steps, _, _ = world
    link, ann, bryn = devices(open_view)
    for view in (ann, bryn):
        assert view.remote.in_play and view.state is not None
    assert ann.midend.seed == bryn.midend.seed
    mover, other = (ann, bryn) if ann.table().to_act(ann.state.current_player) else (bryn, ann)
    move = next(str(m) for m in mover.state.legal_moves() if len(m.path) == 1)
    steps.clear()
    click_a_turn(mover, move)
    assert path_of(steps, mover)[-4:] == ["play", "save", "changed", "draw"]
    assert path_of(steps, other) == []  # sent, not yet arrived
    link.pump()
    assert path_of(steps, other) == ["play", "save", "changed", "draw"]
    assert other.midend.moves == mover.midend.moves and len(other.midend.moves) == 1
    assert other.state.to_json() == mover.state.to_json()
    facts = other.facts()
    assert facts.table.to_act(other.state.current_player)
    assert facts.table.remote.name == ("Ann" if other is bryn else "Bryn")


def test_a_friends_illegal_move_is_refused_as_their_error_and_nothing_changes_here(world):
    open_view, steps, _, _ = world
    link, ann, bryn = devices(open_view)
    waiting = ann if not ann.table().to_act(ann.state.current_player) else bryn
    sender = link.ends[1] if waiting is ann else link.ends[0]
    before, moves = waiting.state.to_json(), list(waiting.midend.moves)
    steps.clear()
    sender.send({"type": "move", "number": 1, "move": "g7N", "hash": "0" * 64})
    link.pump()
    assert waiting.state.to_json() == before and waiting.midend.moves == moves
    assert "play" not in path_of(steps, waiting) and "changed" not in path_of(steps, waiting)
    assert waiting.remote.link_game.match.stop == CHEATING and not waiting.remote.in_play
    assert not waiting.table().to_act(waiting.state.current_player)
    assert 'data-remote="cheating"' in str(waiting.render())  # the page says so
    assert waiting.app.said[-1] == waiting.remote.said(waiting.t)
    # A win by forfeit here; the sender's page (its own moves sound) plays on, winning nothing.
    other = bryn if waiting is ann else ann
    assert won_and_played(waiting) == (1, 1) and won_and_played(other) == (0, 0)
    assert other.remote.in_play and "says this device broke" in other.remote.said(other.t)
    assert "\u201cmove 1" in str(other.render())  # its words, behind the disclosure
    waiting.remote.action("remote-leave", waiting.app, waiting.proposal)  # (not offered)
    link.pump()
    assert won_and_played(waiting) == (1, 1) and won_and_played(other) == (0, 0)


def won_and_played(view):
    entries = scores.stats_for(view.app.store, "deblockle").values()
    return sum(e.get("won", 0) for e in entries), sum(e["played"] for e in entries)


def test_a_forged_refusal_is_the_friends_claim_and_the_game_goes_on(world):
    open_view, _, _, _ = world
    link, ann, bryn = devices(open_view)
    forged = "Ann's device sent <b>move 9</b> twice"
    link.ends[1].send({"type": "refused", "kind": "cheating", "reason": forged})
    link.pump()
    assert ann.remote.in_play and 'data-remote="playing"' in str(ann.render())
    assert ann.remote.said(ann.t).endswith(
        "Bryn's device says this device broke the rules. "
        "This device checked the game and found nothing wrong, so it goes on."
    )
    # Its words, quoted behind the disclosure: shown as text, never as markup.
    assert "\u201cAnn" in str(ann.render()) and "&lt;b&gt;move 9" in str(ann.render())
    assert won_and_played(ann) == won_and_played(bryn) == (0, 0)


def test_a_move_the_rules_refuse_here_is_never_sent(world):
    open_view, _, _, _ = world
    link, ann, bryn = devices(open_view)
    mover = ann if ann.table().to_act(ann.state.current_player) else bryn
    sent = len(link.queue)
    mover.play("a1N")  # no block of theirs there
    assert len(link.queue) == sent and mover.midend.moves == []
    assert mover.ui.message_is_error and mover.remote.link_game.status == PLAYING


def test_placing_the_rolled_blocks_at_random_is_one_input_several_moves_drawn_once(world):
    open_view, steps, _, _ = world
    app = FakeApp()
    app.store.save("prefs:deblockle", {"setup": "ceremony", "opponent": "human"})
    view = open_view("#/deblockle?seed=12", app)
    assert view.state.phase == "setup"
    to_place = len(view.state.to_place[1])
    steps.clear()
    view.handle(Input("place-random"))
    assert path_of(steps, view) == ["play"] * to_place + ["save", "changed", "draw"]
    assert len(view.midend.moves) == to_place and view.ui.roll is None


def test_a_page_hidden_and_shown_while_its_friend_is_still_to_come_goes_on_waiting(world):
    """Before the friend's device answers there is no position yet: hiding the page keeps
    nothing and showing it again starts no clock (it raised AttributeError on None)."""
    open_view, steps, _timers, _worker = world
    link = Link()
    ann = open_view("#/deblockle?remote=host", FakeApp("Ann"), link.ends[0])
    assert ann.state is None
    ann.suspend()
    ann.resume()
    assert ann.state is None and ann.session.started_at is None
    assert path_of(steps, ann).count("save") == 0


def test_a_friends_move_after_this_page_was_left_is_kept_but_not_told_on_the_next_page(world):
    """The player left the game for another page: the friend's move is still checked,
    played and saved, but neither said, sounded nor drawn over the page now shown."""
    open_view, steps, _, _ = world
    link, ann, bryn = devices(open_view)
    mover, other = (ann, bryn) if ann.table().to_act(ann.state.current_player) else (bryn, ann)
    other.close()
    other.app.view = None  # (the hub, say)
    said = list(other.app.said)
    move = next(str(m) for m in mover.state.legal_moves() if len(m.path) == 1)
    steps.clear()
    click_a_turn(mover, move)
    link.pump()
    assert path_of(steps, other) == ["play", "save"]
    assert other.midend.moves == mover.midend.moves and len(other.midend.moves) == 1
    assert other.app.said == said
