"""The Wordle Tournament screen's drawing, under CPython: the engine's view, the
screen's state (Ui) and the translator in, markup out, with no browser at all;
and what the screen says (announcements) when the log grows."""

import ast
import re
from pathlib import Path

import pytest
from app.i18n import Translator
from app.tournament import draw as draw
from app.tournament import lobby_draw as lobby_draw
from app.tournament import said as said
from app.tournament import side as side_draw
from app.tournament.ui import Context, Ui, isolated, lives, signed
from games.wordle.duel import TURN_MS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_rules import INTRO_MS

T = Translator("en")
WORDS = sample_dictionary()
APP = Path(__file__).resolve().parents[3] / "py" / "app"
PURE = [
    *(
        f"tournament/{name}.py"
        for name in ["draw", "round_draw", "ui", "said", "side", "cards", "lobby_draw"]
    ),
    "wordle/records.py",
    "wordle/tournament_keeper.py",
    "wordle/tournament_results.py",
    "frame/recording.py",
]


def solo(seed=5):
    return new_lobby(WORDS, [{"name": "<b>Bo</b>", "rating": 1000}], seed)


def pair(seed=4):
    """Two humans of a group, who meet in round 1 (seed 4)."""
    return new_lobby(
        WORDS, [{"name": "Lead", "rating": 1000}, {"name": "Ana", "rating": 1000}], seed
    )


def playing(t, now=INTRO_MS):
    t.start(0)
    t.advance(now)
    return now


def my_duel(t, pid=0):
    return next(i for i, m in enumerate(t.current["matches"]) if pid in m["players"])


def screen(t, now, **ui):
    """The markup of the game screen, with the keyboard given as the screen would."""
    view = t.view(0, now)
    ui.setdefault("mode", "game")
    ui.setdefault("focus", my_duel(t) if t.current else None)
    holder = t.keyboard_holder(now, ui["focus"])
    if "typist" not in ui and holder is not None:
        ui["typist"], ui["focus"] = holder
    return draw.render(T, WORDS, Ui(**ui), view)


@pytest.mark.parametrize("name", PURE)
def test_the_drawing_modules_import_nothing_of_the_browser(name):
    tree = ast.parse((APP / name).read_text("utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
            imported |= {alias.name for alias in node.names}
    assert not imported & {"browser", "js", "pyscript", "pyodide", "app.browser"}


def test_loading_and_a_load_error():
    html = draw.render(T, None, Ui(lang="en"), None)
    assert "wd-loading" in html and "English" in html
    html = draw.render(T, None, Ui(loading_error="No words"), None)
    assert 'role="alert"' in html and "No words" in html


def test_the_lobby_shows_8_players_names_as_text_and_your_rating():
    t = solo()
    profile = {"name": "<b>Bo</b>", "rating": 1010, "history": []}
    ui = Ui(mode="lobby", profile=profile, stats=None)
    html = draw.render(T, WORDS, ui, t.view(None, 0))
    assert html.count("<tr") == 9 and "wt-lobby" in html
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html
    assert 'id="wt-name"' in html and 'data-action="wt-group-open"' in html
    assert '<p class="wt-rating-now">1010</p>' in html and "wt-chart-empty" in html


def test_a_group_lobby_and_the_group_screen():
    group = {"lang": "en", "members": ["Lead", "Ana"]}
    t = pair()
    profile = {"name": "Lead", "rating": 1000, "history": []}
    html = draw.render(T, WORDS, Ui(mode="lobby", group=group, profile=profile), t.view(None, 0))
    assert 'id="wt-name"' not in html and html.count('class="wt-human"') == 2
    html = draw.render(T, None, Ui(mode="group", group=group, member_ratings=[1020, 990]), None)
    assert "wt-group" in html and html.count('class="wt-member"') == 2
    assert ">1020<" in html and ">990<" in html
    assert html.count('data-action="wt-remove"') == 1  # the leader stays
    assert 'class="wt-invite-link"' in html and "group=" in html


def test_the_introduction_shows_the_pairs_and_yours():
    t = solo()
    t.start(0)
    html = screen(t, 1000)
    assert "wt-intro" in html and len(re.findall(r'class="wt-pair[ "]', html)) == 4
    assert re.search(r'wt-pair wt-pair-mine".*?<bdi class="wt-name">You</bdi>', html)
    assert 'data-phase="intro"' in html and "Starts in 5 s" in html


def test_your_turn_gives_you_the_keyboard_and_the_clock_runs():
    t = solo()
    now = playing(t)
    index = my_duel(t)
    duel = t.current["matches"][index]["duel"]
    if t.current["matches"][index]["players"][duel.turn] != 0:  # let the bot play first
        now = duel.turn_started + TURN_MS
        t.advance(now)
    assert t.may_type(0)
    html = screen(t, now, typed=["c", "a"])
    assert "wd-whose wd-you" in html and "Your turn" in html
    keys = re.findall(r'<button[^>]*data-action="wd-key"[^>]*>', html)
    assert keys and not any(" disabled" in key for key in keys)
    assert "wd-clock-stopped" not in html and 'role="timer"' in html
    assert html.count("wd-tile wd-typed") == 2  # the tiles typed so far
    # Without the keyboard, the keys are off.
    html = screen(t, now, typist=None)
    keys = re.findall(r'<button[^>]*data-action="wd-key"[^>]*>', html)
    assert keys and all(" disabled" in key for key in keys)


def test_two_humans_on_one_screen_are_named_in_the_status():
    t = pair()
    now = playing(t)
    index = my_duel(t)
    match = t.current["matches"][index]
    to_play = match["players"][match["duel"].turn]
    assert sorted(match["players"]) == [0, 1]
    group = {"lang": "en", "members": ["Lead", "Ana"]}
    html = screen(t, now, group=group)
    assert f"{isolated(t.players[to_play]['name'])}: your turn" in html


def test_the_side_panel_lists_everyone_in_standings_order_and_the_duels():
    t = solo()
    now = playing(t)
    view = t.view(0, now)
    side = "".join(side_draw.side(Context(T, WORDS, Ui(mode="game"), view)))
    order = [int(x) for x in re.findall(r'class="wt-player[^"]*" data-player="(\d+)"', side)]
    assert order == view["standings"]
    assert side.count('data-action="wt-watch"') == 4
    assert side.count('class="wt-tag">you<') == 1


def test_watching_another_duel():
    t = solo(seed=5)
    now = playing(t)
    other = next(i for i in range(4) if i != my_duel(t))
    html = screen(t, now, watching=other)
    assert "wt-watching" in html and 'data-action="wt-unwatch"' in html
    assert 'aria-pressed="true"' in html  # its card in the side panel


def test_watching_another_duel_on_your_turn_says_so_with_your_clock():
    t = solo(seed=5)
    now = playing(t)
    mine = my_duel(t)
    other = next(i for i in range(4) if i != mine)
    while t.view(0, now)["duels"][mine]["to_play"] is None:  # the computer thinks first
        now = t.next_event_at()
        t.advance(now)
    html = screen(t, now + 4_000, watching=other)
    waiting = html[html.index('class="wt-waiting"') : html.index('class="wt-watch-title"')]
    assert "Your turn" in waiting and f'data-duel="{mine}"' in waiting and "0:" in waiting
    assert "Back to your duel" in waiting and 'data-action="wt-unwatch"' in waiting
    assert "wt-waiting" not in screen(t, now)  # on your own duel, no prompt


def test_out_then_the_final_standings():
    t = solo()
    now = playing(t)
    t.leave_all(now)
    html = screen(t, now)
    assert "wt-out" in html and "Placement 8 of 8." in html
    me = t.players[0]
    assert f"Rating 1000 → {1000 + me['rating_change']} ({signed(me['rating_change'])})" in html
    assert '<span class="wt-rating-change">' in html  # (kept on one line)
    uncounted = draw.render(T, WORDS, Ui(mode="game", counted=False), t.view(0, now))
    assert '<span class="wt-rating-change wt-sentence">' in uncounted  # (it wraps on a phone)
    t.play_out()
    view = t.view(0, t.clock)
    profile = {"name": "<b>Bo</b>", "rating": 975, "history": []}
    html = draw.render(T, WORDS, Ui(mode="game", profile=profile), view)
    assert "wt-end" in html and "Final standings" in html
    rows = re.findall(r'<tr[^>]*data-player="(\d+)"', html)
    assert [int(x) for x in rows] == view["standings"] and len(rows) == 8
    (winner,) = view["winners"]
    assert f"{isolated(t.players[winner]['name'])} won the tournament." in html


def test_lives_and_the_chart_are_labelled_for_screen_readers():
    assert 'aria-label="2 of 3 lives"' in lives(T, 2)
    assert lives(T, 2).count("wt-life-lost") == 1
    history = [
        {"rating": 1025, "change": 25, "placement": 1, "date": "2026-11-29"},
        {"rating": 1014, "change": -11, "placement": 6, "date": "2026-11-29"},
    ]
    chart = lobby_draw.rating_chart(T, 1000, history)
    assert chart.startswith("<svg") and "from 1000 to 1014" in chart
    points = chart.split('points="')[1].split('"')[0].split()
    assert len(points) == 3  # the start and two tournaments
    assert "<svg" not in lobby_draw.rating_chart(T, 1000, [])


def test_standings_show_names_as_text():
    players = [
        {
            "id": i,
            "name": "<b>Bo</b>" if i == 0 else f"Bot{i}",
            "rating": 1000,
            "human": i == 0,
            "lives": 0,
            "placement": i + 1,
            "rating_change": 25 - 7 * i,
            "left": None,
        }
        for i in range(8)
    ]
    html = draw.standings_rows(T, players, you=0)
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>" not in html
    assert html.count("<tr") == 9
    assert "+25" in html and "−24" in html


# --- what the screen says -----------------------------------------------------------------


def test_the_round_is_announced_with_your_pair():
    t = solo()
    events = t.start(0)
    news = said.happened(T, WORDS, t, events, Ui())
    assert news.new_round and news.full
    assert news.said[0].startswith("Round 1.")
    assert " against " in news.said[0] and "You" in news.said[0]


def test_rows_of_your_duel_are_announced_and_bring_you_back_to_it():
    t = solo()
    playing(t)
    seen = len(t.log)
    index = my_duel(t)
    match = t.current["matches"][index]
    duel = match["duel"]
    if match["players"][duel.turn] == 0:  # let your turn run out: one skipped row
        t.advance(duel.deadline)
    else:  # the bot plays (or runs out of time)
        t.advance(duel.turn_started + TURN_MS)
    events = t.events_since(seen)
    watching = next(i for i in range(4) if i != index)
    news = said.happened(T, WORDS, t, events, Ui(watching=watching))
    rows = [e for e in events if e["type"] in ("guess", "skip") and e["duel"] == index]
    assert rows and news.full
    assert news.back_to_duel == (t.to_play(index) is not None)
    assert any(text.startswith("Row 1, ") for text in news.said)


def test_placements_are_told_for_humans_only_when_not_announcing_all():
    t = solo()
    now = playing(t)
    seen = len(t.log)
    t.leave_all(now)
    events = t.events_since(seen)
    news = said.happened(T, WORDS, t, events, Ui(), announce_all=False)
    assert any("You are out in place 8" in text for text in news.said)


def test_a_tournament_not_counted_keeps_your_rating_in_the_standings_and_what_is_said():
    """9.8: a tournament from a known seed changes no rating. The final standings and the
    announcement of your placement say your rating stays, as the 'out' card does; the
    computer players' changes are still shown (8.6)."""
    t = solo()
    now = playing(t)
    seen = len(t.log)
    t.leave_all(now)
    me = t.players[0]
    assert me["rating_change"] != 0
    kept = said.happened(T, WORDS, t, t.events_since(seen), Ui(counted=False), False).said
    assert any("You are out in place 8; not counted, your rating stays 1000." in s for s in kept)
    assert not any("now 9" in s for s in kept)
    t.play_out()
    view = t.view(0, t.clock)
    html = draw.render(T, WORDS, Ui(mode="game", counted=False), view)
    mine = re.search(r'<tr class="wt-human" data-player="0">(.*?)</tr>', html).group(1)
    assert "not counted" in mine
    assert re.findall(r'<td class="wt-num[^"]*">([^<]*)</td>', mine) == ["1000", "–", "1000"]
    bot = next(p for p in view["players"] if not p["human"] and p["rating_change"])
    row = re.search(rf'<tr data-player="{bot["id"]}">(.*?)</tr>', html).group(1)
    assert signed(bot["rating_change"]) in row and "not counted" not in row
    counted = draw.render(T, WORDS, Ui(mode="game"), view)
    assert signed(me["rating_change"]) in re.search(
        r'<tr class="wt-human" data-player="0">(.*?)</tr>', counted
    ).group(1)
