"""Seeded random games: invariants that hold after every move."""

import json

import pytest
from games.common.errors import BadState
from games.common.rng import SeededRng
from games.dominoes import State, new_game, public_event
from games.dominoes.ai.fastsim import TILE_ID, Sim, ends_from_layout
from games.dominoes.ai.moves import from_engine_move
from games.dominoes.tiles import SET
from runs import runs

TABLES = [{"seats": 2}, {"seats": 3}, {"seats": 4}, {"seats": 4, "partnerships": True}]


def random_games(count, seed, target=250):
    """Yields (state, events_of_last_move) after every move of `count` random games."""
    for game in range(count):
        options = dict(TABLES[game % len(TABLES)], target=target)
        state = new_game(options, seed * 10_000 + game)
        rng = SeededRng(seed * 77 + game)
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_moves()))
            yield state, events


def test_28_tiles_conserved_and_scores_in_fives_over_1500_games():
    """28 tiles conserved; scores only in multiples of 5."""
    games, count = 0, runs(1500)
    for state, events in random_games(count, 1, target=100):
        everywhere = [t for h in state.hands for t in h] + state.boneyard + state.layout.tiles()
        assert sorted(everywhere) == sorted(SET)
        assert all(score % 5 == 0 for score in state.scores)
        for event in events:
            if event["type"] in ("score", "hand_end"):
                assert event["points"] % 5 == 0
            games += event["type"] == "game_over"
    assert games == count


def test_json_round_trip_and_replay_over_200_games():
    """JSON round trip: a saved game resumes identically, through json text."""
    rng = SeededRng(3)
    for state, _ in random_games(runs(200), 2, target=100):
        data = state.to_json()
        copy = State.from_json(json.loads(json.dumps(data)))
        assert copy.to_json() == data
        if state.is_over or rng.randrange(10):
            continue
        original = state.copy()
        for _ in range(6):
            if original.is_over:
                break
            assert copy.legal_moves() == original.legal_moves()
            move = rng.choice(original.legal_moves())
            assert copy.apply(move) == original.apply(move)
        assert copy.to_json() == original.to_json()


def test_same_seed_same_moves_same_game():
    def run():
        states = []
        for state, _events in random_games(5, 9):
            states.append(json.dumps(state.to_json()))
        return states

    assert run() == run()


def hidden_shuffled(state, seat, rng):
    """The same position with every tile `seat` cannot see dealt differently."""
    copy = state.copy()
    others = [s for s in range(state.table.seats) if s != seat]
    hidden = [t for s in others for t in copy.hands[s]] + copy.boneyard
    rng.shuffle(hidden)
    for s in others:
        size = len(copy.hands[s])
        copy.hands[s], hidden = hidden[:size], hidden[size:]
    copy.boneyard = hidden
    return copy


def test_views_leak_nothing_hidden_over_150_games():
    """Views leak nothing hidden: re-dealing what a seat cannot see leaves its view unchanged."""
    rng = SeededRng(5)
    for state, _events in random_games(runs(150), 3, target=100):
        if state.is_over or rng.randrange(4):
            continue
        for seat in range(state.table.seats):
            view = state.view_for(seat)
            assert view["hand"] == [list(t) for t in state.hands[seat]]
            assert view["hand_sizes"] == [len(h) for h in state.hands]
            assert view["boneyard"] == len(state.boneyard)
            assert all("tile" not in e for e in view["history"] if e["type"] == "draw")
            assert hidden_shuffled(state, seat, rng).view_for(seat) == view
            json.dumps(view)


def test_public_event_hides_the_drawn_tile():
    event = {"type": "draw", "seat": 0, "boneyard": 3, "tile": [5, 3]}
    assert public_event(event) == {"type": "draw", "seat": 0, "boneyard": 3}
    assert public_event({"type": "play", "tile": [5, 3]}) == {"type": "play", "tile": [5, 3]}


def test_fast_simulator_agrees_with_the_engine_over_400_games():
    """The computer players' compact rules give the engine's moves, counts and scores."""
    for game in range(runs(400)):
        options = TABLES[game % len(TABLES)]
        state = new_game(options, 50_000 + game)
        rng = SeededRng(game)
        team = [state.team_of(s) for s in range(state.table.seats)]
        sim = None
        while not state.is_over:
            if sim is None:
                sim = Sim(
                    ends_from_layout(state.layout),
                    state.table.seats,
                    team,
                    [[TILE_ID[t] for t in h] for h in state.hands],
                    [TILE_ID[t] for t in state.boneyard],
                    state.scores,
                    state.table.target,
                    state.current,
                )
            moves = state.legal_moves()
            plays = sorted(from_engine_move(m) for m in moves if m["type"] == "play")
            assert sorted(sim.ends.plays(sim.hands[sim.current])) == plays
            move = rng.choice(moves)
            if move["type"] == "play":
                t, arm = from_engine_move(move)
                expected = sim.ends.count_after(t, arm)
            events = state.apply(move)
            if move["type"] == "play":
                sim.play(t, arm)
                assert events[0]["count"] == expected == sim.ends.count
            elif move["type"] == "draw":
                sim.draw()
            else:
                sim.pass_turn()
            ended = [e for e in events if e["type"] in ("hand_end", "game_over")]
            if ended:
                while not sim.done:  # the simulator sees a block only after everyone passes
                    assert not sim.ends.can_play(sim.hands[sim.current]) and not sim.boneyard
                    sim.pass_turn()
                assert (
                    sim.scores == state.hand_summaries[-1]["scores"]
                    if ended[0]["type"] == "hand_end"
                    else sim.scores == state.scores
                )
                sim = None
            else:
                assert not sim.done and sim.current == state.current and sim.scores == state.scores


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=2),
        lambda d: d.pop("rng"),
        lambda d: d.update(scores=[3, 0]),
        lambda d: d.update(scores=[0]),
        lambda d: d["hands"][0].pop(),
        lambda d: (
            d["hands"][0].append([6, 6])
            if [6, 6] not in d["hands"][0]
            else d["hands"][1].append([6, 6])
        ),
        lambda d: d["hands"][0].__setitem__(0, [7, 1]),
        lambda d: d.update(current=5),
        lambda d: d.update(options={"seats": 9}),
        lambda d: d["history"].append({"type": "play", "seat": 0, "tile": [0, 0], "end": "W"}),
        lambda d: d.update(result={"winner_team": 0}),
        lambda d: d.update(layout={"root": [1, 2]}),
    ],
)
def test_bad_saved_state_is_refused(damage):
    state = new_game({"seats": 2}, 4)
    rng = SeededRng(1)
    for _ in range(6):
        state.apply(rng.choice(state.legal_moves()))
    data = state.to_json()
    damage(data)
    with pytest.raises(BadState):
        State.from_json(data)


def finished_hand_state():
    """A two-seat game saved just after its first hand was summed up."""
    state, rng = new_game({"seats": 2}, 4), SeededRng(2)
    while not state.hand_summaries:
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(
    "damage",
    [
        lambda s: s.clear(),
        lambda s: s.pop("scores"),
        lambda s: s.update(scores=["10", 0]),
        lambda s: s.update(points=7),
        lambda s: s.update(hand=1),
        lambda s: s.update(reason="resigned"),
        lambda s: s.update(pips=[1]),
        lambda s: s.update(winner_team=2),
        lambda s: s["hands"].pop(),
        lambda s: s["hands"][0].append([9, 9]),
        lambda s: s.update(layout={"root": [9, 9], "arms": {}}),
        lambda s: s.update(extra=1),
    ],
)
def test_a_damaged_hand_summary_is_refused_not_drawn_later(damage):
    """Players' report: a save with hand_summaries [{}] loaded and then crashed the
    score sheet. Every field the page draws is checked when the save is read."""
    data = finished_hand_state().to_json()
    assert State.from_json(data).hand_summaries == data["hand_summaries"]
    damage(data["hand_summaries"][0])
    with pytest.raises(BadState):
        State.from_json(data)


def test_a_save_missing_a_hand_summary_is_refused():
    data = finished_hand_state().to_json()
    data["hand_summaries"] = []
    with pytest.raises(BadState):
        State.from_json(data)


def test_from_json_refuses_non_dicts():
    for bad in (None, [], "x", 3):
        with pytest.raises(BadState):
            State.from_json(bad)
