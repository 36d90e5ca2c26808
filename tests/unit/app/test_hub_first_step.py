"""The hub's first step (app.views.hub_start): a newcomer is told where to start, in
English and Welsh; once any game has been begun or played the hub is the player's own."""

import pytest
from app import scores
from app.midend import HUMAN, Midend
from app.router import parse
from app.views.hub import HubView
from games.deblockle.game import GAME as DEBLOCKLE
from markup_tree import parse as parse_markup
from test_hub_and_stats_pages import an_app  # (the hub's stores, registered as the app does)


def hub(app):
    return parse_markup(str(HubView(app, parse("#/")).render()))


@pytest.mark.parametrize(
    "language, title, play",
    [
        ("en", "New here? Start with Battleship", "Play Battleship"),
        ("cy", "Newydd yma? Dechreuwch gyda Llongau Rhyfel", "Chwarae Llongau Rhyfel"),
    ],
)
def test_a_newcomer_is_shown_one_game_to_start_with_above_the_cards(language, title, play):
    page = hub(an_app(language))
    step = page.one("section", "hub-start")
    assert step.one("h2").text() == title
    assert step.attrs["aria-labelledby"] == step.one("h2").attrs["id"]
    start = step.one("a", "button", data_first_game="battleship")
    assert start.attrs["href"] == "#/battleship" and start.text() == play
    assert step.one("a", "subtle").attrs["href"] == "#/rules/battleship"
    order = [n for n in page.walk() if n.tag in ("section", "ul") and n is not page]
    assert order.index(step) < order.index(page.one("ul", "game-grid"))


def test_the_step_is_gone_once_a_game_is_begun_or_played():
    app = an_app()
    midend = Midend(app.store, DEBLOCKLE, lambda: 0.0)
    midend.start(DEBLOCKLE.options_from_params({}), 7, [HUMAN, "computer:hard"])
    assert midend.save()
    assert hub(app).all(cls="hub-start") == []  # a game begun (saved as it starts)
    played = an_app()  # a game played to its end, its save gone since
    scores.record_result(played.store, "dominoes", "2", won=True)
    assert hub(played).all(cls="hub-start") == []
