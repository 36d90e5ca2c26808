"""This device's connection to its Tournament on the one game view: a page hidden, closed or
reloaded is a lost connection for the people here still in ("away", rule 10.3), and the page
shown again brings them back ("back", 10.4: within 60 s they play on; later the clock has
made them leave). Pure: the moves at the tournament's time `now`."""

from games.common.errors import IllegalMove
from games.common.protocol import Json
from games.wordle.tournament_game import TournamentState
from games.wordle.tournament_rules import PLAYING


def away_moves(state: TournamentState, now: int) -> list[Json]:
    """The page is hidden: each person here still in and not away yet goes away at `now`."""
    t = state.tournament
    if t.phase not in PLAYING:
        return []
    return [
        {"type": "away", "player": pid, "at": now}
        for pid in t.humans_in()
        if t.players[pid]["lost_at"] is None
    ]


def back_move(state: TournamentState, now: int) -> Json | None:
    """The page ticks again: the first person here still in who is away comes back at `now`;
    None when there is none, or when the rules refuse it (their 60 s ran out: the clock's
    step places them)."""
    t = state.tournament
    if t.phase not in PLAYING:
        return None
    for pid in t.humans_in():
        if t.players[pid]["lost_at"] is not None:
            move = {"type": "back", "player": pid, "at": now}
            try:
                state.copy().apply(move)  # (tried on a copy: a refusal would come every tick)
            except IllegalMove:
                continue
            return move
    return None
