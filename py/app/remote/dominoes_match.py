"""Straight Dominoes between two devices: the public engine's moves over a Match
(app.remote.match) and the deal beside them as its "deal" sub-protocol (dominoes_deal).

Both devices' midends run games.dominoes.public_game.GAME, whose positions (and hashes)
hold no hand. On each device, once the match exists (after app.remote.link_game has
taken it, since this wraps the match's listener):

    game = DominoesMatch(match, on_change=save_and_draw, saved=None)
    game.view()            # this device's person's view: hand, moves (PrivateHand.view_for)
    game.ready             # the seat to move is this device's and may move now
    game.play(move)        # its person's move, or its computer's (computer_move())
    game.record()          # JSON to save beside the match; DominoesMatch(..., saved=it)
    game.ask_again()       # after a new link: what the other device sent and was lost

The deal's messages, the card of each draw, the reveal and check of each hand need no
one's decision and are sent and played here, as soon as they are due. A failed check
(a claim the deck disproves, a deck step that does not verify) reaches the match as
Cheated, so the game stops as suspected cheating on both devices. A seat held up on its
turn by the other device's part of the deal may claim the game after 2 minutes, as of a
device quiet on its turn (app.remote.claims)."""

import secrets
from collections.abc import Callable
from typing import Any

from games.common.rng import SeededRng
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.tiles import Tile
from games.dominoes.tiles import from_json as tile_from_json
from games.dominoes.tiles import name as tile_name

from app.fair.deck import RandBelow
from app.fair.errors import Cheated
from app.midend import COMPUTER, HUMAN, REMOTE
from app.remote.dominoes_deal import DECK, PREFIX, DealSession
from app.remote.match import PLAYING, Match

ORDINARY_MOVES = ("play", "draw", "pass")  # the public engine's moves the ordinary one has


class DominoesMatch:
    def __init__(
        self,
        match: Match,
        on_change: Callable[[], None] | None = None,
        saved: dict[str, Any] | None = None,
        randbelow: RandBelow = secrets.randbelow,
    ):
        self.match = match
        self.on_change = on_change
        self._randbelow = randbelow
        self.deal: DealSession | None = None
        # The events of the moves played here by themselves (a hand's reveal, its check),
        # as the engine told them, until the page takes them (`take_due_events`).
        self.due_events: list[dict[str, Any]] = []
        self.due_from: Any = None  # the public position before the first of them
        if saved is not None:
            self.deal = DealSession.from_json(saved, randbelow)
        match.extend(PREFIX, self._on_message)
        match.vet = self._vet
        match.set_up = self
        self._listener = match.listener
        match.listener = self._on_event
        if match.status == PLAYING:
            self.catch_up()

    # --- what the view asks ------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.midend.state

    @property
    def ready(self) -> bool:
        """The seat to move is this device's, and its tiles (or the hand's check) are in."""
        deal = self._session()
        return deal is not None and deal.ready(self.state, self.state.current_player)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The private view of a seat of this device (its person's by default)."""
        deal = self._session()
        if deal is None:
            raise RuntimeError("no game in play")
        if seat is None:
            seat = self.match.midend.seats.index(HUMAN)
        return deal.view_for(self.state, seat)

    def drawn_tile(self, seat: int) -> Tile | None:
        """The tile of the draw a seat of this device has just made, found from that draw
        (DealSession.drawn_tile): None while the deck has not given it, or when the last
        move was not its draw."""
        deal = self._session()
        return deal.drawn_tile(self.state, seat) if deal is not None else None

    def computer_move(self) -> Any:
        """The move of this device's computer to move, from its own seat's view, with the
        random numbers the midend gives any computer (the seed and the move number)."""
        midend = self.match.midend
        seat = self.state.current_player
        if not self.ready or midend.seat_kind(seat) != COMPUTER:
            raise RuntimeError("no computer of this device is to move")
        level = midend.seats[seat].removeprefix(COMPUTER)
        rng = SeededRng(midend.seed).fork(f"computer:{len(midend.moves)}")
        return midend.game.computer[level](self.view(seat), rng, None)

    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of this device's seat to move; IllegalMove when the rules refuse it,
        RuntimeError while its tiles have not all come."""
        if not self.ready:
            raise RuntimeError("not this device's move, or its tiles are still coming")
        events = self.match.play(move)
        self.catch_up()
        self._changed()
        return events

    def take_due_events(self) -> tuple[list[dict[str, Any]], Any]:
        """The events of the moves played by themselves since the page last took them, and
        the public position before them (None: there were none)."""
        taken = self.due_events, self.due_from
        self.due_events, self.due_from = [], None
        return taken

    def ask_again(self) -> None:
        deal = self._session()
        if deal is not None and self.match.status == PLAYING:
            self.match.send(*deal.ask())

    def face_up_replay(self, date: str) -> dict[str, Any] | None:
        """The finished game as an app.replays entry of the ordinary engine, face up: dealt
        every hand's checked deal (options "deals"), with the same plays, draws and passes.
        None before the game is over."""
        midend, deal = self.match.midend, self._session()
        if not self.state.is_over or deal is None or not deal.deals:
            return None
        moves = [midend.game.parse_move(text) for _, text in midend.moves]
        return {
            "options": {**midend.options, "deals": [dict(d) for d in deal.deals]},
            "seed": midend.seed,
            "seats": list(midend.seats),
            "moves": [DOMINOES.format_move(m) for m in moves if m["type"] in ORDINARY_MOVES],
            "date": date,
        }

    def record(self) -> dict[str, Any] | None:
        return self.deal.to_json() if self.deal is not None else None

    # --- keeping up -----------------------------------------------------------------------
    def catch_up(self) -> None:
        """Send what the deal needs now and play the moves that are no one's choice."""
        deal = self._session()
        while deal is not None and self.match.status == PLAYING:
            self.match.send(*deal.update(self.state))
            move = deal.due_move(self.state)
            if move is None:
                return
            if not self.due_events:
                self.due_from = self.state.copy()
            self.due_events += self.match.play(move)

    def _session(self) -> DealSession | None:
        midend = self.match.midend
        if self.deal is None and midend.state is not None and self.match.status == PLAYING:
            local = [seat for seat, kind in enumerate(midend.seats) if kind != REMOTE]
            self.deal = DealSession(len(midend.seats), local, self._randbelow)
        return self.deal

    def _on_message(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        deal = self._session()
        if deal is None:
            return []
        self._check_sender(message)
        held_up, steps = self.under_way(), sum(deal.taken.values())
        self.match.send(*deal.update(self.state))
        self.match.send(*deal.receive(self.state, message))
        self.catch_up()
        if held_up and not self.under_way():
            self.match.mark_reached(set_up_done=True)  # (its player's turn is timed from now)
        elif held_up and self.match.link.at_table and sum(deal.taken.values()) > steps:
            self.match.mark_reached(stirred=True)  # (the host's claim of the deal waits on)
        self._changed()
        return []

    def _check_sender(self, message: dict[str, Any]) -> None:
        """A deck message speaks for a seat of the device that sent it, never for another
        device's (between two devices as at a table)."""
        sender = self.match.sender
        if sender is None:
            return  # (not a message from another device)
        deck = message.get("deck") if message.get("type") == DECK else None
        if not isinstance(deck, dict):
            return
        seat = deck.get("seat")
        seats = len(self.match.seats)
        if (
            type(seat) is not int
            or not 0 <= seat < seats
            or self.match.roster.seat_owner(seat) != sender
        ):
            raise Cheated(f"a deck message for seat {str(seat)[:4]}, not the sender's")

    def _vet(self, move: Any) -> None:
        """Another device's move, legal to the public engine, which cannot know that a
        tile played is one this device holds (dominoes.md 3.2: each tile is dealt once)."""
        deal, state = self.deal, self.state
        if deal is None or deal.hand_number != state.hand_number:
            return  # this hand's tiles have not all come yet: nothing to go by
        if not isinstance(move, dict) or move.get("type") != "play":
            return
        tile = tile_from_json(move["tile"])
        if any(tile in hand.held(state) for hand in deal.hands.values()):
            raise Cheated(f"a play of {tile_name(tile)}, a tile dealt to this device")

    # --- the deal as claims see it (app.remote.claims.SetUp) ---------------------------------
    def waits(self, seat: int) -> bool:
        """The seat to move cannot move before another device's part of the deal (its
        cards, or the hands' keys): this device knows it of its own seats; of another's,
        the public position shows only that it may (a hand being dealt, that seat's draw,
        the hands being checked)."""
        deal, state = self._session(), self.state
        if deal is None or state.current_player != seat or not deal.may_hold_up(state):
            return False
        return seat not in deal.local or not deal.ready(state, seat)

    def awaited(self) -> list[int]:
        """The seats whose part of the deal under way it waits for, in this device's order
        (DealSession.awaited); none while it holds nobody up."""
        deal, state = self._session(), self.state
        return deal.awaited(state) if deal is not None else []

    def under_way(self) -> bool:
        """The deal still holds the seat to move up, in the order every device takes the
        steps in (at a table the relay's: a step of this device's own counts once the relay
        has passed it on)."""
        deal, state = self._session(), self.state
        if deal is None or not deal.may_hold_up(state):
            return False
        on_the_way = self.match.link.unrelayed()
        return deal.under_way(state) or any(m.get("type") == DECK for m in on_the_way)

    def _on_event(self, event: dict[str, Any]) -> None:
        if event["type"] in ("started", "moved"):
            self.catch_up()
        if self._listener is not None:
            self._listener(event)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
