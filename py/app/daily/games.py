"""Which game each daily is (docs/rules/README.md, Today's game): its variant, options and
seats, and what a finished daily keeps and shares. Pure: a finished position in, figures out.
A daily's figures say how well it went and never where anything was (everyone has the same
position, so a position would spoil it)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.common.protocol import Json

from .hunt import VARIANT as HUNT
from .hunt import hunt_options, hunt_result, ships_row
from .records import DailyResult


@dataclass(frozen=True)
class DailyRules:
    variant: str  # the records' and the seed's name for the version played
    options: Callable[[], Json]  # (a function: the hub imports no game to draw its cards)
    seats: tuple[str | None, ...]  # as a frontend's new_seats: None for the player here
    summary: Callable[[Any], DailyResult]  # the finished position's result
    figures: tuple[str, ...]  # compared side by side with a friend's, in this order
    emoji: str  # the share card's first mark
    # The card's lines below how it went, drawn from the result (Wordle's squares), if any
    grid: Callable[[DailyResult], list[str]] | None = None


def marbles_result(state: Any) -> DailyResult:
    return DailyResult(
        "5", None, {"score": state.score, "lines": state.lines, "moves": state.moves}
    )


def deblockle_options() -> Json:
    from ..deblockle.setup import game_options

    return game_options({})  # the standard game, the player's gold moving first, quick set-up


def deblockle_result(state: Any) -> DailyResult:
    """Won or lost, the turns the game took (both sides') and the player's blocks off."""
    won = (state.result or {}).get("winner") == 0
    return DailyResult(
        "medium", won, {"turns": len(state.history), "blocks": state.position.removed[0]}
    )


def dominoes_result(state: Any) -> DailyResult:
    """Won or lost, the player's points, the computer's, and the hands it took."""
    team = state.table.team_of(0)
    against = max(score for other, score in enumerate(state.scores) if other != team)
    won = (state.result or {}).get("winner_team") == team
    figures = {"points": state.scores[team], "against": against, "hands": len(state.hand_summaries)}
    return DailyResult("medium", won, figures)


def wordle_result(state: Any) -> DailyResult:
    """Solved or not, the tries it took (1 to 6, or X), the word's language, and each row's
    marks (digits: 0 grey, 1 yellow, 2 green; rows set off by dots), for the share card's
    squares: no letter of them."""
    solved = state.is_over and state.solved
    marks = ".".join("".join(str(mark) for mark in row["marks"]) for row in state.rows)
    guesses: int | str = len(state.rows) if solved else "X"
    return DailyResult("5", solved, {"guesses": guesses, "lang": state.words.lang, "marks": marks})


SQUARES = {"0": "⬜", "1": "🟨", "2": "🟩"}


def wordle_squares(result: DailyResult) -> list[str]:
    """The classic grid: a row of squares a guess, coloured as it was marked."""
    marks = str(result.figures.get("marks", ""))
    return ["".join(SQUARES.get(mark, "") for mark in row) for row in marks.split(".") if row]


DAILIES: dict[str, DailyRules] = {
    # 5 in a row, the classic: today's sequence of marbles (docs/rules/marbles.md 12).
    "marbles": DailyRules(
        "5", lambda: {"version": 5}, (None,), marbles_result, ("score", "lines", "moves"), "🔵"
    ),
    # Today's start against the computer at medium (docs/rules/deblockle.md 13).
    "deblockle": DailyRules(
        "medium", deblockle_options, (None, "medium"), deblockle_result, ("turns", "blocks"), "🟨"
    ),
    # Today's deals, one against one computer at medium, to 100 (docs/rules/dominoes.md 12).
    "dominoes": DailyRules(
        "medium",
        lambda: {"seats": 2, "partnerships": False, "target": 100},
        (None, "medium"),
        dominoes_result,
        ("points", "against", "hands"),
        "🟫",
    ),
    # Today's word of 5 letters in the player's word language (the words' own), 6 tries
    # (docs/rules/wordle-tournament.md 17).
    "wordle": DailyRules(
        "5", dict, (None,), wordle_result, ("guesses", "lang"), "🟩", wordle_squares
    ),
    # The hunt: today's fleet, placed by the computer, sunk in the fewest shots, nothing
    # fired back (docs/rules/battleship.md 13).
    "battleship": DailyRules(
        HUNT, hunt_options, (None, "hard"), hunt_result, ("shots", "hits", "sunk"), "🚢", ships_row
    ),
}


def name_key(game: str) -> str:
    """The catalogue key of a daily's game name: the game's own, but Wordle's daily is
    classic Wordle, not the Tournament the hub's card is named for."""
    return "daily.wordle.name" if game == "wordle" else f"game.{game}.name"


def daily_slot(game: str) -> str:
    """Where a game's daily is saved (saved:<slot>), beside the game's own save."""
    return f"{game}-daily"


def rules_of(game: str) -> DailyRules | None:
    return DAILIES.get(game)
