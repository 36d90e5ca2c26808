"""The Battleship page in a game with a friend on another device, drawn under CPython from
real games between two devices (app.remote.battleship_match over two Matches back to
back): what each page says it waits for, the friend named where the computer would be,
no undo, no fleet of the other's before the end, and the end: a win, a loss, or who lied
and how, in English and Welsh (docs/rules/battleship.md 12)."""

import random
import re
from html import unescape

import pytest
from app.battleship import draw
from app.battleship import remote_texts as remote
from app.i18n import Translator
from games.battleship.grid import square_name
from test_remote_battleship import connected

PEERS = ("Bob", "Alice")  # the friend as each device names them: host (seat 0), guest


@pytest.fixture(params=["en", "cy"])
def t(request):
    return Translator(request.param)


def screen(game, phase, **page) -> draw.Screen:
    return draw.Screen(
        phase=phase,
        mode=game.state.mode,
        opponent="remote",
        active=game.seat,
        me=game.seat,
        peer=PEERS[game.seat],
        connected=True,
        **page,
    )


def phase_of(game) -> str:
    """As the view's remote_phase, for a match in play."""
    if game.state.is_over:
        return "over"
    if game.placing:
        return "place"
    return "fire" if game.ready else "friend"


def page(t, game, **extra) -> str:
    """The page's markup, unescaped (to look for the texts in it)."""
    return unescape(draw.page(t, game.view(), screen(game, phase_of(game), **extra)))


def status(html: str) -> str:
    """The status line's text, unescaped."""
    found = re.search(r"<p [^>]*data-status[^>]*>(.*?)</p>", html)
    assert found is not None
    return unescape(found[1])


def no_raw_text(text: str) -> None:
    assert "{" not in text and "battleship." not in text and text.strip()


def fire_at_random(game, rng) -> None:
    view = game.view()
    open_squares = [square_name(i) for i in range(100) if square_name(i) not in view["called"]]
    game.fire(rng.sample(open_squares, view["shots_allowed"]))


def test_each_page_says_what_it_waits_for_and_names_the_friend(t):
    wire, (red, blue) = connected({"mode": "classic"}, seed=3)
    assert phase_of(red) == phase_of(blue) == "place"
    blue.place({"type": "random_fleet", "player": blue.seat})
    blue.declare_ready()  # Blue's Ready waits for Red's (12.2)
    wire.pump()
    waiting = status(page(t, blue))
    assert waiting == t("battleship.remote.wait_fleet", name="Alice")
    assert status(page(t, red)) == t("battleship.status.place_you")
    red.place({"type": "random_fleet", "player": red.seat})
    red.declare_ready()
    wire.pump()
    html = page(t, blue)
    assert status(html) == t("battleship.remote.wait_shot", name="Alice")
    assert t("battleship.remote.with", name="Alice") in html
    assert 'data-action="undo"' not in html and 'data-action="redo"' not in html
    assert t("battleship.keys_help_remote") in html
    assert status(page(t, red)) == t("battleship.status.fire_you")
    # Red fires: until Blue's device answers (the volley still on the wire), Red's page
    # waits for the answer; then it is Blue's turn, and Red's page waits for the shot.
    fire_at_random(red, random.Random(1))
    assert status(page(t, red)) == t("battleship.remote.wait_answer", name="Bob")
    wire.pump()
    assert status(page(t, red)) == t("battleship.remote.wait_shot", name="Bob")
    assert status(page(t, blue)) == t("battleship.status.fire_you")


def test_a_friend_ready_first_is_said_while_placing(t):
    wire, (red, blue) = connected({"mode": "salvo"}, seed=4)
    red.place({"type": "random_fleet", "player": red.seat})
    red.declare_ready()
    wire.pump()
    assert status(page(t, blue)) == t("battleship.remote.place_they_ready", name="Alice")


def whole_game(mode, seed):
    wire, games = connected({"mode": mode}, seed=seed)
    for game in games:
        game.place({"type": "random_fleet", "player": game.seat})
        game.declare_ready()
        wire.pump()
    rng = random.Random(seed)
    while not games[0].state.is_over:
        fire_at_random(next(game for game in games if game.ready), rng)
        wire.pump()
    return games


@pytest.mark.parametrize("mode", ["classic", "advanced_salvo"])
def test_the_end_names_the_winner_and_shows_the_fleets_only_then(t, mode):
    games = whole_game(mode, 5)
    winner = games[0].state.result["winner"]
    for game in games:
        html = page(t, game, hosting=game.seat == 0)
        won = game.seat == winner
        peer = PEERS[game.seat]
        expected = "battleship.remote.status.won" if won else "battleship.remote.status.lost"
        assert status(html) == t(expected, name=peer)
        title = t("battleship.over.won") if won else t("battleship.over.winner", name=peer)
        assert f'id="bs-over-title">{title}<' in html
        assert "revealed" in html  # the other fleet, shown at the end
        again = 'data-action="remote-again"' in html
        assert again == (game.seat == 0)  # the host plays again; the friend's page says so
        assert (t("remote.they_start", name=peer) in html) != again


def test_before_the_end_no_page_draws_the_other_fleet():
    en = Translator("en")
    wire, games = connected({"mode": "salvo"}, seed=6)
    for game in games:
        game.place({"type": "random_fleet", "player": game.seat})
        game.declare_ready()
        wire.pump()
    rng = random.Random(6)
    for _ in range(6):
        fire_at_random(next(game for game in games if game.ready), rng)
        wire.pump()
    for game in games:
        other = games[1 - game.seat]
        html = page(en, game)
        assert "revealed" not in html and other.fleet.salt not in html
        target = re.findall(r'id="bs-t-([A-J]\d+)"[^>]*aria-label="([^"]*)"', html)
        called = set(game.view()["called"])
        for square, label in target:
            if square not in called:
                assert label.endswith("not called")


@pytest.mark.parametrize("kind", remote.PROBLEM_KINDS)
def test_every_lie_the_check_can_find_is_told_in_words_of_its_own(t, kind):
    games = whole_game("classic", 7)
    liar = games[1]
    view = games[0].view()
    detail = {"false_sunk": "cruiser", "missing_sunk": "patrol", "false_miss": "D4"}.get(
        kind, "E5" if kind in ("false_hit", "wrong_ship") else None
    )
    turn = None if kind in ("commitment", "illegal_fleet") else 6
    problem = {"seat": liar.seat, "kind": kind, "turn": turn, "detail": detail}
    view["winner"] = None
    view["result"] = {**view["result"], "winner": None, "cheaters": [liar.seat]}
    view["result"]["problems"] = [problem]
    html = unescape(draw.page(t, view, screen(games[0], "over")))
    lie = remote.problem_text(t, view, problem)
    no_raw_text(lie)
    if turn is not None:
        assert lie.startswith(t("battleship.remote.problem_turn", turn="7", text=""))
    if detail is not None and kind not in ("false_sunk", "missing_sunk"):
        assert detail in lie
    assert status(html).startswith(t("battleship.remote.lied", name="Bob"))
    assert f'data-problem="{kind}"' in html
    assert t("battleship.remote.not_counted") in html
    # The liar's own page, were its claims the ones found false, says so of itself.
    mine = unescape(draw.page(t, view, screen(liar, "over")))
    assert t("battleship.remote.lied_you") in mine
