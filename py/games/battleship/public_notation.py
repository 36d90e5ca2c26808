"""The notation of the moves of Battleship between two devices (public.py):

    0 ready 5f3a…                 seat 0's fleet is placed: the commitment to it (64 hex)
    fire D4 E5 F6                 the shooter's volley (the ordinary notation, notation.py)
    1 answer D4:miss E5:hit:carrier F6:hit sunk:patrol
                                  the target's answer: each square of the volley in its
                                  order, "hit" naming its ship when hits are named (rule
                                  5.3), then every ship the volley sank, in fleet order
    1 answer D4:miss E5:hit F6:hit    the same with hits not named
    1 answer hits:2               Advanced Salvo: only how many of the volley hit (8.1)
    0 reveal carrier A1 h battleship C1 h cruiser E1 h submarine G1 h patrol I1 h 9c0e…
                                  at the end: the fleet's sealed text and its salt

As dicts: {"type": "ready", "player", "commitment"}, {"type": "fire", "squares"},
{"type": "answer", "player", "shots": [{"square", "result", ["ship"]}], "sunk": [...]} or
{"type": "answer", "player", "hits"}, {"type": "reveal", "player", "ships": [[ship,
square, orientation] x 5], "salt"}. A text is read as written (a reveal's words are the
text its commitment seals); format_move writes back the same text, so another device's
hand-made text is told apart (app.remote.match refuses one that is not canonical).
"""

import re

from games.common.commitment import is_hex64
from games.common.errors import IllegalMove
from games.common.protocol import Json

from .sealed import WORDS

MAX_TEXT = 400
SEATS = ("0", "1")
RESULTS = ("hit", "miss")
_SHOT = re.compile(r"([A-Z]\d{1,2}):(hit|miss)(?::([a-z]{1,12}))?")
_SUNK = re.compile(r"sunk:([a-z]{1,12})")
_HITS = re.compile(r"hits:(\d{1,2})")
_WORD = re.compile(r"[A-Za-z0-9_]{1,12}")


def format_move(move: Json) -> str:
    kind = move["type"]
    if kind == "fire":
        return " ".join(["fire", *move["squares"]])
    words = [str(move["player"]), kind]
    if kind == "ready":
        words.append(move["commitment"])
    elif kind == "answer":
        words += answer_words(move)
    elif kind == "reveal":
        words += [word for ship in move["ships"] for word in ship] + [move["salt"]]
    return " ".join(words)


def answer_words(answer: Json) -> list[str]:
    if "hits" in answer:
        return [f"hits:{answer['hits']}"]
    shots = [
        ":".join([shot["square"], shot["result"]] + ([shot["ship"]] if "ship" in shot else []))
        for shot in answer["shots"]
    ]
    return shots + [f"sunk:{ship}" for ship in answer["sunk"]]


def parse_move(text: object) -> Json:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise IllegalMove("battleship.unknown_move")
    words = text.split()
    if words[:1] == ["fire"] and len(words) > 1:
        return {"type": "fire", "squares": words[1:]}
    if len(words) < 3 or words[0] not in SEATS:
        raise IllegalMove("battleship.unknown_move")
    player, kind, rest = int(words[0]), words[1], words[2:]
    if kind == "ready" and len(rest) == 1 and is_hex64(rest[0]):
        return {"type": "ready", "player": player, "commitment": rest[0]}
    if kind == "answer":
        return {"type": "answer", "player": player, **_parse_answer(rest)}
    words_ok = all(_WORD.fullmatch(word) for word in rest[:-1])
    if kind == "reveal" and len(rest) == WORDS + 1 and is_hex64(rest[-1]) and words_ok:
        ships = [rest[i : i + 3] for i in range(0, WORDS, 3)]
        return {"type": "reveal", "player": player, "ships": ships, "salt": rest[-1]}
    raise IllegalMove("battleship.unknown_move")


def _parse_answer(words: list[str]) -> Json:
    hits = _HITS.fullmatch(words[0])
    if hits and len(words) == 1:
        return {"hits": int(hits.group(1))}
    shots: list[Json] = []
    sunk: list[str] = []
    for word in words:
        shot, ship = _SHOT.fullmatch(word), _SUNK.fullmatch(word)
        if shot and not sunk:
            square, result, named = shot.groups()
            shots.append({"square": square, "result": result, **({"ship": named} if named else {})})
        elif ship:
            sunk.append(ship.group(1))
        else:
            raise IllegalMove("battleship.unknown_move")
    if not shots:
        raise IllegalMove("battleship.unknown_move")
    return {"shots": shots, "sunk": sunk}
