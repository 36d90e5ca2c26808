"""Battleship between two devices (games.battleship.public) and the ordinary engine agree:
seeded games where each seat's device holds only its own fleet and answers honestly are
the ordinary engine's games with the same fleets, volley for volley: the same hits,
ships named and sinkings, the same views for both seats, the same winner, turns and
shots (docs/rules/battleship.md 12.3 and 12.5). And every position's JSON and every
move's notation round-trip, damaged saves are refused, and copies are independent."""

import copy
import json

import pytest
from battleship_public_fixtures import HonestGame
from games.battleship.public import PublicState, new_game
from games.battleship.public_game import GAME
from games.battleship.state import public_record
from games.common.errors import BadState

MODES = ("classic", "salvo", "advanced_salvo")
SEEDS = range(16)


def options_for(mode: str, seed: int) -> dict:
    return {
        "mode": mode,
        "announce_ship": seed % 3 != 0,
        "edition": "classic" if seed % 2 else "modern",
    }


def assert_views_agree(game: HonestGame) -> None:
    """Each seat's private view holds the ordinary engine's view for that seat."""
    for seat in (0, 1):
        ordinary = game.ordinary.view_for(seat)
        private = game.fleets[seat].view_for(game.public)
        assert {key: private[key] for key in ordinary} == ordinary, (
            seat,
            key_differences(private, ordinary),
        )


def key_differences(private: dict, ordinary: dict) -> list:
    return [key for key in ordinary if private.get(key) != ordinary[key]]


def play_in_step(game: HonestGame, after_each=None) -> None:
    public, ordinary = game.public, game.ordinary
    assert_views_agree(game)  # the fleets placed, nobody ready yet
    while not public.is_over:
        move = game.due_or_volley()
        events = game.apply(move)
        if after_each is not None:
            after_each(public, move, events)
        if move["type"] == "fire":
            assert public.current_player == 1 - public.volleys[-1]["player"]
        if move["type"] == "answer":
            record = ordinary.turns[-1]
            assert public.volleys[-1]["answer"] == public_record(
                record, game.options | ordinary.options
            )
            assert public.sunk == ordinary.sunk or ordinary.mode == "advanced_salvo"
            if public.phase == "battle":
                assert public.current_player == ordinary.current_player
                assert_views_agree(game)
            else:
                assert public.phase == "reveal" and ordinary.is_over
                assert public.decided == ordinary.winner
        if move["type"] == "ready":
            assert public.phase == ordinary.phase
            assert_views_agree(game)
    assert ordinary.is_over
    result = public.result
    assert {key: result[key] for key in ordinary.result} == ordinary.result
    assert result["cheaters"] == [] and result["problems"] == []
    assert_views_agree(game)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", SEEDS)
def test_honest_games_are_the_ordinary_engines_move_for_move(mode, seed):
    game = HonestGame(options_for(mode, seed), 100 + seed)
    play_in_step(game)


def round_trip(public, move, events):
    text = GAME.format_move(move)
    parsed = GAME.parse_move(text)
    assert GAME.format_move(parsed) == text
    assert {k: v for k, v in parsed.items() if k != "player" or move.get("type") != "fire"} == {
        k: v for k, v in move.items() if k != "player" or move.get("type") != "fire"
    }
    saved = json.loads(json.dumps(public.to_json()))
    assert PublicState.from_json(saved).to_json() == public.to_json()
    assert GAME.load(saved).to_json() == public.to_json()
    assert public.copy().to_json() == public.to_json()


@pytest.mark.parametrize("mode", MODES)
def test_every_position_round_trips_and_every_move_in_its_notation(mode):
    for seed in range(2):
        play_in_step(HonestGame(options_for(mode, seed + 1), 7 + seed), round_trip)


def test_a_game_replays_from_its_moves_in_notation():
    game = HonestGame(options_for("salvo", 4), 33)
    texts = []
    play_in_step(game, lambda public, move, events: texts.append(GAME.format_move(move)))
    replayed = GAME.replay(game.options, 0, texts)
    assert replayed.to_json() == game.public.to_json() and replayed.result == game.public.result


def test_every_move_the_public_engine_lists_is_taken():
    game = HonestGame(options_for("classic", 1), 5)
    listed = 0
    while not game.public.is_over:
        for move in game.public.legal_moves():
            game.public.copy().apply(move)
            listed += 1
        game.apply(game.due_or_volley())
    assert listed > 1000


def saves_during_a_game(mode: str) -> list[dict]:
    game = HonestGame(options_for(mode, 2), 11)
    saves = []
    while not game.public.is_over:
        game.apply(game.due_or_volley())
        saves.append(game.public.to_json())
    return saves


def mutations(save: dict):
    """Ways a save may be damaged (by hand, or by another device) that no game reaches."""
    yield {**save, "version": 2}
    yield {k: v for k, v in save.items() if k != "reveals"}
    yield {**save, "options": {**save["options"], "mode": "chess"}}
    sealed = [c for c in save["commitments"] if c is not None]
    if sealed:
        yield {**save, "commitments": [None, sealed[0]]}  # blue's Ready before red's
        yield {**save, "commitments": ["0" * 63, save["commitments"][1]]}
    volleys = save["volleys"]
    if len(volleys) > 1:
        yield {**save, "volleys": volleys + [copy.deepcopy(volleys[-2])]}  # called again
    if volleys:
        last = copy.deepcopy(volleys)
        last[-1]["squares"] = last[-1]["squares"][:-1] + ["K1"]
        yield {**save, "volleys": last}
        answered = [i for i, v in enumerate(volleys) if v["answer"] is not None]
        if answered:
            lied = copy.deepcopy(volleys)
            answer = lied[answered[-1]]["answer"]
            if "hits" in answer:
                answer["hits"] = len(lied[answered[-1]]["squares"]) + 1
            else:
                answer["shots"] = answer["shots"][:-1]
            yield {**save, "volleys": lied}
        if len(answered) > 1:
            early = copy.deepcopy(volleys)
            early[answered[0]]["answer"] = None
            yield {**save, "volleys": early}
    if any(save["reveals"]):
        yield {**save, "reveals": [{**r, "salt": "xyz"} if r else r for r in save["reveals"]]}
    elif PublicState.from_json(save).phase != "reveal":  # a fleet shown before the end
        fake = {"ships": [["carrier", "A1", "h"]] * 5, "salt": "0" * 64}
        yield {**save, "reveals": [fake, None]}


@pytest.mark.parametrize("mode", MODES)
def test_damaged_saves_are_refused(mode):
    checked = 0
    for save in saves_during_a_game(mode):
        for damaged in mutations(save):
            if damaged == save:
                continue
            with pytest.raises(BadState):
                PublicState.from_json(json.loads(json.dumps(damaged)))
            checked += 1
    assert checked > 150


def test_a_state_is_independent_of_its_copy():
    game = HonestGame(options_for("salvo", 1), 4)
    game.play(until=lambda g: g.public.phase == "battle" and len(g.public.volleys) > 3)
    public = game.public
    before = public.to_json()
    twin = public.copy()
    twin.apply(game.due_or_volley())
    assert public.to_json() == before != twin.to_json()
    assert (
        new_game({"mode": "salvo"}).to_json()
        == PublicState.from_json(new_game({"mode": "salvo"}).to_json()).to_json()
    )
