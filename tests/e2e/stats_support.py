"""Statistics with every kind of chart (app.views.stats_charts), written by the app's own
records modules into a stand-in store, for a page's localStorage (open_app's `storage`)."""

from app import scores
from app.games_list import GAME_ROUTES
from app.storage import NAMESPACE, MemoryBackend, Store
from app.wordle import records as tournament_records


def chart_storage() -> dict[str, str]:
    """{localStorage key: record}: Wordle duels (guesses 1-6 and X) at two levels and a
    rating over four tournaments, Battleship shots to win, Marbles scores, Dominoes
    margins on both sides of 0."""
    store = Store(MemoryBackend())
    scores.register(store, GAME_ROUTES)
    tournament_records.register(store)
    for guesses, level in ((4, "hard"), (3, "hard"), (5, "medium"), ("x", "hard"), (4, "medium")):
        won = guesses != "x"
        scores.record_result(store, "wordle", "duel", won=won, measure=guesses, level=level)
    for shots, level in ((41, "hard"), (58, "hard"), (63, "medium"), (47, "easy")):
        scores.record_result(
            store, "battleship", "classic", won=True, score=shots, measure=shots,
            level=level, higher_is_better=False, date="2026-12-07",
        )  # fmt: skip
    scores.record_result(store, "battleship", "classic", won=False, measure="x", level="hard")
    for score in (36, 124, 88, 210, 95):
        scores.record_result(store, "marbles", "5", won=None, score=score, measure=score)
    for margin in (-40, 25, 61, -8, 12):
        scores.record_result(
            store, "dominoes", "2", won=margin > 0, score=150, measure=margin, level="medium"
        )
    ratings = tournament_records.set_my_name(tournament_records.empty_ratings(), "Ana")
    for day, (rating, change) in enumerate(((1520, 20), (1495, -25), (1540, 45), (1580, 40))):
        date = f"2026-12-0{day + 3}"
        ratings = tournament_records.add_result(ratings, "Ana", rating, change, 2, date)
    store.save(tournament_records.RATING, ratings)
    return {key: text for key, text in store.backend.items.items() if key.startswith(NAMESPACE)}
