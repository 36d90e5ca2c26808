"""Wordle Tournament replays under CPython: every position of a told tournament
drawn (app.tournament.replay_draw), the replay page loading its
words and stepping (app.views.replay with wordle_tournament_replay) and bad links
(docs/rules/wordle-tournament.md 14). Each finished tournament kept once, offered on its end
and listed in Statistics: test_wordle_tournament_game_view."""

import ast
import re
from pathlib import Path

import pytest
from app import replays
from app.i18n import Translator
from app.router import parse
from app.tournament import replay_draw as draw
from games.wordle import tournament_story as story
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from wordle_fake_app import FakeApp

T = Translator("en")
WORDS = sample_dictionary()
NAMES = [{"name": "<b>Bo</b>", "rating": 1000}, {"name": "Ana", "rating": 1010}]


def recorded(seed=6):
    """A group of two's tournament to its end: the first guesses each duel's word
    on its second turn, the second lets the clock run; then both leave."""
    t = new_lobby(WORDS, NAMES, seed)
    t.start(0)
    while 0 in t.humans_in() and t.round_number < 4:
        t.advance(t.next_event_at())
        if t.may_type(0):
            duel = t.current["matches"][t._match_of(0)[0]]["duel"]
            if duel.turns_used(duel.turn):
                t.guess(0, duel.word, t.clock)
    t.leave_all(t.clock)
    t.play_out()
    entry = {**story.record(t, group=True), "date": "2026-12-01"}
    return t, entry, replays.positions(story.story_game(WORDS), entry)


TOURNAMENT, ENTRY, STATES = recorded()


def text_of(html: str) -> str:
    labels = re.findall(r'aria-label="([^"]*)"', html)
    return re.sub(r"<[^>]+>", "\n", html) + "\n".join(labels)


def word_was(duel) -> str:
    return f"The word was {WORDS.display(duel['word']).upper()}."


def test_every_position_is_drawn_without_input_and_each_word_only_once_its_duel_is_over():
    total = len(ENTRY["moves"])
    for at, state in enumerate(STATES):
        html = draw.replay_board(state, T)
        step = draw.replay_step(state, T, at, total)
        assert "replay-board" in html and "<button" not in html and "data-action" not in html
        assert "<b>Bo" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html
        assert f'data-round="{state.round}"' in html
        assert html.count('<li class="wt-player') == 8
        for duel in state.duels:
            if duel["result"] is None:
                assert word_was(duel) not in html + step
            elif duel["index"] in state.step.get("ended", []):
                assert word_was(duel) in step
        if at:
            assert step.startswith(f"Step {at} of {total}: ")
    assert STATES[0].step["kind"] == "start" and "Before the first round" in draw.replay_board(
        STATES[0], T
    )


def test_each_step_is_said_in_words():
    said = {}
    for at, state in enumerate(STATES[1:], 1):
        said.setdefault(state.step["kind"], draw.replay_step(state, T, at, len(STATES) - 1))
    assert set(said) == {"round", "guess", "skip", "leave"}
    assert "Round 1 begins." in said["round"]
    assert re.search(r" played [A-Z]+\.", said["guess"])
    assert "ran out of time" in said["skip"]
    # text (the page escapes it), isolated from what follows
    assert "\u2068<b>Bo</b>\u2069 left the tournament." in said["leave"]


def test_the_board_of_the_step_and_at_the_end_the_final_standings():
    at = next(i for i, s in enumerate(STATES) if s.step["kind"] == "guess")
    state = STATES[at]
    html = draw.replay_board(state, T)
    duel = state.duels[state.step["duel"]]
    assert f'data-duel="{duel["index"]}" data-rows="{len(duel["rows"])}"' in html
    assert 'aria-current="true"' in html  # its card in the side panel
    last = draw.replay_board(STATES[-1], T)
    assert "Final standings" in last and 'data-phase="over"' in last
    standings = last[last.index("wt-standings") :]
    for p in TOURNAMENT.players:
        after = p["rating"] + p["rating_change"]
        assert re.search(
            rf'data-player="{p["id"]}"><td>{p["placement"]}</td>.*?<td class="wt-num">{after}</td>',
            standings,
        )
    assert "person" in standings and "computer" in standings
    assert "Final standings" not in draw.replay_board(STATES[-2], T)


def test_every_word_drawn_comes_from_the_catalogue():
    pseudo = Translator("en", pseudo=True)
    names = {p["name"] for p in TOURNAMENT.players}
    for at in (0, 1, 2, len(STATES) // 2, len(STATES) - 1):
        text = text_of(
            draw.replay_board(STATES[at], pseudo) + draw.replay_step(STATES[at], pseudo, at, 9)
        )
        while re.search(r"⟦[^⟦⟧]*⟧", text):  # translations nest: words inside lines
            text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, " ").replace("&lt;b&gt;Bo&lt;/b&gt;", " ")
        # Only tiles (one letter a cell) and numbers are bare.
        assert all(len(bit) <= 2 for bit in re.findall(r"[^\W\d]+", text)), text


def test_the_drawing_loads_no_browser():
    tree = ast.parse(Path(draw.__file__).read_text("utf-8"))
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not any("browser" in name or "pyscript" in name or name == "js" for name in imported)


# --- the replay page ---------------------------------------------------------------------


@pytest.fixture
def replay_page(import_without_browser, monkeypatch):
    """open(token, at=None, waiting=False) -> (ReplayView, app); `release()` delivers
    words still on their way."""
    browser, words, replay, _ = import_without_browser(
        "app.browser", "app.wordle_words", "app.views.replay", "app.tournament.replay"
    )
    waiting = []

    class Nothing:
        def querySelector(self, _selector):
            return None

    monkeypatch.setattr(browser, "replace_hash", lambda text: None)
    monkeypatch.setattr(browser, "element", lambda _id: Nothing())

    def load(lang, ready, error):
        if lang != "en":
            error("no such list")
        elif waiting is not None and waiting == ["hold"]:
            waiting[:] = [lambda: ready(WORDS)]
        else:
            ready(WORDS)

    monkeypatch.setattr(words, "load", load)

    def open_replay(token, at=None, hold=False):
        app = FakeApp()
        app.renders = 0
        app.render = lambda: setattr(app, "renders", app.renders + 1)
        waiting[:] = ["hold"] if hold else []
        extra = f"&at={at}" if at is not None else ""
        view = replay.ReplayView(app, parse(f"#/replay/wordle?mode=tournament&r={token}{extra}"))
        app.view = view
        return view, app

    def release():
        for ready in list(waiting):
            ready()

    return open_replay, release


def test_the_replay_page_waits_for_the_words_then_steps_back_and_forth(replay_page):
    open_replay, release = replay_page
    view, app = open_replay(replays.token(ENTRY), hold=True)
    assert "data-replay-loading" in view.render() and "tournament" in view.render()
    release()
    assert app.renders == 1 and len(view.states) == len(ENTRY["moves"]) + 1
    html = view.render()
    assert "Replay: Wordle Tournament" in html and "Before the first round" in html
    assert "mode=tournament" in html and 'href="#/wordle?mode=tournament"' in html
    view.on_action("replay-forward", {}, None)
    assert view.at == 1 and "Round 1 begins." in view.render()
    view.on_action("replay-last", {}, None)
    assert "Final standings" in view.render()
    view.on_action("replay-back", {}, None)
    assert view.at == len(ENTRY["moves"]) - 1 and "Final standings" not in view.render()


def test_a_link_opens_at_its_step(replay_page):
    open_replay, _ = replay_page
    view, _ = open_replay(replays.token(ENTRY), at=3)
    assert view.at == 3 and "Step 3 of" in view.render()


BAD = {
    "nonsense": "nonsense",
    "cut short": replays.token({**ENTRY, "moves": ENTRY["moves"][:-1]}),
    "no language of ours": replays.token({**ENTRY, "options": {**ENTRY["options"], "lang": "xx"}}),
    "a language whose words cannot be loaded": replays.token(
        {**ENTRY, "options": {**ENTRY["options"], "lang": "cy"}}
    ),
    "a guess out of the list": replays.token(
        {**ENTRY, "moves": ENTRY["moves"][:1] + ["guess 0 qqqq"] + ENTRY["moves"][1:]}
    ),
    "a practice duel's link": replays.token(
        {"options": {"lang": "en", "secret": 5}, "seed": 5, "seats": [], "moves": []}
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_link_says_so(replay_page, case):
    open_replay, _ = replay_page
    view, _ = open_replay(BAD[case])
    assert "data-replay-bad" in view.render() and view.states == []
