"""The bots' plans: what a bot guesses on its turn, and when.

A bot plans once per turn, from the duel at the turn's start and a stream derived
from the match's seed, and its guess lands at turn start + think time. A plan may
be worked out elsewhere (the page's thinker, a Web Worker): `plans_wanted` lists
the bot turns whose plan is not known yet, each with a request that
`bot_plan(request, words)` answers, and `give_plan` hands an answer in (checked; a
stale or illegal one is refused). A bot never guesses within BOT_MIN_THINK_MS of
its turn's start, so a plan is only needed then: if none was given by that moment,
the tournament works it out itself (`make_plan`), the same plan (it is a function
of the match's seed, the rows, the skill and the words), so the tournament is the
same either way.

A match's "plan" is {"rows": the rows when it was made, "word": tile string, or
None to let the turn run out, "think_ms"}, or None.
"""

from typing import Any

from games.common.checks import is_int
from games.common.errors import BadState
from games.common.rng import SeededRng

from .dictionary import LENGTHS, Dictionary
from .duel import TURN_MS
from .players import Player
from .tournament_rules import BOT_MIN_THINK_MS, Match, PlayerRecord, Round

PLAN_GAME = "wordle-tournament"  # a bot's plan, as app.thinking's request names it

PlanKey = tuple[int, int, int]  # (round number, duel index, rows so far)


def bot_plan(request: dict[str, Any], words: Dictionary) -> dict[str, Any]:
    """A bot's plan for one turn ({"rows", "word", "think_ms"}), from a request of
    `plans_wanted` (plain JSON): the same wherever it is worked out. BadState for a
    request that is not one."""
    if not isinstance(request, dict) or request.get("game") != PLAN_GAME:
        raise BadState("not a request for a bot's plan")
    skill, seat, view = request.get("skill"), request.get("seat"), request.get("view")
    if (
        not isinstance(skill, (int, float))
        or isinstance(skill, bool)
        or not 0 <= skill <= 1
        or seat not in (0, 1)
        or not isinstance(view, dict)
        or view.get("length") not in LENGTHS
        or not isinstance(view.get("rows"), list)
    ):
        raise BadState("a bot's plan needs its skill, seat and view")
    rng = SeededRng.from_json(request.get("seed"))
    made = Player(skill).plan(view, words, seat, rng)
    think = min(max(BOT_MIN_THINK_MS, int(made.think_ms)), TURN_MS)
    return {
        "rows": len(view["rows"]),
        "word": made.word if think < TURN_MS else None,
        "think_ms": think,
    }


def bot_to_play(match: Match, players: list[PlayerRecord]) -> bool:
    duel = match["duel"]
    return not duel.is_over and not players[match["players"][duel.turn]]["human"]


def known_plan(match: Match, players: list[PlayerRecord]) -> dict[str, Any] | None:
    """The bot's plan for the duel's current turn, if known (given, or made here);
    None for a human's turn."""
    plan: dict[str, Any] | None = match["plan"]
    if plan is None or not bot_to_play(match, players) or plan["rows"] != len(match["duel"].rows):
        return None
    return plan


def make_plan(match: Match, players: list[PlayerRecord], words: Dictionary) -> None:
    """Work the bot's plan for this turn out here, unless it is known."""
    if known_plan(match, players) is None:
        match["plan"] = bot_plan(plan_request(match, players, words.lang), words)


def plan_request(match: Match, players: list[PlayerRecord], lang: str) -> dict[str, Any]:
    """What the bot to play knows: the duel as it was at its turn's start."""
    duel = match["duel"]
    rows = len(duel.rows)
    return {
        "game": PLAN_GAME,
        "lang": lang,
        "skill": players[match["players"][duel.turn]]["skill"],
        "seat": duel.turn,
        "view": duel.view(duel.turn_started),
        "seed": SeededRng(match["seed"]).fork(f"plan {rows}").to_json(),
    }


def plans_wanted(
    rnd: Round, players: list[PlayerRecord], lang: str
) -> list[tuple[PlanKey, dict[str, Any]]]:
    """(key, request) for each bot turn of the round whose plan is not known yet."""
    return [
        ((rnd["number"], i, len(match["duel"].rows)), plan_request(match, players, lang))
        for i, match in enumerate(rnd["matches"])
        if bot_to_play(match, players) and known_plan(match, players) is None
    ]


def give_plan(
    rnd: Round,
    players: list[PlayerRecord],
    words: Dictionary,
    key: object,
    word: object,
    think_ms: object,
) -> bool:
    """Take a plan for the turn listed with `key`, if that turn is still to be
    planned and the plan is one `bot_plan` could give: a legal guess or None, a
    think time from BOT_MIN_THINK_MS to the turn's 30 s. Refused: False, and
    nothing changes."""
    if not isinstance(key, (tuple, list)) or len(key) != 3 or not all(is_int(k) for k in key):
        return False
    round_number, index, rows = key
    if round_number != rnd["number"] or not 0 <= index < len(rnd["matches"]):
        return False
    match = rnd["matches"][index]
    duel = match["duel"]
    if (
        not bot_to_play(match, players)
        or known_plan(match, players) is not None
        or rows != len(duel.rows)
    ):
        return False
    if not is_int(think_ms) or not BOT_MIN_THINK_MS <= think_ms <= TURN_MS:
        return False
    if think_ms == TURN_MS:
        word = None
    elif word is not None and (not isinstance(word, str) or word not in words.guesses[duel.length]):
        return False
    match["plan"] = {"rows": rows, "word": word, "think_ms": think_ms}
    return True
