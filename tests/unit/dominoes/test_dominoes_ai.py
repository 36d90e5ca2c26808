"""Computer players: legal, view-only, deterministic, and sensible in set positions."""

import pytest
from dominoes_fixtures import make_state
from games.common.rng import SeededRng
from games.dominoes import new_game
from games.dominoes.ai import PLAYERS, choose_move
from games.dominoes.ai.fastsim import HAS, TILE_ID, Ends, Sim
from games.dominoes.ai.knowledge import Knowledge
from games.dominoes.ai.moves import sim_for_view
from games.dominoes.ai.policies import greedy_pick, reply_aware_pick
from games.dominoes.ai.sampling import sample_world
from games.dominoes.ai.strong import win_chance
from games.dominoes.tiles import parse


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic", "strong"])
def test_players_choose_legal_moves_at_every_table(level):
    for options in ({"seats": 2}, {"seats": 3}, {"seats": 4, "partnerships": True}):
        state = new_game(options, 21)
        rng = SeededRng(2)
        for _ in range(40):
            if state.is_over:
                break
            view = state.view_for(state.current_player)
            move = PLAYERS[level](view, rng, 30)
            assert move in state.legal_moves()
            state.apply(move)


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic", "strong"])
def test_players_are_deterministic_for_a_seed(level):
    state = new_game({"seats": 2}, 8)
    view = state.view_for(state.current_player)
    assert PLAYERS[level](view, SeededRng(4), 60) == PLAYERS[level](view, SeededRng(4), 60)


def test_computer_player_never_reads_a_hidden_hand():
    """A computer player sees only the view: the same view gives the same move,
    however the hidden tiles lie."""
    a = make_state(["5-1 3-3 6-2 4-0", "6-6 0-0 1-1", "2-2"], layout="5-5 E:5-3", boneyard="")
    b = make_state(["5-1 3-3 6-2 4-0", "2-2 0-0 1-1", "6-6"], layout="5-5 E:5-3", boneyard="")
    assert a.view_for(0) == b.view_for(0)
    assert choose_move(a.view_for(0), SeededRng(1), 100) == choose_move(
        b.view_for(0), SeededRng(1), 100
    )


def test_greedy_takes_the_highest_score_then_the_heaviest_tile():
    """Greedy: highest immediate score, then heaviest tile."""
    # 5-0 on W makes 0 + 3 = 3; 3-2 on E makes 10 + 2 = 12; 3-0 on E: 10 + 0 = 10 scores.
    state = make_state(["5-0 3-2 3-0", "6-6"], layout="5-5 E:5-3")
    assert PLAYERS["greedy"](state.view_for(0), SeededRng(1)) == {
        "type": "play",
        "tile": [3, 0],
        "end": "E",
    }
    # nothing scores: the heaviest tile goes
    state = make_state(["5-1 5-6 3-4", "6-6"], layout="5-5 W:5-2 E:5-0")
    assert PLAYERS["greedy"](state.view_for(0), SeededRng(1))["tile"] == [6, 5]


def test_forced_moves_are_returned_at_once():
    state = make_state(["0-0", "6-6"], layout="5-5 E:5-3", boneyard="1-2")
    for level in PLAYERS:
        assert PLAYERS[level](state.view_for(0), SeededRng(1)) == {"type": "draw"}


def test_strong_takes_a_big_score_and_goes_out():
    """Strong: a play that scores now, with nothing lost by it, is taken."""
    state = make_state(["3-0 6-1", "6-6 4-4 2-2 1-1"], layout="5-5 E:5-3", boneyard="")
    # 3-0 on E scores 10 now; 6-1 nothing. Either way seat 0 then needs the other to go out.
    assert PLAYERS["strong"](state.view_for(0), SeededRng(1), 200)["tile"] == [3, 0]


def test_playouts_of_the_own_side_look_one_reply_ahead():
    """Inside a playout every hand is known: 3-0 scores 10 but hands the
    opponent's 5-0 a 15, so the own side's playout policy plays 3-1 instead,
    where greedy (the other side's policy) takes the 10."""
    state = make_state(["3-0 3-1 6-6", "5-0 4-4 2-2"], layout="5-5 E:5-3", boneyard="")
    s = sim_for_view(state.view_for(0))
    s.hands[1] = [TILE_ID[t] for t in state.hands[1]]
    options = s.ends.plays(s.hands[0])
    assert greedy_pick(s, options) == (TILE_ID[(3, 0)], 1)
    assert reply_aware_pick(s, options) == (TILE_ID[(3, 1)], 1)


def test_strong_takes_the_points_that_win_the_game():
    """At 240 of 250, the one play that scores (3-0 on E: 10) ends the game."""
    state = make_state(
        ["3-0 5-1 5-6 3-4", "6-6 4-4 2-2 1-1 0-0"], layout="5-5 E:5-3", scores=[240, 200]
    )
    for seed in range(3):
        move = PLAYERS["strong"](state.view_for(0), SeededRng(seed), 200)
        assert move == {"type": "play", "tile": [3, 0], "end": "E"}


def test_strong_plays_for_the_team():
    """In partnership games it plays for the team: a partner's points are its own."""
    s = Sim(Ends(), 4, [0, 1, 0, 1], [[], [], [], []], [], [30, 10], 250, 0)
    assert win_chance(s, 0) > 0.5 > win_chance(s, 1)
    assert win_chance(s, 0) + win_chance(s, 1) == pytest.approx(1.0)
    s.winner = 1
    assert (win_chance(s, 0), win_chance(s, 1)) == (0.0, 1.0)


def test_strong_values_the_race_to_250_over_the_margin():
    """End-of-game awareness: 10 points that finish the game beat 30 that don't,
    and near 250 a lead is worth more than the same lead early on."""

    def chance(mine, theirs):
        return win_chance(Sim(Ends(), 2, [0, 1], [[], []], [], [mine, theirs], 250, 0), 0)

    finished = Sim(Ends(), 2, [0, 1], [[], []], [], [250, 240], 250, 0)
    finished.winner = 0
    assert win_chance(finished, 0) == 1.0 > chance(245, 240)
    assert chance(230, 200) > chance(60, 30) > 0.5


def test_knowledge_a_seat_that_drew_lacks_the_open_numbers():
    """A player who drew or passed lacks those numbers (in the tiles held then)."""
    state = make_state(
        ["6-6 2-2 0-1 0-2 4-0 5-0", "1-2 0-0 6-1 6-2 6-4 4-4 1-1"], layout="5-3", current=1
    )
    state.history = [{"type": "play", "seat": 0, "tile": [5, 3], "end": None}]
    for t in ("5-1", "2-4", "6-0"):  # drawn last first: 6-0 and 2-4 miss, 5-1 plays
        state.boneyard.remove(parse(t))
        state.boneyard.append(parse(t))
    while state.legal_moves() == [{"type": "draw"}]:
        state.apply("draw")
    state.apply("5-1@W")
    view = state.view_for(0)
    knowledge = Knowledge(view)
    slots = knowledge.slots[1]
    assert len(slots) == 9
    # the seven tiles held at the first draw and the two drawn misses lack 5 and 3
    assert all(slot.forbidden == {5, 3} for slot in slots)
    rng = SeededRng(6)
    for _ in range(50):
        hands, boneyard = sample_world(knowledge, rng)
        assert len(hands[1]) == 9 and len(boneyard) == view["boneyard"]
        assert not any(HAS[t][5] or HAS[t][3] for t in hands[1])
        assert sorted(hands[0]) == sorted(knowledge.hand)
        assert sorted(hands[1] + boneyard) == sorted(knowledge.unseen)
