"""Computer players: legal, deterministic, blind to the hidden fleet, and
built from parts that are right (posterior, cover, count sampler, placement)."""

import itertools

import pytest
from battleship_fixtures import BLUE_FLEET, battle, fire, place_fleet, random_ready_game
from games.battleship import new_game
from games.battleship.ai import STRENGTHS, computer_player
from games.battleship.ai.counts import CountPosterior
from games.battleship.ai.cover import essential_squares
from games.battleship.ai.knowledge import Knowledge
from games.battleship.ai.placement import choose_fleet, exposure
from games.battleship.ai.posterior import Sampler, exact_weights, square_probabilities
from games.battleship.ai.salvo import choose_salvo
from games.battleship.fleet import random_fleet
from games.battleship.grid import PLACEMENTS, mask_of, square_index, squares_of
from games.common.rng import SeededRng

TEST_BUDGET = 150_000  # small: these tests check behaviour, not strength


def play(state, strengths, seed, budget=TEST_BUDGET):
    rngs = [SeededRng(seed), SeededRng(seed + 1)]
    while not state.is_over:
        player = state.current_player
        move = computer_player(strengths[player]).choose_move(
            state.view_for(player), rngs[player], budget
        )
        state.apply(move)
    return state


@pytest.mark.parametrize("mode", ["classic", "salvo", "advanced_salvo"])
@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_plays_every_mode_to_the_end(strength, mode):
    """Rule [decided]: against the computer (several strengths)."""
    state = new_game({"mode": mode}, 11)
    for player, who in ((0, strength), (1, "easy")):
        for move in computer_player(who).choose_placement(player, SeededRng(player)):
            state.apply(move)
    assert state.phase == "battle"
    play(state, (strength, "easy"), seed=5)
    assert state.is_over


def test_hard_plays_salvo_to_the_end_when_ships_are_not_named():
    state = new_game({"mode": "salvo", "announce_ship": False}, 12)
    for player in (0, 1):
        state.apply({"type": "random_fleet", "player": player})
        state.apply({"type": "ready", "player": player})
    play(state, ("hard", "easy"), seed=7)
    assert state.is_over


def test_moves_are_deterministic_for_a_seed():
    state = random_ready_game({"mode": "salvo"}, 3)
    fire(state, "A1", "B2", "C3", "D4", "E5")
    view = state.view_for(1)
    for strength in STRENGTHS:
        player = computer_player(strength)
        assert player.choose_move(view, SeededRng(9), TEST_BUDGET) == player.choose_move(
            view, SeededRng(9), TEST_BUDGET
        )


def test_the_computer_sees_only_its_view():
    """Two games whose hidden fleets differ but whose views agree get the same move."""
    games = []
    for other_fleet_seed in (1, 2):
        state = new_game({}, 4)
        place_fleet(state, 0, BLUE_FLEET)
        state.apply({"type": "ready", "player": 0})
        state.fleets[1] = random_fleet(SeededRng(other_fleet_seed))
        state.apply({"type": "ready", "player": 1})
        games.append(state)
    assert games[0].fleets[1] != games[1].fleets[1]
    assert games[0].view_for(0) == games[1].view_for(0)
    for strength in STRENGTHS:
        moves = [
            computer_player(strength).choose_move(g.view_for(0), SeededRng(3), TEST_BUDGET)
            for g in games
        ]
        assert moves[0] == moves[1]


def test_hard_finishes_a_hit_ship_and_never_repeats_a_square():
    state = battle()
    fire(state, "C6")  # red hits blue's cruiser (A6-C6)
    fire(state, "J1")
    hard = computer_player("hard")
    called = {"C6"}
    for _ in range(4):
        move = hard.choose_move(state.view_for(0), SeededRng(1), TEST_BUDGET)
        assert not set(move["squares"]) & called
        called |= set(move["squares"])
        fire(state, *move["squares"])
        if state.sunk[1]:
            break
        fire(state, f"J{len(called) + 1}")
    assert state.sunk[1] == ["cruiser"]


def test_hard_sinks_fleets_in_fewer_shots_than_easy():
    shots = {"easy": 0, "hard": 0}
    for seed in range(3):
        for strength in shots:
            state = random_ready_game({}, seed)
            rng = SeededRng(seed)
            water = list(state.open_squares(1))
            while not state.is_over:
                move = computer_player(strength).choose_move(state.view_for(0), rng, TEST_BUDGET)
                state.apply(move)
                if not state.is_over:
                    state.apply({"type": "fire", "squares": [water.pop()]})
            shots[strength] += state.result["shots"][0]
    assert shots["hard"] < shots["easy"]


def test_a_salvo_goes_after_ships_not_yet_found_before_finishing_a_found_one():
    cruiser = mask_of([square_index(name) for name in ("A1", "A2", "A3")])
    patrol = mask_of([square_index(name) for name in ("F6", "G6")])
    # Nothing called yet: the second shot looks for the other ship, not the cruiser's next square.
    assert choose_salvo([(cruiser, patrol)], 2, 0) == [square_index("A1"), square_index("F6")]
    # The cruiser hit before: its squares are worth a hit each, the patrol boat's a find.
    called = 1 << square_index("A1")
    assert choose_salvo([(cruiser, patrol)], 3, called)[0] == square_index("F6")
    # With every ship found, the salvo finishes them, never calling a square twice.
    assert sorted(choose_salvo([(cruiser,)], 2, called)) == [square_index("A2"), square_index("A3")]


def test_a_salvo_weighs_every_sampled_fleet():
    """A square that finds a ship in most samples comes first; then one that finds
    it in the remaining sample beats a certain second hit on the found ship."""
    found = mask_of([square_index(name) for name in ("B2", "B3")])
    called = 1 << square_index("B2")
    likely = [(found, 1 << square_index("H8") | 1 << square_index("H9")) for _ in range(3)]
    other = [(found, 1 << square_index("D8") | 1 << square_index("D9"))]
    salvo = choose_salvo(likely + other, 2, called)
    assert salvo[0] in (square_index("H8"), square_index("H9"))
    assert salvo[1] in (square_index("D8"), square_index("D9"))


def test_computer_placement_is_legal_and_careful():
    """Rule [decided]: the computer places its own fleet so that it is not easy to find."""
    for seed in range(5):
        state = new_game({}, seed)
        for move in computer_player("hard").choose_placement(1, SeededRng(seed)):
            state.apply(move)
        assert state.ready[1]
    careful = sum(exposure(choose_fleet(SeededRng(s))) for s in range(30))
    uniform = sum(exposure(random_fleet(SeededRng(s))) for s in range(30))
    assert careful < uniform


# ----- the parts ----------------------------------------------------------------


def brute_force_weights(domains):
    counts = [dict.fromkeys(d, 0) for d in domains]
    total = 0
    for fleet in itertools.product(*domains):
        used = 0
        for p in fleet:
            if used & p:
                break
            used |= p
        else:
            total += 1
            for i, p in enumerate(fleet):
                counts[i][p] += 1
    return [{p: c / total for p, c in tally.items() if c} for tally in counts]


def small_domains():
    # Three ships crowded into the top-left 4 x 4 corner.
    corner = mask_of([r * 10 + c for r in range(4) for c in range(4)])
    return [[p for p in PLACEMENTS[length] if p & ~corner == 0] for length in (3, 3, 2)]


def test_exact_weights_match_brute_force():
    domains = small_domains()
    exact = exact_weights(domains, 10**9)
    expected = brute_force_weights(domains)
    for got, want in zip(exact, expected):
        assert set(got) == set(want)
        assert all(abs(got[p] - want[p]) < 1e-12 for p in want)


def test_gibbs_estimate_is_close_to_exact():
    domains = small_domains()
    exact = square_probabilities(exact_weights(domains, 10**9))
    estimate = square_probabilities(Sampler(domains, SeededRng(2)).weights(400_000))
    assert max(abs(a - b) for a, b in zip(exact, estimate)) < 0.03


def test_unnamed_hits_must_be_covered():
    domains = [[p for p in PLACEMENTS[2] if p & ~mask_of(range(4)) == 0]] * 2  # A1-A4
    required = mask_of([0])
    weights = exact_weights(domains, 10**9, required)
    probability = square_probabilities(weights)
    assert probability[0] == pytest.approx(1.0)


def brute_force_cover_drop(placements):
    def matching_size(edges):
        best = 0
        for r in range(len(edges), 0, -1):
            for subset in itertools.combinations(edges, r):
                used = 0
                ok = True
                for e in subset:
                    if used & e:
                        ok = False
                        break
                    used |= e
                if ok:
                    return r
        return best

    base = matching_size(placements)
    squares = set(itertools.chain.from_iterable(squares_of(p) for p in placements))
    return {s for s in squares if matching_size([p for p in placements if not p >> s & 1]) < base}


def test_essential_squares_are_those_that_shrink_the_cover():
    """A square shrinks the two-square ship's cover exactly when every maximum matching uses it."""
    rng = SeededRng(8)
    for _ in range(25):
        region = [i for i in range(30) if rng.random() < 0.55]
        placements = [p for p in PLACEMENTS[2] if all(s in region for s in squares_of(p))]
        if not placements or len(placements) > 14:
            continue
        essential = set(squares_of(essential_squares(placements)))
        assert essential == brute_force_cover_drop(placements)


def test_essential_squares_of_an_open_sea_are_all_of_them_until_one_colour_is_chosen():
    assert (
        essential_squares(PLACEMENTS[2]) == (1 << 100) - 1
    )  # a perfect matching uses every square
    miss = square_index("E5")
    after = essential_squares([p for p in PLACEMENTS[2] if not p >> miss & 1])
    colour = (4 + 4) % 2  # E5 is row 4, column 4: the shots keep to its colour
    for square in range(100):
        if square != miss:
            assert bool(after >> square & 1) == ((square // 10 + square % 10) % 2 == colour)


def advanced_salvo_knowledge(rounds: int) -> Knowledge:
    """Red's knowledge after `rounds` rounds of random salvos in a seeded Advanced Salvo game."""
    state = random_ready_game({"mode": "advanced_salvo"}, 21)
    rng = SeededRng(4)
    for _ in range(rounds):
        fire(state, *rng_salvo(state, 0, rng))
        fire(state, *rng_salvo(state, 1, rng))
    return Knowledge(state.view_for(0))


def test_count_sampler_fleets_agree_with_every_count():
    knowledge = advanced_salvo_knowledge(6)
    probability, fleets = CountPosterior(knowledge, SeededRng(5)).estimate(400_000)
    assert len(fleets) > 5
    for fleet in fleets:
        assert fleet.bit_count() == 17
        for salvo, hits in knowledge.salvos:
            assert (fleet & salvo).bit_count() == hits
    for salvo, hits in knowledge.salvos:
        assert sum(probability[i] for i in squares_of(salvo)) == pytest.approx(hits)


def rng_salvo(state, player, rng):
    squares = state.open_squares(player)
    rng.shuffle(squares)
    return squares[: state.shots_allowed(player)]


def test_knowledge_reads_sink_counts_from_the_other_salvo_sizes():
    state = battle(mode="advanced_salvo")
    fire(state, "A2", "B2", "J1", "J2", "J3")  # sinks blue's patrol boat
    fire(state, "J1", "J2", "J3", "J4")
    knowledge = Knowledge(state.view_for(0))
    assert knowledge.sunk_counts == {1: 1}
    assert knowledge.salvos[0][1] == 2
    assert Knowledge(state.view_for(1)).sunk_counts == {0: 0}
    assert square_index("J1") in squares_of(Knowledge(state.view_for(1)).misses)


def test_count_sampler_falls_back_on_a_walk_that_never_moved():
    # find_fleet kept only fleets a walk moved to: when the search found none and no
    # proposal ever fitted, it returned (None, None) and estimate raised TypeError.
    posterior = CountPosterior(advanced_salvo_knowledge(3), SeededRng(5))
    posterior.search_fleet = lambda budget: None
    posterior._propose = lambda fleet: None
    fleet, energy = posterior.find_fleet(10_000)
    assert len(fleet) == 5 and energy == posterior.energy(fleet)
    probability, fleets = posterior.estimate(10_000)
    assert len(probability) == 100 and fleets
