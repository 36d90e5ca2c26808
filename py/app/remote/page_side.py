"""What a page's side of a game with other devices does the same way whatever connects
them: LinkGame (two devices, one connection) and TableGame (a table of 3 or 4 devices
through the host's relay) both keep a `match`, the `midend` it plays on and the `save`
the page gives, and answer the view alike."""

from collections.abc import Callable
from typing import Any

from app.midend import HUMAN, Midend
from app.remote import behind, claims, verdict
from app.remote.match import CONNECTING, ENDED, OVER, PLAYING, Match
from app.storage import Backend


class PageSide:
    match: Match | None
    midend: Midend
    save: Callable[[], None]
    on_event: Callable[[dict[str, Any]], None]
    damaged = False  # the game saved here could not be resumed: its record was altered
    # The tab's own storage (sessionStorage), where a save not written is noted.
    tab: Backend | None = None
    _noted = False
    # The page's timer (app.browser.later), to say "away" once a claim may be made.
    later: Callable[[float, Callable[[], None]], Any] | None = None

    def _damaged(self) -> bool:
        """The saved match did not read back: the save is reset (the page says so), with
        nothing else lost. False, for `resume`."""
        self.damaged = True
        self.midend.discard_damaged()
        return False

    def saved(self, written: bool) -> None:
        """After each save (the midend's on_saved): one not written (the storage full) is
        noted for after a reload of the tab (app.remote.behind), and the note forgotten once
        a save is written."""
        match, slot = self.match, self.midend.session.game
        if match is None or match.status == CONNECTING or self.midend.state is None:
            return
        if not written:
            count = len(self.midend.moves)
            behind.note(self.tab, slot, match.match_id, count, match.state_hash)
            self._noted = True
        elif self._noted:
            behind.forget(self.tab, slot)
            self._noted = False

    def take_note(self, match: Match) -> None:
        """A match resumed from a save behind what the tab noted: the moves its save lost,
        to be taken back before it plays on or judges (app.remote.behind)."""
        midend = self.midend
        count = len(midend.moves)
        match.lost = behind.lost(self.tab, midend.session.game, match.match_id, count)

    @property
    def status(self) -> str:
        return self.match.status if self.match is not None else CONNECTING

    @property
    def hosting(self) -> bool:
        raise NotImplementedError

    @property
    def my_seat(self) -> int | None:
        """This device's person's seat in the game under way (None before it starts)."""
        if self.status == CONNECTING or HUMAN not in self.midend.seats:
            return None
        return self.midend.seats.index(HUMAN)

    @property
    def my_turn(self) -> bool:
        midend = self.midend
        return (
            self.status == PLAYING
            and not midend.state.is_over
            and midend.seat_kind(midend.state.current_player) == HUMAN
            and (self.match is None or self.match.lost is None)  # (app.remote.behind)
        )

    @property
    def last_problem(self) -> dict[str, Any] | None:
        match = self.match
        return match.problems[-1] if match is not None and match.problems else None

    @property
    def ended_outcome(self) -> bool | None:
        """Won, lost or neither, for a game that ended before its rules ended it (one that
        records nothing is marked recorded already: app.remote.verdict)."""
        outcome = self.match.outcome if self.match is not None else None
        return None if outcome == verdict.NOTHING else outcome

    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of this device's player (IllegalMove when the rules refuse it)."""
        assert self.match is not None
        events = self.match.play(move)
        self.save()
        return events

    @property
    def awaited(self) -> str | None:
        """The device this game waits for: the one to move, or between two devices the one
        whose part of the Dominoes deal this device's seat to move waits for
        (app.remote.claims)."""
        return claims.awaited(self.match) if self.match is not None else None

    @property
    def set_up_stalled(self) -> bool:
        """The game waits for another device's part of the deal: on this device's turn
        between two devices, or on anyone's at a table (its host's page names the device)."""
        if self.awaited is None or self.match is None:
            return False
        return claims.dealing_at_table(self.match) or not self.midend.remote_to_move

    @property
    def may_claim(self) -> bool:
        """May the person here claim the game of a device that made no move for 2 minutes
        on its turn, or held the deal up as long, connected or not (app.remote.claims)? At
        a table too: the claim ends the game for every device, as if the quiet player had
        left."""
        match = self.match
        if match is None or self.awaited is None:
            return False
        return verdict.may_claim(True, match.turn_since, self.midend.session.now_ms())

    def claim(self) -> None:
        """Claim the game of a device quiet on its turn (see `may_claim`)."""
        if self.match is not None and self.may_claim:
            self.match.claim()
            self.save()

    def remind(self) -> None:
        """Tell the view ("away") once the game may be claimed, if nothing changes by then
        (a position reached here, the page opened: app.browser.later, or a test's)."""
        if self.later is None:
            return
        count = len(self.midend.moves)

        def due() -> None:
            if len(self.midend.moves) == count and self.may_claim:
                self.on_event({"type": "away"})

        self.later(verdict.AWAY_MS, due)

    def resign(self) -> None:
        if self.match is not None and self.status == PLAYING:
            self.match.resign()

    def leave(self) -> None:
        if self.match is not None:
            self.match.leave()

    def host(self, options: dict[str, Any], seats: list[str]) -> None:
        raise NotImplementedError

    def play_again(self, options: dict[str, Any], seats: list[str]) -> None:
        """The host's next game with the same devices (a disputed one set aside first)."""
        match = self.match
        if match is not None and self.hosting and match.disputed:
            match.set_aside()
        if self.hosting and self.status in (OVER, ENDED):
            self.host(options, seats)
            self.save()
