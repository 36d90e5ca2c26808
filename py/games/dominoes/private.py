"""What one seat's device keeps at a table of devices (public.py): its own tiles, the moves
it may make with them, and the check of a finished hand against the deck's record.

    hand = PrivateHand(seat, hand_number)      # one per seat this device plays, per hand
    hand.receive(tiles)                        # dealt and drawn, in order (app.fair.deck)
    hand.held(public)                          # the tiles it holds now (and shows)
    hand.playable(public)                      # those of them not on the table
    hand.legal_plays(public)                   # as the ordinary engine's legal_moves
    hand.view_for(public)                      # the ordinary view's shape, hand and all
    verify_hand(public_state, revealed, record) -> problems, first one first

`public` is a public.PublicState or its view_for(seat). The deck's record is what
app.fair.deck.DeckPeer.verify() returns once every key is revealed: {card: (tile, owner or
None)}; cards 0 to 7n - 1 are the deal (card i to seat i // 7), the next ones the draws in
order. Rules: docs/rules/dominoes.md, section 11.
"""

from collections.abc import Iterable, Mapping, Sequence

from games.common.protocol import Json

from .layout import Layout
from .public import HAND_SIZE, PublicState
from .public_notation import ordered
from .tiles import Tile, name
from .tiles import from_json as tile_from_json

NOT_HELD, COULD_PLAY, WRONG_DRAW, WRONG_REVEAL = (
    "not_held",
    "could_play",
    "wrong_draw",
    "wrong_reveal",
)


PublicOrView = PublicState | Json  # the public state, or a seat's view of it


class PrivateHand:
    def __init__(self, seat: int, hand_number: int, received: Iterable[object] = ()):
        self.seat, self.hand_number = seat, hand_number
        self.received: list[Tile] = []  # dealt, then drawn, in the deck's order
        self.receive(received)

    def receive(self, tiles: Iterable[object]) -> None:
        """Tiles that reached this seat (a tile had already is not counted twice)."""
        for t in map(tile_from_json, tiles):
            if t not in self.received:
                self.received.append(t)

    def held(self, public: PublicOrView) -> list[Tile]:
        """The tiles received and not played by this seat: what it shows at the end."""
        view = self._view(public)
        played = [
            tile_from_json(e["tile"])
            for e in view["history"]
            if e["type"] == "play" and e["seat"] == self.seat
        ]
        return [t for t in self.received if t not in played]

    def playable(self, public: PublicOrView) -> list[Tile]:
        """The tiles held that are not on the table: a tile of this hand some other seat
        played (a claim the check will disprove) cannot be played again."""
        view = self._view(public)
        on_table = set(Layout.from_json(view["layout"]).tiles())
        return [t for t in self.held(view) if t not in on_table]

    def legal_plays(self, public: PublicOrView) -> list[Json]:
        """The moves this seat may make now, as the ordinary engine lists them (rules 4.1,
        4.3 and 5.1 to 5.4); in the reveal phase, the one reveal of its hand; none in the
        check phase (its device checks, app.remote.dominoes_deal) or out of turn."""
        view = self._view(public)
        if view["current_player"] != self.seat:
            return []
        if view["phase"] == "reveal":
            return [{"type": "reveal", "tiles": [list(t) for t in ordered(self.held(view))]}]
        if view["phase"] != "play":
            return []
        hand = self.playable(view)
        layout = Layout.from_json(view["layout"])
        if layout.is_empty:
            return [{"type": "play", "tile": list(t), "end": None} for t in hand]
        ends = layout.open_ends()
        plays = [
            {"type": "play", "tile": list(t), "end": e.end}
            for t in hand
            for e in ends
            if e.value in t
        ]
        if plays:
            return plays
        return [{"type": "draw"}] if view["boneyard"] else [{"type": "pass"}]

    def view_for(self, public: PublicOrView) -> Json:
        """The public view with this seat's hand (the tiles it can still play) and moves:
        what its page and its computer player (public_game.GAME.computer) read."""
        view = self._view(public)
        return {
            **view,
            "seat": self.seat,
            "hand": [list(t) for t in self.playable(view)],
            "legal_moves": self.legal_plays(view),
        }

    def _view(self, public: PublicOrView) -> Json:
        view = public if isinstance(public, dict) else public.view_for(self.seat)
        if view["hand_number"] != self.hand_number:
            number, asked = self.hand_number + 1, view["hand_number"] + 1
            raise ValueError(f"these are the tiles of hand {number}, not {asked}")
        return view

    def to_json(self) -> Json:
        return {
            "seat": self.seat,
            "hand_number": self.hand_number,
            "received": [list(t) for t in self.received],
        }

    @classmethod
    def from_json(cls, data: object) -> "PrivateHand":
        """ValueError (or IllegalMove for a bad tile) when it is not a saved hand."""
        if not isinstance(data, dict) or set(data) != {"seat", "hand_number", "received"}:
            raise ValueError("a private hand is {seat, hand_number, received}")
        if not all(type(data[key]) is int and data[key] >= 0 for key in ("seat", "hand_number")):
            raise ValueError("seat and hand_number are numbers")
        return cls(data["seat"], data["hand_number"], data["received"])


def verify_hand(
    public_state: PublicState,
    revealed_hands: Sequence[Iterable[object] | None],
    deal_record: Mapping[int, tuple[object, int | None]],
) -> list[Json]:
    """Replays the finished hand (its public history) from the deal the deck's record
    says each seat had, and lists every claim that fails (rule 11.6): {"seat", "kind",
    "move" (its index in the hand's history, or None), "tile" ([a, b] or None)}, kind
    "not_held" (a tile played that the seat did not hold), "could_play" (a draw or pass
    while holding a tile that fitted), "wrong_draw" (a draw whose card the deck did not
    give that seat) or "wrong_reveal" (a hand shown other than the one held)."""
    seats = public_state.table.seats
    hands: list[list[Tile]] = [[] for _ in range(seats)]
    for card in range(HAND_SIZE * seats):
        hands[card // HAND_SIZE].append(tile_from_json(deal_record[card][0]))
    problems: list[Json] = []

    def fault(seat: int, kind: str, index: int | None = None, t: Tile | None = None) -> None:
        problems.append({"seat": seat, "kind": kind, "move": index, "tile": list(t) if t else None})

    layout = Layout()
    next_card = HAND_SIZE * seats
    for index, event in enumerate(public_state.history):
        seat, hand = event["seat"], hands[event["seat"]]
        if event["type"] == "play":
            t = tile_from_json(event["tile"])
            if t in hand:
                hand.remove(t)
            else:
                fault(seat, NOT_HELD, index, t)  # its true holder keeps it, and shows it
            layout.place(t, event["end"])
            continue
        values = {e.value for e in layout.open_ends()}
        on_table = layout.tiles()
        fitting = [t for t in hand if (t[0] in values or t[1] in values) and t not in on_table]
        if fitting:
            fault(seat, COULD_PLAY, index, fitting[0])
        if event["type"] == "draw":
            drawn, owner = deal_record.get(next_card, (None, None))
            if owner != seat:
                fault(seat if owner is None else owner, WRONG_DRAW, index)
            else:
                hand.append(tile_from_json(drawn))
            next_card += 1
    for card, (_, owner) in sorted(deal_record.items()):
        if card >= next_card and owner is not None:
            fault(owner, WRONG_DRAW)  # a card taken from the boneyard with no draw played
    for seat in range(seats):
        if sorted(hands[seat]) != sorted(map(tile_from_json, revealed_hands[seat] or [])):
            fault(seat, WRONG_REVEAL)
    return problems


def describe(problem: Json, hand_number: int) -> str:
    """A problem in words (English: it goes into a refusal's reason, as app.fair's do)."""
    seat, kind = problem["seat"], problem["kind"]
    move = (
        f" (move {problem['move'] + 1} of hand {hand_number + 1})"
        if problem["move"] is not None
        else ""
    )
    tile = name(tuple(problem["tile"])) if problem["tile"] else ""
    return {
        NOT_HELD: f"seat {seat} played the {tile} without holding it{move}",
        COULD_PLAY: f"seat {seat} drew or passed while holding the {tile}, which fitted{move}",
        WRONG_DRAW: f"seat {seat}'s draw and the deck's cards do not agree{move}",
        WRONG_REVEAL: f"seat {seat} showed another hand than the one it held",
    }[kind]
