"""Battleship moves as text, so a whole game is a list of strings.

fire D4                 a shot; a salvo lists its squares: fire D4 E5 F6
aim D4   unaim D4       Salvo: choose (or take back) one square of the salvo
fire                    Salvo: fire the squares chosen
0 place carrier A1 h    player 0 puts a ship with its bow on A1, across (v: down)
0 fleet carrier A1 h battleship C3 v ...   a whole fleet at once
0 remove carrier        0 clear        0 spread        0 ready
0 resign                a hunt given up (docs/rules/battleship.md 13.4)
0 random                a Random fleet whose ships may touch (games saved before "spread")
"""

from games.common.errors import IllegalMove
from games.common.protocol import Json

from .fleet import SHIP_IDS

_NAMES: dict[str, str] = {"random_fleet": "random", "spread_fleet": "spread"}
_TYPES = {"random": "random_fleet", "spread": "spread_fleet"}
_WORDS_AFTER = {
    "place": 3,
    "remove": 1,
    "clear": 0,
    "random": 0,
    "spread": 0,
    "ready": 0,
    "resign": 0,
}


def format_move(move: Json) -> str:
    kind: str = move["type"]
    if kind == "fire":
        return " ".join(["fire", *move.get("squares", [])])
    if kind in ("aim", "unaim"):
        return f"{kind} {move['square']}"
    words: list[str] = [str(move["player"]), _NAMES.get(kind, kind)]
    if kind == "place":
        words += [move["ship"], move["square"], move["orientation"]]
    elif kind == "remove":
        words.append(move["ship"])
    elif kind == "fleet":
        for ship_id in SHIP_IDS:
            words += [ship_id, *move["ships"][ship_id]]
    return " ".join(words)


def parse_move(text: str) -> Json:
    if not isinstance(text, str) or len(text) > 400:
        raise IllegalMove("battleship.unknown_move")
    words = text.split()
    if words[:1] == ["fire"]:
        return {"type": "fire", "squares": words[1:]} if len(words) > 1 else {"type": "fire"}
    if len(words) == 2 and words[0] in ("aim", "unaim"):
        return {"type": words[0], "square": words[1]}
    if len(words) < 2 or words[0] not in ("0", "1"):
        raise IllegalMove("battleship.unknown_move")
    player, kind, rest = int(words[0]), words[1], words[2:]
    if kind == "fleet" and len(rest) == 3 * len(SHIP_IDS):
        triples = [rest[i : i + 3] for i in range(0, len(rest), 3)]
        ships = {ship: [square, orientation] for ship, square, orientation in triples}
        return {"type": "fleet", "player": player, "ships": ships}
    if _WORDS_AFTER.get(kind) != len(rest):
        raise IllegalMove("battleship.unknown_move")
    move: Json = {"type": _TYPES.get(kind, kind), "player": player}
    if kind == "place":
        move.update(zip(("ship", "square", "orientation"), rest, strict=True))
    elif kind == "remove":
        move["ship"] = rest[0]
    return move
