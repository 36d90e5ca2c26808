"""Battleship between two devices: the public engine's moves over a Match (app.remote.match),
with this device's own fleet kept beside them (games.battleship.private), never sent until
the end (docs/rules/battleship.md 12).

Both devices' midends run games.battleship.public_game.GAME, whose positions (and hashes)
hold no fleet. On each device, once the match exists (after app.remote.link_game has
taken it, since this wraps the match's listener):

    game = BattleshipMatch(match, on_change=save_and_draw, saved=None)
    game.view()              # this device's person's view, fleet and all (the ordinary
                             # view's shape: PrivateFleet.view_for)
    game.placing             # its fleet may still be placed
    game.place(move)         # an ordinary placement move (place, remove, clear,
                             # spread_fleet, random_fleet, fleet), kept on this device
    game.placement_squares(ship, square, orientation, hole)
    game.declare_ready()     # seals the fleet; its Ready goes as soon as it is this
                             # seat's turn (red's first)
    game.ready               # its person may fire now
    game.aim(square)  game.unaim(square)   # a salvo chosen square by square, kept here
    game.fire(squares=None)  # the volley: the squares aimed, unless given
    game.record()            # JSON to save beside the match; BattleshipMatch(..., saved=it)
    game.awaiting_reveal     # the other seat while its fleet is awaited for the check
    game.liar                # the other seat, once the check names it; game.problems: why
    game.fleet_lost          # this seat's fleet here is not the one it sealed (a lost save)

Everything else needs no one's decision and is played here as soon as it is due: the
answer to each volley at this fleet (from the fleet: an honest device cannot lie) and, once
the battle is decided, the reveal. The fleet and its salt are saved (on_change) before the
Ready that commits to them is sent, so a reload cannot lose what the reveal needs."""

import random
import secrets
from collections.abc import Callable
from typing import Any

from games.battleship.grid import square_index, square_name
from games.battleship.private import PrivateFleet
from games.battleship.public import BATTLE, PLACEMENT, REVEAL, PublicState
from games.battleship.public_check import describe
from games.common.errors import IllegalMove

from app.fair.messages import RandomBytes
from app.midend import HUMAN
from app.remote.match import CONNECTING, OVER, PLAYING, Match

VERSION = 1


class BattleshipMatch:
    def __init__(
        self,
        match: Match,
        on_change: Callable[[], None] | None = None,
        saved: dict[str, Any] | None = None,
        random_bytes: RandomBytes = secrets.token_bytes,
        rng: random.Random | None = None,  # where random fleets come from (a test: seeded)
    ):
        self.match = match
        self.on_change = on_change
        self._random_bytes, self._rng = random_bytes, rng
        self.fleet: PrivateFleet | None = None
        self.aimed: list[str] = []
        self._saved = checked_record(saved) if saved is not None else None
        self._listener = match.listener
        match.listener = self._on_event
        if match.status in (PLAYING, OVER):
            self.catch_up()

    # --- what the view asks --------------------------------------------------------------
    @property
    def state(self) -> PublicState | None:
        state: PublicState | None = self.match.midend.state  # the public engine's, or none yet
        return state

    def _game(self) -> PublicState:
        """The public game, once in play (this device's fleet exists only then)."""
        if self.state is None:
            raise RuntimeError("no game in play")
        return self.state

    @property
    def seat(self) -> int | None:
        seats = self.match.midend.seats
        return seats.index(HUMAN) if HUMAN in seats else None

    @property
    def has_fleet(self) -> bool:
        """This seat's fleet is here: the game is in play (or over) and this device has a seat."""
        return self._fleet() is not None

    @property
    def placing(self) -> bool:
        fleet = self._fleet()
        return fleet is not None and not fleet.sealed and self._game().phase == PLACEMENT

    @property
    def ready(self) -> bool:
        """This device's person may fire now."""
        if self._fleet() is None or self.match.status != PLAYING:
            return False
        state = self._game()
        return (
            state.phase == BATTLE
            and state.pending is None
            and state.current_player == self.seat
            and not self.fleet_lost
        )

    @property
    def fleet_lost(self) -> bool:
        fleet = self._fleet()
        if fleet is None or self._game().commitments[fleet.seat] is None:
            return False
        return not fleet.is_sealed_in(self._game())

    @property
    def awaiting_reveal(self) -> int | None:
        state = self.state
        if state is None or state.phase != REVEAL or state.current_player == self.seat:
            return None
        return state.current_player

    @property
    def liar(self) -> int | None:
        result = self.state.result if self.state is not None else None
        other = None if self.seat is None else 1 - self.seat
        return other if result and other in result["cheaters"] else None

    @property
    def problems(self) -> list[str]:
        result = self.state.result if self.state is not None else None
        return [describe(problem) for problem in result["problems"]] if result else []

    def view(self, seat: int | None = None) -> dict[str, Any]:
        fleet = self._fleet()
        if fleet is None:
            raise RuntimeError("no game in play")
        if seat is not None and seat != fleet.seat:
            raise ValueError("this device holds only its own seat's fleet")
        return fleet.view_for(self._game(), self.aimed)

    def placement_squares(
        self, ship: str, square: str, orientation: str, hole: int = 0
    ) -> tuple[list[str], IllegalMove | None]:
        fleet = self._fleet()
        if fleet is None:
            raise RuntimeError("no game in play")
        return fleet.placement_squares(ship, square, orientation, hole)

    # --- this device's person ----------------------------------------------------------------
    def place(self, move: dict[str, Any]) -> list[dict[str, Any]]:
        """A placement move of this device's seat: IllegalMove as the ordinary rules refuse
        it, or once sealed. Nothing is sent."""
        fleet = self._fleet()
        if fleet is None or self._game().phase != PLACEMENT:
            raise RuntimeError("no fleet is being placed")
        events = fleet.place(move)
        self._changed()
        return events

    def declare_ready(self) -> None:
        """Seal the fleet (IllegalMove while a ship is missing) and send its Ready when due."""
        fleet = self._fleet()
        if fleet is None or self._game().phase != PLACEMENT:
            raise RuntimeError("no fleet is being placed")
        fleet.seal()
        self._changed()  # the salt is saved before the commitment leaves
        self.catch_up()
        self._changed()

    def aim(self, square: str) -> None:
        """Choose a square of the salvo (Salvo, Advanced Salvo), as the ordinary engine's
        aim: refused when already called or chosen, or when the salvo is full."""
        fleet = self._fire_ready()
        state = self._game()
        if state.mode == "classic":
            raise IllegalMove("battleship.unknown_move")
        index = square_index(square)
        if index is None:
            raise IllegalMove("battleship.bad_square", square=str(square)[:8])
        name = square_name(index)
        if name not in state.open_squares(fleet.seat):
            raise IllegalMove("battleship.already_called", square=name)
        if name in self.aimed:
            raise IllegalMove("battleship.repeated_in_salvo", square=name)
        if len(self.aimed) >= fleet.shots_allowed(state):
            raise IllegalMove("battleship.salvo_full")
        self.aimed.append(name)
        self._changed()

    def unaim(self, square: str) -> None:
        self._fire_ready()
        index = square_index(square)
        name = square_name(index) if index is not None else str(square)[:8]
        if name not in self.aimed:
            raise IllegalMove("battleship.not_aimed", square=name)
        self.aimed.remove(name)
        self._changed()

    def fire(self, squares: list[str] | None = None) -> list[dict[str, Any]]:
        """Fire the volley (the squares aimed by default): one shot for each ship afloat,
        as this device counts them (7.1): an honest device fires no other number."""
        fleet = self._fire_ready()
        volley = list(self.aimed if squares is None else squares)
        expected = fleet.shots_allowed(self._game())
        if len(volley) != expected:
            raise IllegalMove("battleship.wrong_shot_count", expected=expected, given=len(volley))
        events = self.match.play({"type": "fire", "squares": volley})
        self.aimed = []
        self.catch_up()
        self._changed()
        return events

    def record(self) -> dict[str, Any] | None:
        fleet = self._fleet()
        if fleet is None:
            return self._saved
        return {
            "version": VERSION,
            "game": self.match.match_id,
            "fleet": fleet.to_json(),
            "aimed": list(self.aimed),
        }

    # --- keeping up ------------------------------------------------------------------------
    def catch_up(self) -> list[dict[str, Any]]:
        """Play the moves that are no one's choice: the Ready once sealed, each answer, the
        reveal; their events."""
        fleet = self._fleet()
        events: list[dict[str, Any]] = []
        while fleet is not None and self.match.status == PLAYING:
            move = fleet.due_move(self._game())
            if move is None:
                break
            events += self.match.play(move)
        self._judge()
        return events

    def _judge(self) -> None:
        """Rule 12.6: the check at the end that names the other device alone (a lie in
        its answers, another fleet than the one it sealed) ends the game as its forfeit.
        A check naming this device too (its fleet lost with a save) records nothing."""
        result = self.state.result if self.state is not None else None
        if self.match.status != OVER or self.liar is None or result is None:
            return
        if self.seat not in result["cheaters"]:
            self.match.forfeit(self.problems[0] if self.problems else "a lie at the end")

    def _fire_ready(self) -> PrivateFleet:
        if not self.ready:
            raise RuntimeError("not this device's turn to fire")
        assert self.fleet is not None
        return self.fleet

    def _fleet(self) -> PrivateFleet | None:
        """This seat's fleet, made (or read from the save) once the game is in play."""
        midend = self.match.midend
        if self.fleet is None and midend.state is not None and self.seat is not None:
            if self.match.status == CONNECTING:
                return None  # the midend still holds the game before this one
            saved = self._saved
            if saved is not None and saved["game"] == self.match.match_id:
                self.fleet = PrivateFleet.from_json(saved["fleet"], self._rng, self._random_bytes)
                self.aimed = list(saved["aimed"])
            else:
                self.fleet = PrivateFleet(
                    self.seat, midend.options, rng=self._rng, random_bytes=self._random_bytes
                )
        return self.fleet

    def _on_event(self, event: dict[str, Any]) -> None:
        """The match's news, once what is due here is played: a move of the other device's
        is told with the events of what this device played by itself after it (the answer
        to its volley, this fleet shown at the end), as the ordinary engine tells a turn."""
        if event["type"] == "started":
            self.catch_up()
        elif event["type"] == "moved":
            event = {**event, "events": event["events"] + self.catch_up()}
        if self._listener is not None:
            self._listener(event)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


def checked_record(saved: Any) -> dict[str, Any]:
    """A saved record read back (ValueError if it is not one: the view then starts afresh)."""
    if not isinstance(saved, dict) or set(saved) != {"version", "game", "fleet", "aimed"}:
        raise ValueError("a Battleship match record is {version, game, fleet, aimed}")
    if saved["version"] != VERSION or not isinstance(saved["game"], str):
        raise ValueError("an unknown Battleship match record")
    aimed = saved["aimed"]
    indices = [square_index(s) for s in aimed] if isinstance(aimed, list) else [None]
    if None in indices:
        raise ValueError("the squares aimed are squares")
    try:
        PrivateFleet.from_json(saved["fleet"])
    except IllegalMove as refusal:
        raise ValueError(f"the saved fleet breaks a placement rule ({refusal.key})") from None
    return {**saved, "aimed": [square_name(i) for i in indices if i is not None]}
