"""What a seat to move may and must do, and why a choice is refused, read from
that seat's view (`State.view_for(seat)`): the rules a page needs before it has
a whole move to hand to `State.apply` (a tile picked, a Draw or Pass button).

Refusals are IllegalMove values, returned rather than raised, so the page says
them with the same catalogue (`dominoes-engine.json`) as the engine's own.
"""

from collections.abc import Sequence

from games.common.errors import IllegalMove
from games.common.protocol import Json

from .public import HAND_SIZE
from .tiles import SET, Tile, name
from .tiles import tile as canonical


def deals_a_boneyard(view: Json) -> bool:
    """Whether the table's deal leaves a boneyard (rule 3.2: 14 tiles with 2
    players, 7 with 3, none with 4), so that drawing can ever be asked for."""
    seats: int = view["options"]["seats"]
    return seats * HAND_SIZE < len(SET)


def must(view: Json) -> str | None:
    """ "play" (the lead too), "draw" or "pass": what the seat must do now (rules
    5.1 to 5.4); None when it is not the seat's turn."""
    moves = view["legal_moves"]
    return moves[0]["type"] if moves else None


def playable(view: Json) -> list[Tile]:
    """The tiles of the seat's hand it may play now, (high, low), each once."""
    found: list[Tile] = []
    for move in view["legal_moves"]:
        if move["type"] == "play" and tuple(move["tile"]) not in found:
            found.append(tuple(move["tile"]))
    return found


def ends_for(view: Json, tile: Sequence[int]) -> list[str | None]:
    """The open ends the tile may be played on now (rule 4.3: the player
    chooses when there are several); [None] for the lead, [] when it does not play."""
    wanted = canonical(*tile)
    return [
        move["end"]
        for move in view["legal_moves"]
        if move["type"] == "play" and tuple(move["tile"]) == wanted
    ]


def _not_now(view: Json) -> IllegalMove:
    return IllegalMove("dominoes.game_over" if view["is_over"] else "dominoes.not_your_turn")


def tile_refusal(view: Json, tile: Sequence[int]) -> IllegalMove | None:
    """Why the seat may not play this tile now, or None when it may."""
    wanted = canonical(*tile)
    if list(wanted) not in view["hand"]:
        return IllegalMove("dominoes.not_in_hand", tile=name(wanted))
    if not view["legal_moves"]:
        return _not_now(view)
    if ends_for(view, wanted):
        return None
    kind = must(view)
    if kind == "draw":
        return IllegalMove("dominoes.must_draw", tile=name(wanted))
    if kind == "pass":
        return IllegalMove("dominoes.must_pass", tile=name(wanted))
    return IllegalMove("dominoes.tile_cannot_play", tile=name(wanted))


def kind_refusal(view: Json, kind: str) -> IllegalMove | None:
    """Why the seat may not draw or pass (`kind`) now, or None when it may: the
    refusal State.apply would raise for that move (rules 5.1 to 5.4)."""
    if not view["legal_moves"]:
        return _not_now(view)
    needed = must(view)
    if kind == needed:
        return None
    if kind == "draw":
        return IllegalMove(
            "dominoes.must_play_not_draw" if needed == "play" else "dominoes.boneyard_empty"
        )
    if kind == "pass":
        return IllegalMove(
            "dominoes.must_play_not_pass" if needed == "play" else "dominoes.must_draw_not_pass"
        )
    return IllegalMove("dominoes.bad_move", move=str(kind)[:40])


def hands_played(view: Json) -> int:
    """Hands begun so far: the finished ones, and the one in progress unless the
    game ended with a hand (rather than on a score during play)."""
    summaries = view["hand_summaries"]
    ended_with_a_hand = bool(summaries) and summaries[-1].get("scores") == view["scores"]
    return len(summaries) + (0 if view["is_over"] and ended_with_a_hand else 1)
