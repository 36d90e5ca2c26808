"""app.remote.messages, the registry of every message type between devices, against the
code: every `type` the modules of app.remote and app.fair send, compare with or dispatch
on is registered (or named here as no message at all), and every registered type is one
the code knows, so neither side can drift from the other without this failing."""

import ast
import pathlib

import pytest
from app.peer.channel import MAX_MESSAGE_CHARS as MAX_MESSAGE
from app.remote.messages import MESSAGES, MOVES, type_names
from app.untrusted import parse_json

ROOT = pathlib.Path(__file__).resolve().parents[3] / "py" / "app"
PROTOCOL_MODULES = sorted(
    path
    for folder in ("remote", "fair")
    for path in (ROOT / folder).glob("*.py")
    if path.name != "messages.py" or folder == "fair"
)
# `type`s in those modules that never travel between devices: the events a match tells
# its page, and the engines' own moves and history entries that no device sends.
NOT_SENT = {
    "started",  # a match's events to its page (Match._tell)
    "moved",
    "ended",
    "problem",
    "away",
    "link",
    "random_fleet",  # Battleship's placement moves, kept on this device
    "place",
}


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's names bound to strings (PREFIX = "deal", TABLE, AWAY = ...)."""
    found: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            for name, value in zip(names, values):
                is_text = isinstance(value, ast.Constant) and isinstance(value.value, str)
                if isinstance(name, ast.Name) and is_text:
                    found[name.id] = value.value
    return found


def _strings(node: ast.AST, constants: dict[str, str]) -> list[str]:
    """The strings an expression stands for: a literal, a module constant, an f-string of
    constants (f"{PREFIX}-choices"), or each element of a tuple, list or set of those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in constants:
        return [constants[node.id]]
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                inner = _strings(part.value, constants)
                if len(inner) != 1:
                    return []
                parts.append(inner[0])
            else:
                parts.extend(_strings(part, constants))
        return ["".join(parts)]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [text for element in node.elts for text in _strings(element, constants)]
    return []


def _is_type_of(node: ast.AST) -> bool:
    """`kind`, `x.get("type")`, `x["type"]`: an expression that holds a message's type."""
    if isinstance(node, ast.Name):
        return node.id == "kind"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        first = node.args[0] if node.args else None
        return node.func.attr == "get" and isinstance(first, ast.Constant) and first.value == "type"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "type"
    return False


def types_in_code(path: pathlib.Path) -> set[str]:
    return types_in_source(path.read_text(encoding="utf-8"))


def types_in_source(source: str) -> set[str]:
    tree = ast.parse(source)
    constants = _constants(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "type" and value is not None:
                    found.update(_strings(value, constants))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            if any(isinstance(t, ast.Name) and t.id == "handlers" for t in node.targets):
                found.update(s for key in node.value.keys if key for s in _strings(key, constants))
        elif isinstance(node, ast.Compare) and _is_type_of(node.left):
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                    found.update(_strings(right, constants))
    return found


def test_every_type_the_code_sends_or_takes_is_registered():
    assert len(PROTOCOL_MODULES) > 20
    missing = {}
    for path in PROTOCOL_MODULES:
        unknown = types_in_code(path) - type_names() - NOT_SENT
        if unknown:
            missing[path.name] = sorted(unknown)
    assert missing == {}, "add these to app.remote.messages (or to NOT_SENT if never sent)"


def test_the_scan_sees_a_type_however_it_is_written():
    """The scan must fail on a new type, whichever of the code's ways it is written in."""
    source = (
        'PREFIX = "trick"\n'
        'X, Y = "relay-x", "relay-y"\n'
        'handlers = {"handled-one": None}\n'
        "def f(message, kind):\n"
        '    if kind == "by-kind" or message.get("type") in ("by-get", Y):\n'
        '        return {"type": f"{PREFIX}-sent", "seat": 0}\n'
        '    return message["type"] != X\n'
    )
    seen = types_in_source(source)
    assert seen == {"handled-one", "by-kind", "by-get", "relay-y", "trick-sent", "relay-x"}


def test_every_registered_type_is_one_the_code_knows():
    in_code = set().union(*(types_in_code(path) for path in PROTOCOL_MODULES))
    assert {message.type for message in MESSAGES} - in_code == set()


@pytest.mark.parametrize("entry", MESSAGES, ids=lambda m: f"{m.type}@{m.takers[0]}")
def test_each_example_is_a_message_the_guarded_parser_takes(entry):
    import json

    assert entry.example["type"] == entry.type
    assert parse_json(json.dumps(entry.example), max_chars=MAX_MESSAGE) == entry.example
    assert set(entry.texts) <= set(entry.example)


@pytest.mark.parametrize("entry", MOVES, ids=lambda m: f"{m.type}@{m.game}")
def test_each_move_example_is_in_its_games_canonical_notation(entry):
    from games.battleship.public_game import GAME as BATTLESHIP
    from games.deblockle.game import GAME as DEBLOCKLE
    from games.dominoes.public_game import GAME as DOMINOES
    from games.wordle.hidden_duel_game import hidden_duel_game
    from games.wordle.sample_words import sample_dictionary

    games = {g.name: g for g in (BATTLESHIP, DEBLOCKLE, DOMINOES)}
    games["wordle-duel-hidden"] = hidden_duel_game(sample_dictionary())
    game = games[entry.game]
    move = game.parse_move(entry.example)
    assert game.format_move(move) == entry.example
    if isinstance(move, dict):
        assert move["type"] == entry.type


def _fields(message, seen):
    """Each message's type and its fields, and those of the messages it carries."""
    if isinstance(message, dict) and isinstance(message.get("type"), str):
        seen.add((message["type"], frozenset(message)))
        for inner in ("message", "deck"):
            _fields(message.get(inner), seen)


def test_every_message_honest_devices_send_has_its_registered_fields():
    """Short honest games of every protocol, their traffic read as it goes: each message
    is of a registered type, with the fields of its registered example."""
    import random

    import test_remote_dominoes as dominoes_tests
    import test_remote_duel_word as duel_tests
    import test_remote_match as match_tests
    import test_remote_table_match as table_tests
    import test_remote_wordle_group as group_tests
    from app.remote.roster import HOST

    seen: set = set()

    def watch(side, message):
        _fields(message, seen)
        return message

    wire, host, guest = match_tests.connected()
    wire.tamper = watch
    match_tests.play_on(wire, host, guest, random.Random(1), moves=2)
    host.leave()
    wire.pump()
    wire, games = dominoes_tests.connected({}, tamper=watch)
    dominoes_tests.play_out(
        wire, games, random.Random(1), until=lambda g: bool(g[0].match.midend.moves)
    )
    wire, duels, clock = duel_tests.connected(tamper=watch)
    duel_tests.play_out(wire, duels, clock, random.Random(1))
    table = table_tests.Table({"seats": 3, "target": 30}, [HOST, "g1", "g2"], ("g1", "g2"), 1, True)
    table.net.drop = lambda message: _fields(message, seen)
    enough = lambda games: len(games[0].match.midend.moves) >= 2  # noqa: E731
    table_tests.play_out(table.net, list(table.games.values()), random.Random(1), until=enough)
    group = group_tests.started()
    group_tests.until_playing(group)
    for sent in group.net.log.values():
        for message in sent:
            _fields(message, seen)
    registered = {(m.type, frozenset(m.example)) for m in MESSAGES}
    assert {kind for kind, _ in seen} >= {"hello", "deal-deck", "deck-unlock", "word-entries"}
    assert seen - registered == set()
