"""The lobby: the 8 seats before the start, the humans first, bots in the others.

Bots are rated within 200 of the first human and their skill follows their
rating (`skill_for`). Humans may rename themselves, join from another device (a
bot gives its seat up) or leave (no penalty: a new bot takes the seat; the last
human leaving abandons the lobby). A seat's id is its index in the players'
list, so the list is renumbered as people come and go.

A player (`players[id]`, also in views) is {"id", "name", "rating" (at the
start), "human", "skill" (bots), "lives", "placement" (None while in),
"rating_change" (set when placed: the new rating is rating + rating_change),
"placed_round", "left" (None, "left" or "disconnect"), "lost_at" (ms, while
away)}. Names are data: the page shows them as text, never as markup.

Rules of record: docs/rules/wordle-tournament.md.
"""

from collections.abc import Iterable

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.common.rng import SeededRng

from . import rating as ratings
from .nicknames import clean_nickname, make_nickname
from .tournament_rules import LIVES, SEATS, PlayerRecord


def new_player(
    pid: int, name: str, rating: int, human: bool, skill: float | None = None
) -> PlayerRecord:
    return {
        "id": pid,
        "name": name,
        "rating": rating,
        "human": human,
        "skill": skill,
        "lives": LIVES,
        "placement": None,
        "rating_change": None,
        "placed_round": None,
        "left": None,
        "lost_at": None,
    }


def skill_for(rating: int) -> float:
    """A bot's skill (players.py: 0 beginner .. 1 expert) from its rating:
    linear from 0.1 at 750 and below to 1.0 (the expert solver) at 1200 and
    above; 800 -> 0.2 (weak), 1000 -> 0.6, 1100 -> 0.8."""
    return round(min(1.0, max(0.1, (rating - 700) / 500)), 3)


def seat_humans(humans: object, names: SeededRng) -> list[PlayerRecord]:
    """The humans of a new lobby (up to 8 dicts {"name": str or None, "rating":
    int}; a None name gets a made-up one from `names`)."""
    if not isinstance(humans, (list, tuple)) or len(humans) > SEATS:
        raise ValueError("a lobby has up to 8 humans")
    players: list[PlayerRecord] = []
    for human in humans:
        rating = human.get("rating", ratings.START)
        _check_rating(rating)
        name = human.get("name")
        name = (
            clean_nickname(name)
            if name is not None
            else make_nickname(names, [p["name"] for p in players])
        )
        if _named(players, name):
            raise IllegalMove("wordle.name_taken")
        players.append(new_player(len(players), name, rating, human=True))
    return players


def new_bot(
    players: list[PlayerRecord], names_state: int | None, base_rating: int
) -> tuple[PlayerRecord, int]:
    """A bot for the next seat, and the names stream's state after its name was
    made: rated within 200 of the first human (of `base_rating` with no humans)."""
    names = SeededRng.from_json(names_state)
    base = next((p["rating"] for p in players if p["human"]), base_rating)
    rating = max(0, base - ratings.WINDOW + names.randrange(2 * ratings.WINDOW + 1))
    name = make_nickname(names, [p["name"] for p in players])
    bot = new_player(len(players), name, rating, human=False, skill=skill_for(rating))
    return bot, names.to_json()


def rename(players: list[PlayerRecord], player: PlayerRecord, name: str) -> None:
    """A human changes their nickname: IllegalMove wordle.name_taken, or for a
    nickname that is not one."""
    name = clean_nickname(name)
    if _named([p for p in players if p is not player], name):
        raise IllegalMove("wordle.name_taken")
    player["name"] = name


def join(players: list[PlayerRecord], name: str, rating: int) -> tuple[int, str]:
    """Another person takes the seat after the humans and the last bot gives its
    seat up, so the humans stay first and the other bots keep their nicknames
    and ratings (within 200 of the leader's, the first human's: rule 5.3). Their
    id and the name of the bot replaced."""
    _check_rating(rating)
    name = clean_nickname(name)
    humans = [p for p in players if p["human"]]
    if len(humans) == SEATS:
        raise IllegalMove("wordle.lobby_full")
    if _named(humans, name):
        raise IllegalMove("wordle.name_taken")
    replaced = players.pop()
    bots = players[len(humans) :]
    if _named(bots, name):
        # A bot happens to have the nickname: it gives its seat instead.
        players.append(replaced)
        replaced = next(p for p in bots if _named([p], name))
        players.remove(replaced)
    pid = len(humans)
    players.insert(pid, new_player(pid, name, rating, human=True))
    _renumber(players)
    return pid, replaced["name"]


def give_up_seat(players: list[PlayerRecord], pid: int) -> None:
    """A human leaves the lobby: the seats after theirs move up one."""
    del players[pid]
    _renumber(players)


def _renumber(players: list[PlayerRecord]) -> None:
    for i, p in enumerate(players):
        p["id"] = i


def _named(players: Iterable[PlayerRecord], name: str) -> bool:
    """Whether one of `players` has the nickname (case aside)."""
    return any(p["name"].casefold() == name.casefold() for p in players)


def _check_rating(rating: object) -> None:
    if not is_int(rating) or rating < 0:
        raise ValueError("a rating is a non-negative int")
