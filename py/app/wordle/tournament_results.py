"""What a Wordle Tournament records as each person of this device goes out (rule 8.2), and
once it is over: their rating (app.wordle.records' `wordle-rating`), the device's statistics
("wordle", under the tournament's variant: the key the statistics page reads) for its first
person, and the finished tournament kept for replaying (`replays:wordle-tournament`, the
story app.tournament.replay tells). Pure: the one game view writes them (app.frame.recording),
the group's pages through their keeper (app.wordle.tournament_keeper)."""

from collections.abc import Callable
from typing import Any

from games.wordle.tournament import Tournament
from games.wordle.tournament_story import record

from ..frame.frontend import Result
from ..frame.recording import Due
from . import records as tp

GAME, VARIANT = "wordle", "tournament"
FRIENDS = "tournament-friends"  # a tournament with friends, each on their own device

Json = dict[str, Any]


def rating_after(player: Json) -> int:
    return int(player["rating"] + player["rating_change"])


def rated(name: str, rating: int, change: int, placement: int, date: str) -> Callable[[Json], Json]:
    """The ratings record with one result added."""
    return lambda data: tp.add_result(data, name, rating, change, placement, date)


def player_rated(player: Json, date: str) -> Callable[[Json], Json]:
    after, change = rating_after(player), player["rating_change"]
    return rated(player["name"], after, change, player["placement"], date)


def statistics(variant: str, placement: int, rating: int) -> Result:
    """One tournament in the device's statistics: its placement and the rating after."""
    figures = {"rating": rating}
    return Result(variant, placement == 1, placement, figures, higher_is_better=False)


def replay_entry(game: Tournament, group: bool, date: str) -> Json:
    """The finished tournament as app.replays keeps it."""
    return {**record(game, group=group), "date": date}


def due(game: Tournament, counted: bool, today: str) -> list[Due]:
    """Each person here placed by now (a rating and, for the first, the statistics; nothing
    when the tournament is not counted), and the finished tournament to replay."""
    results = []
    humans = [p for p in game.players if p["human"]]
    if game.phase != "lobby" and len(humans) == 1:  # (its nickname, drawn by lot or chosen)
        name = humans[0]["name"]
        results.append(Due("me", change=(tp.RATING, lambda data: tp.set_my_name(data, name))))
    for pid in game.humans_placed():
        player = game.players[pid]
        key = f"placed {pid}"
        if not counted:
            results.append(Due(key))
            continue
        stats = statistics(VARIANT, player["placement"], rating_after(player))
        results.append(
            Due(
                key,
                stats=(GAME, stats) if pid == 0 else None,  # (the device's are its first's)
                change=(tp.RATING, player_rated(player, today)),
            )
        )
    if game.phase == "over":
        entry = replay_entry(game, len(humans) > 1, today)  # (a group: people sharing it)
        results.append(Due("kept", replay=(tp.REPLAYS, entry)))
    return results


def kept_href(game: Tournament, kept: Any) -> str | None:
    """The link replaying this finished tournament, once it is among the `kept` replays."""
    if game.phase != "over" or not isinstance(kept, list):
        return None
    entry = record(game, group=sum(p["human"] for p in game.players) > 1)
    for each in reversed(kept):
        if isinstance(each, dict) and {k: v for k, v in each.items() if k != "date"} == entry:
            return tp.replay_href(each)
    return None
