"""A round: its pairings, its bye and a word for each duel, drawn as its
introduction begins.

- intro: the round's pairings, bye and duels are drawn and shown for 6 s; every
  duel's first turn starts when the intro ends.
- playing: all duels of the round at once; the round ends with its last duel.

A round is {"number", "started_at", "play_at" (the intro's end), "ended_at",
"bye", "matches", "keyboard" (tournament_keyboard, while one is passed)}; a match
is {"players": [a, b], "seed", "ended_at", "plan" (tournament_plans), "duel"
(a Duel), "held" (tournament_keyboard, while held)}.
"""

from typing import Any

from games.common.rng import SeededRng

from .dictionary import LENGTHS, Dictionary
from .duel import new_duel
from .pairing import pair_round
from .tournament_events import emit
from .tournament_rules import INTRO_MS, Event, Match, Round


def start_round(
    log: list[Event],
    rounds: list[Round],
    still_in: list[int],
    rng: SeededRng,
    words: Dictionary,
    at: int,
) -> None:
    """The next round begins `at`: drawn (`new_round`), added to `rounds` and told."""
    rnd = new_round(rounds, still_in, rng, words, at)
    rounds.append(rnd)
    matches = rnd["matches"]
    emit(
        log,
        "round",
        at,
        round=rnd["number"],
        pairs=[list(m["players"]) for m in matches],
        bye=rnd["bye"],
        lengths=[m["duel"].length for m in matches],
        play_at=rnd["play_at"],
    )
    if rnd["bye"] is not None:
        emit(log, "bye", at, round=rnd["number"], player=rnd["bye"])


def new_round(
    rounds: list[Round], still_in: list[int], rng: SeededRng, words: Dictionary, at: int
) -> Round:
    """The next round after `rounds`, of the players `still_in`, its introduction
    beginning `at`: nobody meets their last opponent or has the bye twice running
    if it can be helped (pairing.py), and each duel has a word not played yet."""
    previous = rounds[-1] if rounds else None
    last_opponent: dict[int, int] = {}
    last_bye = None
    if previous is not None:
        last_bye = previous["bye"]
        for match in previous["matches"]:
            a, b = match["players"]
            last_opponent[a], last_opponent[b] = b, a
    pairs, bye = pair_round(still_in, last_opponent, last_bye, rng)
    play_at = at + INTRO_MS
    used = {m["duel"].word for r in rounds for m in r["matches"]}
    matches: list[Match] = []
    for pair in pairs:
        length = LENGTHS[rng.randrange(len(LENGTHS))]
        word = _pick_word(words, rng, length, used, {m["duel"].word for m in matches})
        used.add(word)
        seed = rng.next_u64()
        matches.append(
            {
                "players": pair,
                "seed": seed,
                "ended_at": None,
                "plan": None,
                "duel": new_duel(word, seed, play_at),
            }
        )
    return {
        "number": len(rounds) + 1,
        "started_at": at,
        "play_at": play_at,
        "ended_at": None,
        "bye": bye,
        "matches": matches,
    }


def _pick_word(
    words: Dictionary, rng: SeededRng, length: int, used: set[str], this_round: set[str]
) -> str:
    """A word not played yet in this tournament (when the list runs out, one not
    played in this round): each pair gets a different word."""
    answers = words.answers[length]
    pool = [w for w in answers if w not in used] or [w for w in answers if w not in this_round]
    return pool[rng.randrange(len(pool))]


def match_of(rnd: Round | None, pid: int | None) -> tuple[int, Match] | None:
    """(index, match) of the duel `pid` plays in round `rnd`; None for the bye."""
    if rnd is None:
        return None
    for i, match in enumerate(rnd["matches"]):
        if pid in match["players"]:
            return i, match
    return None


def tell_row(log: list[Event], rnd: Round, index: int, row: dict[str, Any]) -> None:
    """Tell the row just played in duel `index` of `rnd`: a guess, or a turn skipped."""
    match = rnd["matches"][index]
    seat = row["seat"]
    common = {"round": rnd["number"], "duel": index, "player": match["players"][seat], "seat": seat}
    if row["guess"] is None:
        emit(log, "skip", row["at"], **common)
    else:
        emit(log, "guess", row["at"], word=row["guess"], marks=list(row["marks"]), **common)
