"""How a game between devices starts: the host proposes it, every guest accepts it, and a
coin flip among all of them (app.fair.coin) draws the seed, so no device chooses it:

    host  -> hello {version, rules, game, params, seats, draw_seats, name}   + coin-commit
             (at a table, also `devices`: every device's id, the host's first)
    guest -> welcome {version, rules, name}                                  + coin-commit
    all   -> coin-reveal (each device reveals only once every commitment is in)

`params` are the game's address parameters (a guest reads them with the game's own
options_from_params, as it would an address); `seats` says who plays each seat
(app.remote.roster). With `draw_seats` the coin also decides who sits where, so who starts
is not the host's choice either. For Deblockle (the rolls, a quick set-up) the engine's
seed then draws everything, and every engine knows it; Battleship's fleets and the
Dominoes deal need more, and come as a game's own sub-protocol (Match.extend).

`version` is the protocol's (app.remote.wire.VERSION), `rules` the game's rules as this
app holds them (`rules_of`): two devices whose apps differ in either (a later release on
one of them) refuse to start, "other_version", before anything else of the message is read
(an older release's hello may lack fields of this one's). A guest refuses a proposal it
cannot play as "incompatible"; a coin flip message for another device's seat, or an opening
that does not match its commitment, is "cheating"."""

from typing import Any, Protocol

from games.common.protocol import MAX_SEED, Game

from app.fair.coin import CoinPeer
from app.fair.errors import ProtocolError
from app.fair.messages import Message, RandomBytes
from app.remote import wire
from app.remote.checks import CHEATING, INCOMPATIBLE, OTHER_VERSION, Refused, checked_params
from app.remote.names import clean_name
from app.remote.roster import HOST, Roster, checked_devices, checked_seats

HELLO = {"version", "rules", "game", "params", "seats", "draw_seats", "name"}


class Versioned(Protocol):
    """What a start checks of a game: a Game, or the Wordle group's (its engine is built
    only once the leader's hello names the words' language)."""

    @property
    def name(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def rules_version(self) -> int: ...


def rules_of(game: Versioned) -> str:
    """The game's rules as this app holds them: its save version and rules version."""
    return f"{game.version}.{game.rules_version}"


def same_version(game: Versioned, message: dict[str, Any], device: str | None = None) -> None:
    """Refused ("other_version") unless the message's protocol and rules are this app's."""
    version, rules = message.get("version"), message.get("rules")
    if not wire.is_version(version):
        raise Refused(
            OTHER_VERSION, f"another version of the protocol ({wire.VERSION} here)", device
        )
    if rules != rules_of(game):
        raise Refused(OTHER_VERSION, f"other rules of {game.name} ({rules_of(game)} here)", device)


DRAWN = {"secret"}  # parameters each proposal draws afresh (the duel's hidden word's seed)


def agreed_game(params: dict[str, str], agreed: dict[str, str]) -> bool:
    """The host proposed the game agreed: the same parameters, but those drawn afresh."""
    return set(params) == set(agreed) and all(
        params[key] == value for key, value in agreed.items() if key not in DRAWN
    )


class Handshake:
    """This device's side of the start, filling in the roster (every device's name, who
    plays each seat) until `seed()` gives the game's seed."""

    def __init__(
        self, game: Game, roster: Roster, name: str, random_bytes: RandomBytes, at_table: bool
    ):
        self.game, self.roster, self.name = game, roster, name
        self.random_bytes = random_bytes
        self.at_table = at_table  # the hello names the devices (a table's are the relay's)
        self.params: dict[str, str] = {}
        self.draw = False
        self.coin: CoinPeer | None = None
        # A guest's game agreed beforehand (with a stranger, app.peer.strangers): a proposal
        # whose parameters differ from these is refused.
        self.agreed: dict[str, str] | None = None

    def propose(self, options: dict[str, Any], seats: list[str], draw_seats: bool) -> list[Message]:
        """The host's proposal; ValueError if the game cannot be played so."""
        roster = self.roster
        self.params = dict(self.game.options_to_params(options))
        try:
            roster.seats = checked_seats(self.game, self.params, seats, roster.devices)
        except ProtocolError as error:
            raise ValueError(error.reason) from None
        self.draw = draw_seats
        roster.names[HOST] = self.name
        self.coin = CoinPeer(0, len(roster.devices), self.random_bytes)
        hello = {
            "type": "hello",
            "version": wire.VERSION,
            "rules": rules_of(self.game),
            "game": self.game.name,
            "params": self.params,
            "seats": roster.seats,
            "draw_seats": draw_seats,
            "name": self.name,
        }
        if self.at_table:
            hello["devices"] = roster.devices
        return [hello, *self.coin.start()]

    def take(self, sender: str, message: dict[str, Any]) -> list[Message]:
        """Another device's hello, welcome or coin flip message; the messages to send."""
        if message["type"] == "hello":
            return self.hello(sender, message)
        if message["type"] == "welcome":
            self.welcome(sender, message)
            return []
        return self.flip(sender, message)

    def hello(self, sender: str, message: dict[str, Any]) -> list[Message]:
        """A guest takes the host's proposal, and answers it."""
        roster = self.roster
        if sender != HOST or roster.me == HOST or self.coin is not None:
            raise ProtocolError("a hello out of place")
        same_version(self.game, message, HOST)
        wire.fields(message, "hello", HELLO | ({"devices"} if self.at_table else set()))
        try:
            if message["game"] != self.game.name:
                raise ProtocolError(f"a different game ({self.game.name} here)")
            if self.at_table:
                roster.devices = checked_devices(message["devices"], roster.me)
            self.params = checked_params(message["params"])
            if self.agreed is not None and not agreed_game(self.params, self.agreed):
                raise ProtocolError("not the game agreed when the players met")
            roster.seats = checked_seats(self.game, self.params, message["seats"], roster.devices)
            if not isinstance(message["draw_seats"], bool):
                raise ProtocolError("draw_seats is true or false")
            host_name = clean_name(message["name"])
        except ProtocolError as error:
            raise Refused(INCOMPATIBLE, error.reason, HOST) from None
        self.draw = message["draw_seats"]
        roster.names = {HOST: host_name, roster.me: self.name}
        self.coin = CoinPeer(
            roster.devices.index(roster.me), len(roster.devices), self.random_bytes
        )
        welcome = {
            "type": "welcome",
            "version": wire.VERSION,
            "rules": rules_of(self.game),
            "name": self.name,
        }
        return [welcome, *self.coin.start()]

    def welcome(self, sender: str, message: dict[str, Any]) -> None:
        """A guest's answer: its person's name."""
        roster = self.roster
        if sender == HOST or sender not in roster.devices or sender in roster.names:
            raise ProtocolError("a welcome out of place")
        same_version(self.game, message)
        wire.fields(message, "welcome", {"version", "rules", "name"})
        try:
            roster.names[sender] = clean_name(message["name"])
        except ProtocolError as error:
            raise Refused(INCOMPATIBLE, error.reason) from None

    def flip(self, sender: str, message: dict[str, Any]) -> list[Message]:
        """A coin flip message of the sender's seat; the messages to send in answer."""
        if self.coin is None:
            raise ProtocolError("a coin flip message with no coin flip under way")
        devices = self.roster.devices
        if sender not in devices or message.get("seat") != devices.index(sender):
            raise Refused(CHEATING, "a coin flip message for another device's seat")
        return self.coin.receive(message)

    def seed(self) -> int | None:
        """The game's seed once every device is named and the coin has fallen (the seats
        drawn then, with `draw_seats`); None until then, and after."""
        coin = self.coin
        if coin is None or coin.seed is None or not self.roster.complete:
            return None
        self.coin = None
        if self.draw:
            self.roster.draw_seats(coin.seed)
        return 1 + coin.pick(MAX_SEED - 1)
