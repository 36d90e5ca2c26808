"""The public engine and the ordinary one agree: seeded games where every seat holds only
its own hand from an explicit deal and plays honestly are the ordinary engine's games
dealt the same hands (games.dominoes.dealt), move for move, to the same scores, hand
results and winner (docs/rules/dominoes.md 11.5 and 11.6). And the public state's JSON
and notation round-trip, and damaged saves are refused."""

import copy
import json

import pytest
from games.common.errors import BadState, IllegalMove
from games.dominoes.dealt import dealt_game
from games.dominoes.private import verify_hand
from games.dominoes.public import PublicState, new_game
from games.dominoes.public_game import GAME
from public_fixtures import HonestTable

TABLES = [
    {"seats": 2},
    {"seats": 3},
    {"seats": 4},
    {"seats": 4, "partnerships": True},
]


def sorted_hands(summary):
    """A summary with each hand sorted: the public engine lists the tiles shown highest
    first, the ordinary one in the order held (rule 11.5)."""
    return {**summary, "hands": [sorted(map(tuple, hand)) for hand in summary["hands"]]}


def play_in_step(table: HonestTable, after_each=None):
    """Plays the whole game, comparing the two engines at every move."""
    public, ordinary = table.public, table.ordinary
    while not public.is_over:
        if public.phase == "play":
            seat = public.current_player
            assert ordinary.current_player == seat
            assert table.private[seat].legal_plays(public) == ordinary.legal_moves()
            assert table.private[seat].held(public) == ordinary.hands[seat]
        if public.phase == "check" and public.checked == 0:
            assert verify_hand(public, public.revealed, table.record) == []
        move = table.honest_move()
        events = table.apply(move)
        if after_each:
            after_each(public, move, events)
        if public.phase == "play":
            assert public.layout.to_json() == ordinary.layout.to_json()
            assert public.hand_sizes == [len(hand) for hand in ordinary.hands]
            assert public.boneyard == len(ordinary.boneyard)
            assert public.scores == ordinary.scores and public.leader == ordinary.leader
        if public.phase == "check":
            summaries = [sorted_hands(s) for s in public.hand_summaries]
            assert summaries == [sorted_hands(s) for s in ordinary.hand_summaries]
            assert public.scores == ordinary.scores
    assert ordinary.is_over and public.result == ordinary.result


@pytest.mark.parametrize("game", range(48))
def test_honest_games_end_as_the_ordinary_engine_dealt_the_same_hands(game):
    options = {**TABLES[game % 4], "target": 100 if game % 3 else 250}
    play_in_step(HonestTable(options, 1000 + game))


def test_every_position_round_trips_and_every_move_in_its_notation():
    def round_trip(public, move, events):
        text = GAME.format_move(move)
        assert GAME.parse_move(text) == move or move["type"] == "reveal"
        assert GAME.format_move(GAME.parse_move(text)) == text
        saved = json.loads(json.dumps(public.to_json()))
        assert PublicState.from_json(saved).to_json() == public.to_json()
        assert GAME.load(saved).to_json() == public.to_json()

    for game in range(4):
        play_in_step(HonestTable({**TABLES[game], "target": 60}, 7 + game), round_trip)


def test_every_move_the_public_engine_lists_is_taken():
    table = HonestTable({"seats": 3, "target": 60}, 5)
    while not table.public.is_over:
        for move in table.public.legal_moves():
            table.public.copy().apply(move)
        table.apply(table.honest_move())


def test_the_notation_of_the_end_of_a_hand():
    """Rule 11.5: a reveal lists the tiles highest first; only that text is canonical."""
    move = {"type": "reveal", "tiles": [[2, 0], [5, 5], [4, 6]]}
    assert GAME.format_move(move) == "reveal 6-4,5-5,2-0"
    assert GAME.parse_move("reveal 2-0,5-5,4-6")["tiles"] == [[2, 0], [5, 5], [6, 4]]
    assert GAME.parse_move("check") == {"type": "check"}
    for junk in ("reveal", "reveal ", "reveal 7-1", "reveal 1-1,,2-2", "chek", "x" * 101, 5):
        with pytest.raises(IllegalMove):
            GAME.parse_move(junk)


def saves_during_a_game():
    table = HonestTable({"seats": 2, "target": 60}, 11)
    saves = []
    while not table.public.is_over:
        table.apply(table.honest_move())
        saves.append(table.public.to_json())
    return saves


def mutations(save):
    """Ways a save may be damaged (by hand, or by another device)."""
    yield {**save, "version": 2}
    yield {k: v for k, v in save.items() if k != "phase"}
    yield {**save, "phase": "deal"}
    yield {**save, "boneyard": save["boneyard"] + 1}
    yield {**save, "hand_sizes": [size + 1 for size in save["hand_sizes"]]}
    yield {**save, "scores": [save["options"]["target"]] + save["scores"][1:]}
    yield {**save, "scores": [3] + save["scores"][1:]}
    yield {**save, "current": 5}
    yield {**save, "checked": save["checked"] + 1}
    yield {**save, "history": save["history"][:-1]}
    yield {**save, "reached": None, "result": None}
    yield {**save, "hand_summaries": save["hand_summaries"][:-1]}
    if save["revealed"]:
        shown = copy.deepcopy(save["revealed"])
        shown[-1] = None
        yield {**save, "revealed": shown}
    if save["ended"]:
        yield {**save, "ended": {**save["ended"], "reason": "domino", "seat": None}}


def test_damaged_saves_are_refused():
    checked = 0
    for save in saves_during_a_game():
        for damaged in mutations(save):
            if damaged == save:
                continue
            with pytest.raises(BadState):
                PublicState.from_json(json.loads(json.dumps(damaged)))
            checked += 1
    assert checked > 500


def test_a_state_is_independent_of_its_copy():
    state = new_game({"seats": 2}, 4)
    twin = state.copy()
    twin.apply(twin.legal_moves()[0])
    assert state.to_json() == new_game({"seats": 2}, 4).to_json() != twin.to_json()


def test_the_ordinary_engine_refuses_a_deal_that_is_not_the_set():
    table = HonestTable({"seats": 2}, 3)
    hands, draws = table.deals[0]
    with pytest.raises(ValueError, match="28 tiles"):
        dealt_game({"seats": 2}, 3, [(hands, draws[:-1])])
    with pytest.raises(ValueError, match="no deal"):
        dealt_game({"seats": 2}, 3, [])
