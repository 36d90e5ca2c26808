"""Every message type of every protocol between devices, with a well-formed example of each,
and every move a game between devices sends inside a `move` message, so that the
hostile-peer suite (tests/unit/app/test_hostile_peer.py) can loop over all of them.

Where a type is taken:
    match         app.remote.match, one game between two devices
    table         app.remote.table_match, one game among 3-4 devices (each message wrapped
                  by the relay: a guest posts `relay-post`, the host delivers `relay`)
    relay-hub     app.remote.relay's Hub (the host): what a guest's device posts
    relay-spoke   app.remote.relay's Spoke (a guest): what the host's device delivers
    table-page    app.remote.table_game, the table's page: who sits where, who is away
    coin          app.fair.coin, the coin flip inside a match's or a table's handshake
    deal          app.remote.dominoes_deal, the Dominoes deal (a match's or table's `deal-`)
    deck          app.fair.deck, mental poker's steps, each inside a `deal-deck`
    word          app.fair.hidden_word and ot, the Wordle duel's word (a match's `word-`)
    group-leader  app.remote.wordle_group, what a member's device sends the group's leader
                  (each wrapped by the leader's relay, as a table's: `relay-post` to it)
    group-member  app.remote.wordle_group_member, what the leader sends a member (in a
                  `relay` envelope for that member alone; `group` outside the relay)

The registry is checked against the code (the suite reads every `type` the modules of
app.remote and app.fair send or compare with), so a type the code handles cannot be left
out of it."""

from dataclasses import dataclass, field
from typing import Any

from app.remote.wire import VERSION

MATCH, TABLE, RELAY_HUB, RELAY_SPOKE, TABLE_PAGE = (
    "match",
    "table",
    "relay-hub",
    "relay-spoke",
    "table-page",
)
COIN, DEAL, DECK, WORD = "coin", "deal", "deck", "word"
GROUP_LEADER, GROUP_MEMBER = "group-leader", "group-member"
SESSION = (MATCH, TABLE)  # the types both a match and a table take

HASH = "5" * 64  # a position's hash, a commitment, a salt: 64 hex digits
ELEMENT = "0" * 511 + "7"  # a number of app.fair.group: 512 hex digits


@dataclass(frozen=True)
class MessageType:
    type: str
    takers: tuple[str, ...]  # the protocols that take it (above)
    example: dict[str, Any]  # a well-formed one, "type" included
    texts: tuple[str, ...] = field(default=())  # fields that may be shown to a person


def _message(
    type_: str, takers: tuple[str, ...], texts: tuple[str, ...] = (), **fields: Any
) -> MessageType:
    return MessageType(type_, takers, {"type": type_, **fields}, texts)


HELLO_PARAMS = {"blocks": "4", "first": "0", "no_side_by_side": "0", "quick_setup": "1"}
COIN_OPENING = {"salt": HASH, "value": '"' + "6" * 64 + '"'}

MESSAGES: tuple[MessageType, ...] = (
    _message(
        "hello",
        (MATCH,),
        ("name",),
        version=VERSION,
        rules="1.1",
        game="deblockle",
        params=HELLO_PARAMS,
        seats=["host", "guest"],
        draw_seats=False,
        name="Alice",
    ),
    _message(
        "hello",
        (TABLE,),
        ("name",),
        version=VERSION,
        rules="1.1",
        game="dominoes-public",
        params={"seats": "3", "partnerships": "0", "target": "30"},
        seats=["host", "g1", "g2"],
        devices=["host", "g1", "g2"],
        draw_seats=True,
        name="Ann",
    ),
    _message("welcome", SESSION, ("name",), version=VERSION, rules="1.1", name="Bob"),
    _message("move", SESSION, ("move",), number=1, move="c1W-b2-b3-b2", hash=HASH),
    _message("sync", (MATCH,), match="a" * 32, count=0, hash=HASH, ended=None),
    _message("resign", SESSION),
    _message("claim", SESSION, count=0),
    _message("claim", (TABLE,), count=0, quiet="g1"),  # (the host's, of the deal: claims)
    _message("leave", (*SESSION, GROUP_LEADER)),
    _message("refused", (MATCH,), ("reason",), kind="cheating", reason="move 3 is illegal"),
    _message(  # a member's answer to a hello it refused (as a match's guest answers it)
        "refused", (GROUP_LEADER,), ("reason",), kind="other_version", reason="other rules"
    ),
    _message("coin-commit", (COIN, *SESSION), seat=0, commitment=HASH),
    _message("coin-reveal", (COIN, *SESSION), seat=1, opening=COIN_OPENING),
    MessageType(
        "relay",
        (RELAY_SPOKE,),
        {"type": "relay", "seq": 1, "from": "host", "n": 1, "message": {"type": "leave"}},
    ),
    MessageType(  # for one device alone (the group's views and guesses)
        "relay",
        (RELAY_SPOKE,),
        {"type": "relay", "seq": 2, "from": "host", "n": 2, "to": "g1", "message": {}},
    ),
    MessageType(  # the place of a message for another device
        "relay",
        (RELAY_SPOKE,),
        {"type": "relay", "seq": 2, "from": "host", "n": 2, "to": "g2"},
    ),
    _message("relay-start", (RELAY_SPOKE,), after=4, sent=1),  # a group's newcomer
    _message("relay-post", (RELAY_HUB,), n=1, ack=1, message={"type": "leave"}),
    _message("relay-post", (RELAY_HUB,), n=1, ack=1, to="host", message={"type": "leave"}),
    _message("relay-resend", (RELAY_HUB,), after=0),
    _message("relay-ack", (RELAY_HUB,), ack=8),
    _message("table", (TABLE_PAGE,), game="dominoes-public", you="g1"),
    _message("table-away", (TABLE_PAGE,), away=["g2"]),
    _message(
        "deal-deck",
        (DEAL,),
        hand=0,
        n=0,
        deck={"type": "deck-draw", "seat": 1, "card": 14},
    ),
    _message("deal-ask", (DEAL,), hand=0, have={"0": 1}),
    _message("deck-shuffle", (DECK,), seat=0, cards=[ELEMENT] * 28),
    _message("deck-unlock", (DECK,), seat=1, cards=[0, 1], values=[ELEMENT, ELEMENT]),
    _message("deck-draw", (DECK,), seat=1, card=14),
    _message("deck-key", (DECK,), seat=0, e=ELEMENT),
    _message("word-commit", (WORD,), seat=0, commitment=HASH),
    _message("word-reveal", (WORD,), seat=1, opening={"salt": HASH, "value": "51"}),
    _message("word-setup", (WORD,), seat=0, point=ELEMENT),
    _message("word-choices", (WORD,), seat=1, points=[ELEMENT]),
    _message("word-entries", (WORD,), seat=1, number=0, data="00" * 4),
    _message(  # the group's start: the handshake's hello, the leader as its host
        "hello",
        (GROUP_MEMBER,),
        ("name",),
        version=VERSION,
        rules="2.1",
        game="wordle-tournament-play",
        name="Ann",
    ),
    _message(
        "welcome", (GROUP_LEADER,), ("name",), version=VERSION, rules="2.1", name="Bo", rating=1100
    ),
    _message("guess", (GROUP_LEADER,), ("text",), round=1, duel=2, text="stare", at=20345),
    _message("group", (GROUP_MEMBER,), you="g1"),  # (the device's name, first on each link)
    _message("view", (GROUP_MEMBER,), game=1, view={"phase": "lobby"}),
    _message("refused", (GROUP_MEMBER,), ("reason",), reason="group.junk"),
)


@dataclass(frozen=True)
class MoveType:
    """A move of a game between devices, sent as a `move` message's notation."""

    type: str  # the engine's own move type
    game: str  # the game's name on the wire
    example: str  # the move's notation


BATTLESHIP, DOMINOES, DUEL, DEBLOCKLE = (
    "battleship-public",
    "dominoes-public",
    "wordle-duel-hidden",
    "deblockle",
)

MOVES: tuple[MoveType, ...] = (
    MoveType("turn", DEBLOCKLE, "c1W-b2-b3-b2"),
    MoveType("ready", BATTLESHIP, f"0 ready {HASH}"),
    MoveType("fire", BATTLESHIP, "fire D4"),
    MoveType("answer", BATTLESHIP, "1 answer D4:miss"),
    MoveType(
        "reveal",
        BATTLESHIP,
        "0 reveal carrier A1 h battleship C1 h cruiser E1 h submarine G1 h patrol I1 h " + HASH,
    ),
    MoveType("play", DOMINOES, "3-1"),
    MoveType("draw", DOMINOES, "draw"),
    MoveType("pass", DOMINOES, "pass"),
    MoveType("reveal", DOMINOES, "reveal 6-6,3-1"),
    MoveType("check", DOMINOES, "check"),
    MoveType("commit", DUEL, f"0 commit {HASH}"),
    MoveType("guess", DUEL, "1 CHERRY @2000"),
    MoveType("marks", DUEL, "0 marks 101000 @2000"),
    MoveType("reveal", DUEL, f"1 reveal {HASH} 51:{HASH}"),
    MoveType("timeout", DUEL, "timeout @30000"),
)


def taken_by(taker: str) -> list[MessageType]:
    """The message types one protocol takes."""
    return [message for message in MESSAGES if taker in message.takers]


def type_names() -> set[str]:
    """Every type in the registry, messages and moves."""
    return {message.type for message in MESSAGES} | {move.type for move in MOVES}
