"""Battleship with a friend on another device, on the frame: its sub-protocol
(app.frame.sub_protocol). Both devices' midends run the public engine
(games.battleship.public_game: what both know, no fleet in it); each device keeps its own
fleet beside it, placed here, sealed at Ready, answering every volley and shown at the end
(app.remote.battleship_match, docs/rules/battleship.md 12). The frontend is given this
device's position (app.battleship.sealed_position) and draws it as a game on one device.

A finished game without a lie is kept for replay face up: the ordinary engine given both
fleets as shown and the same volleys (app.replays)."""

from collections.abc import Callable
from typing import Any

from games.battleship.game import GAME as BATTLESHIP
from games.battleship.private import PLACEMENT_MOVES
from games.battleship.public import PublicState
from games.battleship.public_game import GAME as PUBLIC_BATTLESHIP
from games.common.errors import IllegalMove

from .. import replays
from ..charts.tallies import FAILED
from ..frame.frontend import Result
from ..remote.battleship_match import BattleshipMatch
from ..remote.link_game import LinkGame
from ..remote.match import CONNECTING, OVER
from ..remote.page_side import PageSide
from ..seat_kinds import HUMAN, REMOTE
from .over import figures
from .sealed_position import SealedPosition, position_of

GAME = "battleship"


class FleetSide:
    """This device's fleet in one match (app.frame.sub_protocol.Side)."""

    def __init__(self, link_game: LinkGame, saved: dict[str, Any] | None, save: Callable[[], None]):
        match = link_game.match
        assert match is not None
        self.link_game = link_game
        try:
            self.fleets = BattleshipMatch(match, on_change=save, saved=(saved or {}).get("fleet"))
        except ValueError:  # a damaged record: this device's fleet is lost (the page says so)
            self.fleets = BattleshipMatch(match, on_change=save)
        self._told = match.listener  # the page's, which BattleshipMatch tells after its own
        match.listener = self._on_event
        # A finished game resumed was kept already; a new match's midend still holds the
        # game before it until the new one starts.
        public = self.fleets.state
        self.kept = match.status != CONNECTING and public is not None and public.is_over

    def position(self) -> SealedPosition | None:
        return position_of(self.fleets, self.link_game)

    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of the person here: placing and Ready stay here until the Ready is due,
        aiming is kept here, a volley is sent; refused as out of turn when it is not theirs
        to make now."""
        try:
            return self._play(move)
        except RuntimeError:
            raise IllegalMove("battleship.not_your_turn") from None

    def _play(self, move: Any) -> list[dict[str, Any]]:
        fleets = self.fleets
        kind = move.get("type") if isinstance(move, dict) else None
        if kind in PLACEMENT_MOVES:
            return fleets.place(move)
        if kind == "fire":
            return fleets.fire(move.get("squares"))
        if kind == "ready":
            fleets.declare_ready()
        elif kind == "aim":
            fleets.aim(move["square"])
        elif kind == "unaim":
            fleets.unaim(move["square"])
        else:
            raise IllegalMove("battleship.unknown_move")
        # Told as the ordinary engine tells them, for the frontend to say what changed.
        return [{**move, "player": fleets.seat}]

    def record(self) -> dict[str, Any]:
        return {"fleet": self.fleets.record()}

    def computer_ready(self) -> bool:
        return False  # (a game between devices is between people)

    def computer_move(self) -> Any:
        raise RuntimeError("no computer plays Battleship between devices")

    def _on_event(self, event: dict[str, Any]) -> None:
        if self._told is not None:
            self._told(event)
        public, midend = self.fleets.state, self.link_game.midend
        result = public.result if public is not None else None
        honest = result is not None and not result["cheaters"]
        if public is not None and honest and not self.kept and self.link_game.status == OVER:
            self.kept = True
            entry = face_up_replay(public, midend.options, midend.seed, midend.seats)
            replays.keep(midend.store, GAME, {**entry, "date": midend.today()})


def result_between_devices(position: SealedPosition) -> Result | None:
    """What a game with a friend records (docs/rules/battleship.md 11.2, 12.6): by mode, won
    or lost (the game view asks the match who won one resigned, left or forfeit), with this
    person's shooting; a game in which the check at the end found a lie counts for nobody
    (None), unless the match ended on it as the liar's forfeit (app.remote.verdict)."""
    if position.liars and not position.ended:
        return None
    result, me = position.result, position.me
    mine = figures(position.own, me)
    shooting = {key: mine[key] for key in ("shots", "hits", "accuracy")}
    won = None if result is None else result["winner"] == me
    turns = len(position.public.volleys)
    variant = f"remote-{position.mode}"
    # The chart's shots to win (a game lost: its bar of games lost); a game resigned, left or
    # forfeit for a lie is in no bar (nobody sank a fleet).
    measure = None
    if result is not None and result["winner"] is not None:
        measure = mine["shots"] if won else FAILED
    figured = {**shooting, "turns": turns}
    return Result(variant, won, None, figured, higher_is_better=False, measure=measure)


def face_up_replay(
    public: PublicState, options: dict[str, Any], seed: int, seats: list[str]
) -> dict[str, Any]:
    """A finished game between devices as a replay of the ordinary engine: each fleet as
    its device showed it, both Readys, then the same volleys (the answers follow)."""
    moves: list[dict[str, Any]] = []
    for seat, shown in enumerate(public.reveals):
        if shown is None:
            raise ValueError("a replay needs both fleets shown")
        ships = {ship: [square, orientation] for ship, square, orientation in shown["ships"]}
        moves.append({"type": "fleet", "player": seat, "ships": ships})
    moves += [{"type": "ready", "player": seat} for seat in (0, 1)]
    moves += [{"type": "fire", "squares": list(v["squares"])} for v in public.volleys]
    return {
        "options": dict(options),
        "seed": seed,
        "seats": [HUMAN if kind == HUMAN else REMOTE for kind in seats],
        "moves": [BATTLESHIP.format_move(move) for move in moves],
    }


class SealedFleets:
    """Battleship's sub-protocol: the public engine between devices, a fleet on each."""

    game = PUBLIC_BATTLESHIP

    def join(
        self,
        link_game: PageSide,
        saved: dict[str, Any] | None,
        save: Callable[[], None],
        told: Callable[[list[dict[str, Any]], Any], None],
    ) -> FleetSide:
        assert isinstance(link_game, LinkGame)  # (a game of two devices)
        return FleetSide(link_game, saved, save)


SEALED_FLEETS = SealedFleets()
