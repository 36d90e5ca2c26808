"""The Wordle duel between two devices whose word neither knows (docs/rules/wordle-tournament.md
15): the engine games.wordle.hidden_duel_game over a Match (app.remote.match), and the word's
shares and each guess's oblivious transfers beside it as the match's "word" sub-protocol
(app.fair.hidden_word). On each device, once the match exists (after app.remote.link_game
has taken it, since this wraps the match's listener):

    duel = DuelWord(match, words, clock, on_change=save_and_draw, saved=None)
    duel.state                 # the engine's state: rows, marks, whose turn (view_for)
    duel.guess(word)           # this device's person's guess, at clock() on the duel's clock
    duel.timeout()             # this device's turn ran out (its deadline)
    duel.waiting_for_marks     # a guess is played and its marks are being worked out
    duel.record()              # JSON to save beside the match; DuelWord(..., saved=it)
    duel.ask_again()           # after a new link: send again what may have been lost

on_change is called after each change of this device's side of the word (before anything of
it leaves) and after each move it plays by itself (the commitment, the marks, the share).

Everything else is no one's choice and is done here as soon as it is due: this seat's
commitment, this device's table for every guess (both devices send one, so each learns the
marks itself), the marks of the other's guess (this seat's move, from the entry opened),
and the share once the duel is decided. The record holds this device's own share (saved,
on_change, before its commitment leaves), never the word. What proves the other device
dishonest reaches the match as Cheated (the game stops): marks it plays that differ from
the entry this device opened, an entry that no answer gives, a share that does not open
its commitment, an OT point its key does not give, an entry the revealed word does not
give."""

import secrets
from collections.abc import Callable
from typing import Any

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary
from games.wordle.feedback import pattern
from games.wordle.hidden_duel import MARKS_MS, PLAY, REVEAL
from games.wordle.hidden_duel_game import HiddenDuelState

from app.fair.errors import Cheated, ProtocolError
from app.fair.group import to_hex
from app.fair.hidden_word import PREFIX, TRANSFERS, HiddenWord
from app.fair.messages import RandomBytes
from app.midend import HUMAN
from app.remote.match import CONNECTING, PLAYING, Match

VERSION = 1


class DuelWord:
    def __init__(
        self,
        match: Match,
        words: Dictionary,
        clock: Callable[[], int],
        on_change: Callable[[], None] | None = None,
        saved: dict[str, Any] | None = None,
        random_bytes: RandomBytes = secrets.token_bytes,
    ):
        self.match, self.words, self.clock, self.on_change = match, words, clock, on_change
        self._random_bytes = random_bytes
        self._saved = saved
        self.word: HiddenWord | None = None
        # This device's share of the word, saved, did not read back (its save was altered):
        # it can give no marks nor show its share, and never draws another (that would be
        # a share other than the one it committed to).
        self.share_lost = False
        self.problem = ""
        self.tables_sent: set[int] = set()
        # The other's tables that came before their guess (a new link's resend can overtake
        # the moves the sync sends): taken once the guess is played.
        self.held: dict[int, dict[str, Any]] = {}
        match.extend(PREFIX, self._on_message)
        match.vet = self._vet
        self._listener = match.listener
        match.listener = self._on_event
        if match.status == PLAYING:
            self.catch_up()

    # --- what the view asks ----------------------------------------------------------------
    @property
    def state(self) -> HiddenDuelState | None:
        state: HiddenDuelState | None = self.match.midend.state
        return state

    @property
    def seat(self) -> int | None:
        seats = self.match.midend.seats
        return seats.index(HUMAN) if HUMAN in seats else None

    @property
    def waiting_for_marks(self) -> bool:
        state = self.state
        return state is not None and state.duel.pending is not None

    def guess(self, word: str) -> list[dict[str, Any]]:
        """This device's person's guess (a tile string), at the duel clock's now."""
        move = {"type": "guess", "seat": self.seat, "word": word, "at": self.clock()}
        events = self.match.play(move)
        self.catch_up()
        return events

    def timeout(self) -> list[dict[str, Any]]:
        """This device's turn ran out: the move that skips it (never the other's turn)."""
        state = self.state
        if state is None or state.current_player != self.seat or state.duel.deadline is None:
            raise RuntimeError("not this device's turn")
        events = self.match.play({"type": "timeout", "at": state.duel.deadline})
        self.catch_up()
        return events

    def record(self) -> dict[str, Any] | None:
        if self.word is None:
            return self._saved
        return {
            "version": VERSION,
            "game": self.match.match_id,
            "word": self.word.to_json(),
            "tables": sorted(self.tables_sent),
        }

    def ask_again(self) -> None:
        """After a new link: this device's start, its choices and its tables again (the other
        device takes what it has already as a duplicate)."""
        word = self._hidden()
        if word is None:
            return
        self.match.send(*word.start())
        if word.receiver.points:
            points = [to_hex(point) for point in word.receiver.points]
            self.match.send({"type": f"{PREFIX}-choices", "seat": word.seat, "points": points})
        for number in sorted(self.tables_sent):
            self.match.send(*word.table(number, self._entry))

    # --- keeping up ---------------------------------------------------------------------------
    def catch_up(self) -> None:
        """Play and send what is due: the commitment, this device's tables, the marks of the
        other's guess, the share."""
        word = self._hidden()
        while word is not None and self.match.status == PLAYING:
            state = self.state
            assert state is not None  # the word exists once the game is in play
            for number in range(len(self._guesses())):
                if word.ready and number not in self.tables_sent and not word.revealed:
                    self.tables_sent.add(number)
                    self._changed()
                    self.match.send(*word.table(number, self._entry))
            move = self._due_move(word, state)
            if move is None:
                return
            self.match.play(move)
            self._changed()  # (the page saves and shows the move it did not make itself)

    def _due_move(self, word: HiddenWord, state: HiddenDuelState) -> dict[str, Any] | None:
        duel, seat = state.duel, self.seat
        if duel.current_player != seat:
            return None
        if duel.phase == "commit":
            return {"type": "commit", "seat": seat, "commitment": word.commitment}
        if duel.phase == REVEAL:
            word.revealed = True
            self._changed()
            salt, text = word.opening["salt"], word.opening["value"]
            return {"type": "reveal", "seat": seat, "salt": salt, "opening": text}
        pending = duel.pending
        value = word.value(len(self._guesses()) - 1) if pending is not None else None
        if duel.phase != PLAY or pending is None or value is None:
            return None
        at = duel.rows[pending]["at"]
        now = min(max(self.clock(), at), at + MARKS_MS)
        return {"type": "marks", "seat": seat, "marks": self._marks(value), "at": now}

    def _hidden(self) -> HiddenWord | None:
        """This device's side of the word, made (or read from the save) once the game is in
        play; its start goes out once it is saved."""
        state, seat = self.state, self.seat
        if self.word is None and state is not None and seat is not None:
            if self.match.status == CONNECTING:
                return None
            saved = self._saved
            if self.share_lost:
                return None
            if isinstance(saved, dict) and saved.get("game") == self.match.match_id:
                try:
                    self.word = HiddenWord.from_json(saved["word"])
                    self.tables_sent = {n for n in saved["tables"] if type(n) is int}
                except (ProtocolError, KeyError, TypeError) as error:
                    self.word, self.share_lost = None, True
                    self.problem = f"this device's saved share does not read back: {error}"
                    return None
            else:
                size = len(state.duel.answers)
                self.word = HiddenWord(seat, size, self._random_bytes)
                self._changed()  # the share is kept before its commitment leaves
                self.match.send(*self.word.start())
        return self.word

    # --- the other device ---------------------------------------------------------------------
    def _on_message(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        word = self._hidden()
        if word is None:
            raise ProtocolError("a word message before the duel")
        if self._duplicate(word, message) or self._held(message):
            return []
        answers = word.receive(message)
        if message.get("type") == "word-entries":
            self._check_entry(word, message["number"])
        self._changed()
        self.catch_up()
        return answers

    @staticmethod
    def _duplicate(word: HiddenWord, message: dict[str, Any]) -> bool:
        """What a new link sent again: kept already, taken as nothing."""
        kind = message.get("type")
        if kind == "word-commit":
            return word.peer_commitment is not None
        if kind == "word-setup":
            return word.receiver.setup is not None
        if kind == "word-choices":
            return word.sender.choices is not None
        if kind == "word-entries":
            number = message.get("number")  # (untrusted: a list here is no key)
            return type(number) is int and number in word.receiver.values
        return False

    def _held(self, message: dict[str, Any]) -> bool:
        """A table for a guess not played here yet, kept until it is (True)."""
        number = message.get("number")
        if message.get("type") != f"{PREFIX}-entries" or type(number) is not int:
            return False
        if not len(self._guesses()) <= number < TRANSFERS:
            return False
        self.held[number] = message
        return True

    def _take_held(self) -> None:
        for number in sorted(self.held):
            if number < len(self._guesses()):
                self._on_message(self.held.pop(number))

    def _check_entry(self, word: HiddenWord, number: int) -> None:
        """An entry just opened: marks some answer may give with the rows before, and the
        other's marks of this guess if they came first."""
        state, value = self.state, word.value(number)
        assert state is not None and value is not None
        guesses = self._guesses()
        if number >= len(guesses):
            raise Cheated("a table for a guess not played", word.peer)
        if value >= 3**state.duel.length:
            raise Cheated(f"the other device's table for guess {number} holds no marks", word.peer)
        row, given = guesses[number], self._marks(value)
        if row["seat"] == self.seat:
            if row["marks"] is not None and given != row["marks"]:  # its marks came first
                raise Cheated(f"its marks of guess {number} differ from its table's", word.peer)
        elif row["marks"] is None:
            move = {"type": "marks", "seat": self.seat, "marks": given, "at": row["at"]}
            try:
                state.copy().apply(move)
            except IllegalMove:
                raise Cheated(
                    f"its table gave guess {number} marks that no answer gives", word.peer
                ) from None

    def _vet(self, move: Any) -> None:
        word = self._hidden()
        if word is None or not isinstance(move, dict):
            return
        kind = move.get("type")
        if kind == "commit" and word.peer_commitment not in (None, move["commitment"]):
            raise Cheated("its commitment differs from its word protocol's", word.peer)
        if kind == "marks":
            number = len(self._guesses()) - 1
            value = word.value(number)
            if value is not None and self._marks(value) != move["marks"]:
                raise Cheated(f"its marks of guess {number} differ from its table's", word.peer)
        if kind == "reveal":
            opening = {"salt": move["salt"], "value": move["opening"]}
            if word.peer_share is None:
                word.receive({"type": "word-reveal", "seat": word.peer, "opening": opening})
            word.check(self._entry)

    def _on_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "moved":
            self._take_held()
        if event["type"] in ("started", "moved"):
            self.catch_up()
        if self._listener is not None:
            self._listener(event)

    # --- the duel's words -------------------------------------------------------------------
    def _guesses(self) -> list[dict[str, Any]]:
        state = self.state
        rows = state.duel.rows if state is not None else []
        return [row for row in rows if row["guess"] is not None]

    def _entry(self, number: int, index: int) -> int:
        state = self.state
        assert state is not None
        return pattern(self._guesses()[number]["guess"], state.duel.answers[index])

    def _marks(self, value: int) -> list[int]:
        state = self.state
        assert state is not None
        digits = []
        for _ in range(state.duel.length):
            value, digit = divmod(value, 3)
            digits.append(digit)
        return digits[::-1]

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


def from_before_the_hidden_word(saved: object) -> bool:
    """A duel with a friend saved by a version of Gemau in which both engines knew the word
    (games.wordle.duel_game: its state holds it). It cannot be carried on here: this version
    plays only duels whose word neither device knows, and the friend's device has moved on too."""
    state = saved.get("state") if isinstance(saved, dict) else None
    return isinstance(state, dict) and "word" in state
