"""Battleship between two devices (games.battleship.public): turns, the answers refused at
once because no fleet could give them, and every lie the check names once the fleets are
shown (docs/rules/battleship.md 12). Hand-built fleets: Red's ships lie along rows A, C,
E, G, I; Blue's stand down columns 10, 8, 6, 4, 2 (battleship_fixtures)."""

import pytest
from battleship_fixtures import BLUE_FLEET, BLUE_SQUARES, RED_FLEET
from battleship_public_fixtures import Duel, MovedShips, SealedWords, seeded_bytes
from games.battleship.private import PrivateFleet
from games.battleship.public import new_game
from games.battleship.public_check import describe
from games.common.errors import IllegalMove
from games.common.rng import SeededRng

BLUE_ALL = [square for squares in BLUE_SQUARES.values() for square in squares]
RED_WATER = [f"{row}{col}" for row in "BDFHJ" for col in range(1, 11)]


def options(mode="classic", announce_ship=True) -> dict:
    return {"mode": mode, "announce_ship": announce_ship}


def fleets(opts: dict, red=RED_FLEET, blue=BLUE_FLEET) -> list[PrivateFleet]:
    return [
        PrivateFleet(seat, opts, ships=ships, random_bytes=seeded_bytes(SeededRng(seat)))
        for seat, ships in enumerate((red, blue))
    ]


def battle(mode="classic", announce_ship=True):
    opts = options(mode, announce_ship)
    red, blue = fleets(opts)
    public = new_game(opts)
    public.apply(red.seal())
    public.apply(blue.seal())
    return public, red, blue


def refused(public, move, key: str) -> None:
    before = public.to_json()
    with pytest.raises(IllegalMove) as refusal:
        public.apply(move)
    assert refusal.value.key == key
    assert public.to_json() == before


def answer(player: int, *words: str) -> str:
    return " ".join([str(player), "answer", *words])


# --- turns ------------------------------------------------------------------------------


def test_rule_ready_seals_red_first_then_blue():
    """Rules 12.2 and 3.8: the commitment is the move; blue's waits for red's."""
    opts = options()
    red, blue = fleets(opts)
    public = new_game(opts)
    assert (public.phase, public.current_player) == ("placement", 0)
    refused(public, blue.seal(), "battleship.not_your_turn")
    refused(public, "0 ready " + "A" * 64, "battleship.unknown_move")
    refused(public, "fire A1", "battleship.not_started")
    assert public.apply(red.seal()) == [{"type": "ready", "player": 0}]
    assert public.current_player == 1
    events = public.apply(blue.seal())
    assert events[-1] == {"type": "battle_started", "first": 0}
    assert (public.phase, public.current_player) == ("battle", 0)
    refused(public, red.seal(), "battleship.fleet_locked")
    assert public.commitments == [red.commitment, blue.commitment]


def test_rule_the_target_answers_then_fires():
    """Rules 4.1, 4.3 and 12.3: shooter, the target's answer, then the target fires."""
    public, red, blue = battle()
    refused(public, answer(1, "A1:miss"), "battleship.not_your_turn")
    refused(public, answer(0, "A1:miss"), "battleship.nothing_to_answer")
    assert public.apply("fire A10") == [{"type": "fired", "player": 0, "squares": ["A10"]}]
    assert public.current_player == 1 and public.pending["squares"] == ["A10"]
    refused(public, "fire B1", "battleship.answer_due")
    refused(public, answer(0, "A10:miss"), "battleship.not_your_turn")
    honest = blue.due_move(public)
    assert honest == blue.answer(public)
    assert public.apply(honest)[0] == {
        "type": "shots",
        "player": 0,
        "shots": [{"square": "A10", "result": "hit", "ship": "carrier"}],
        "hits": 1,
        "sunk": [],
    }
    assert public.current_player == 1 and public.pending is None
    assert blue.due_move(public) is None  # blue chooses its shot itself
    refused(public, "fire A10 B10", "battleship.wrong_shot_count")
    refused(public, "fire K1", "battleship.bad_square")
    public.apply("fire B1")
    public.apply(red.answer(public))
    refused(public, "fire A10", "battleship.already_called")


def test_rule_a_salvo_has_one_shot_per_ship_its_shooter_has_not_answered_sunk():
    """Rules 7.1 and 12.3 (Salvo)."""
    public, red, blue = battle("salvo")
    assert public.salvo_sizes(0) == (5, 5)
    refused(public, "fire A2 B2 A3 A4", "battleship.wrong_shot_count")
    refused(public, "fire A2 A2 A3 A4 A5", "battleship.repeated_in_salvo")
    public.apply("fire A1 B1 C1 D1 E1")
    public.apply(blue.answer(public))
    public.apply("fire I1 I2 J1 J2 J3")  # blue sinks red's patrol
    events = public.apply(red.answer(public))
    assert events[0]["sunk"] == ["patrol"] and public.sunk[0] == ["patrol"]
    assert public.salvo_sizes(0) == (4, 4) == (red.shots_allowed(public),) * 2


def test_rule_an_advanced_salvo_size_is_a_claim_within_what_the_hits_allow():
    """Rules 8.2, 12.3 and 12.4: no sinking is told, so the size is checked at the end;
    one no fleet could have is refused at once."""
    public, red, blue = battle("advanced_salvo")
    assert public.salvo_sizes(0) == (5, 5)
    public.apply("fire A1 B1 C1 D1 E1")
    assert blue.answer(public) == {"type": "answer", "player": 1, "hits": 0}
    public.apply(blue.answer(public))
    public.apply("fire I1 I2 J1 J2 J3")
    public.apply(red.answer(public))  # 2 hits: red's patrol may be sunk
    assert public.salvo_sizes(0) == (4, 5)
    refused(public, "fire F1 F2 F3", "battleship.impossible_salvo")
    public.apply("fire F1 F2 F3 F4")
    public.apply(blue.answer(public))
    public.apply("fire J4 J5 J6 J7 J8")
    public.apply(red.answer(public))
    assert public.salvo_sizes(0) == (4, 4)  # never more than the salvo before
    refused(public, "fire F5 F6 F7 F8 F9", "battleship.wrong_shot_count")


# --- answers no fleet could give ----------------------------------------------------------


def fired(mode="classic", announce_ship=True, squares=("A10",)):
    public, red, blue = battle(mode, announce_ship)
    public.apply("fire " + " ".join(squares))
    return public, red, blue


@pytest.mark.parametrize(
    "announce_ship, text",
    [
        (True, "A9:miss"),  # another square
        (True, "A10:hit"),  # a hit not naming its ship
        (True, "A10:miss:carrier"),  # a miss naming one
        (False, "A10:hit:carrier"),  # a ship named when hits are not
        (True, "A10:hit:carrier sunk:carrier"),  # sunk with fewer hits than its length
        (False, "A10:hit sunk:patrol"),
        (True, "A10:miss sunk:patrol"),
        (True, "A10:hit:carrier A10:miss"),
        (True, "A10:bang"),
    ],
)
def test_rule_an_answer_no_fleet_could_give_is_refused_at_once(announce_ship, text):
    """Rule 12.4."""
    public, _, _ = fired(announce_ship=announce_ship)
    key = "battleship.unknown_move" if text == "A10:bang" else "battleship.impossible_answer"
    refused(public, answer(1, text), key)


def play_answers(public, red, shots_and_answers):
    """Red fires each square and blue answers as written; blue's shots miss red."""
    water = iter(RED_WATER)
    for square, text in shots_and_answers:
        public.apply(f"fire {square}")
        public.apply(answer(1, text))
        public.apply(f"fire {next(water)}")
        public.apply(red.answer(public))


def test_rule_sinkings_are_refused_when_impossible_on_their_face():
    """Rule 12.4: twice, out of fleet order, more than the volley hit, a hit on a ship
    sunk; with hits named, a ship whose every square was hit but not said sunk."""
    public, red, _ = battle()
    play_answers(public, red, [("A2", "A2:hit:patrol")])
    public.apply("fire B2")
    refused(public, answer(1, "B2:hit:patrol"), "battleship.impossible_answer")  # no sunk
    public.apply(answer(1, "B2:hit:patrol sunk:patrol"))
    public.apply("fire D1")
    public.apply(red.answer(public))
    public.apply("fire C2")
    refused(public, answer(1, "C2:hit:patrol"), "battleship.impossible_answer")  # sunk ship
    refused(public, answer(1, "C2:hit:carrier sunk:patrol"), "battleship.impossible_answer")

    public, red, _ = battle("salvo", announce_ship=False)
    public.apply("fire A2 B2 A4 B4 C4")
    refused(
        public,
        answer(1, "A2:hit B2:hit A4:hit B4:hit C4:hit sunk:patrol sunk:submarine"),
        "battleship.impossible_answer",
    )
    refused(
        public,
        answer(1, "A2:hit B2:hit A4:miss B4:miss C4:miss sunk:patrol sunk:patrol"),
        "battleship.impossible_answer",
    )
    refused(
        public,
        answer(1, "A2:hit B2:miss A4:miss B4:miss C4:miss sunk:patrol"),
        "battleship.impossible_answer",
    )
    public.apply(answer(1, "A2:hit B2:hit A4:hit B4:hit C4:hit sunk:submarine"))  # may be true
    public.apply("fire B1 B3 B5 B7")  # four: blue answered its submarine sunk
    public.apply(red.answer(public))
    public.apply("fire A1 B1 C1 D1 E1")
    refused(
        public,
        answer(1, "A1:miss B1:miss C1:miss D1:miss E1:miss sunk:patrol"),
        "battleship.impossible_answer",
    )


def answered_salvo(public, hits: int, *sunk: str) -> str:
    """Blue's answer to the pending salvo: its first `hits` squares hit, ships sunk."""
    squares = public.pending["squares"]
    results = [f"{s}:{'hit' if i < hits else 'miss'}" for i, s in enumerate(squares)]
    return answer(1, *results, *(f"sunk:{ship}" for ship in sunk))


def salvo_rounds(public, red, water, blue_answers) -> None:
    """Red fires at blue's open squares; blue answers as given; blue fires at red's water."""
    for hits, sunk in blue_answers:
        public.apply("fire " + " ".join(public.open_squares(0)[: public.salvo_sizes(0)[0]]))
        public.apply(answered_salvo(public, hits, *sunk))
        public.apply("fire " + " ".join(next(water) for _ in range(public.salvo_sizes(1)[0])))
        public.apply(red.answer(public))


def test_rule_the_seventeenth_hit_sinks_the_last_ship_and_a_fleet_has_17_squares():
    """Rules 6.3 and 12.4 (hits not named: only the count says it)."""
    public, red, _ = battle("salvo", announce_ship=False)
    water = iter(RED_WATER)
    public.apply("fire A1 A2 A3 A4 A5")
    refused(public, answered_salvo(public, 5, "carrier", "patrol"), "battleship.impossible_answer")
    public.apply(answered_salvo(public, 5, "carrier"))
    public.apply("fire " + " ".join(next(water) for _ in range(4)))
    public.apply(red.answer(public))
    salvo_rounds(public, red, water, [(5, ["battleship"]), (5, ["cruiser"])])
    assert public.hits[1] == 15 and public.salvo_sizes(0) == (5, 5)
    public.apply("fire " + " ".join(public.open_squares(0)[:5]))
    refused(
        public, answered_salvo(public, 3, "submarine", "patrol"), "battleship.impossible_answer"
    )  # 18
    refused(public, answered_salvo(public, 2), "battleship.impossible_answer")  # nothing sunk
    refused(public, answered_salvo(public, 2, "patrol"), "battleship.impossible_answer")
    public.apply(answered_salvo(public, 2, "submarine", "patrol"))
    assert (public.phase, public.decided, public.current_player) == ("reveal", 0, 1)


def test_rule_a_fleet_cannot_answer_more_than_83_misses():
    """Rule 12.4: the squares left would all be ships, and the game could never end."""
    public, red, _ = battle("salvo", announce_ship=False)
    water = iter(RED_WATER)
    sinkings = [(5, ["carrier"]), (4, ["battleship"]), (3, ["cruiser"])]
    salvo_rounds(public, red, water, sinkings + [(0, [])] * 16)
    assert public.called[0].bit_count() == 95 and public.hits[1] == 12  # 83 misses
    public.apply("fire " + " ".join(public.open_squares(0)))
    refused(public, answered_salvo(public, 0), "battleship.impossible_answer")
    refused(
        public, answered_salvo(public, 4, "submarine", "patrol"), "battleship.impossible_answer"
    )
    public.apply(answered_salvo(public, 5, "submarine", "patrol"))
    assert public.decided == 0


def test_rule_advanced_salvo_answers_only_how_many_hit():
    """Rules 8.1 and 12.3."""
    public, _, blue = fired("advanced_salvo", squares=("A10", "B10", "C10", "J1", "J2"))
    assert blue.answer(public) == {"type": "answer", "player": 1, "hits": 3}
    refused(public, answer(1, "hits:6"), "battleship.impossible_answer")
    refused(public, answer(1, "A10:hit B10:hit C10:hit J1:miss J2:miss"), "battleship.unknown_move")
    events = public.apply(answer(1, "hits:3"))
    squares = [{"square": s} for s in ("A10", "B10", "C10", "J1", "J2")]
    assert events == [{"type": "shots", "player": 0, "shots": squares, "hits": 3}]


# --- the end: the fleets shown and checked -----------------------------------------------------


def duel(opts, devices, red_first=BLUE_ALL, sizes=None) -> Duel:
    return Duel(opts, devices, [list(red_first), RED_WATER], sizes)


def test_rule_the_loser_shows_first_then_the_winner_and_only_then_is_it_over():
    """Rules 12.5 and 6.4: an honest game, checked."""
    opts = options()
    game = duel(opts, fleets(opts))
    assert game.play(until=lambda d: d.public.phase == "reveal")
    public = game.public
    assert public.decided == 0 and public.current_player == 1 and not public.is_over
    refused(public, "fire J10", "battleship.reveal_due")
    refused(public, game.devices[0].reveal(), "battleship.not_your_turn")
    assert public.apply(game.devices[1].reveal()) == [{"type": "reveal", "player": 1}]
    assert public.view_for(0)["opponent_fleet"][0]["squares"] == BLUE_SQUARES["carrier"]
    events = public.apply(game.devices[0].reveal())
    assert events[-2:] == [
        {"type": "checked", "cheaters": [], "problems": []},
        {"type": "game_over", "winner": 0},
    ]
    assert public.result == {
        "winner": 0,
        "turns": 33,
        "shots": [17, 16],
        "cheaters": [],
        "problems": [],
    }
    refused(public, "fire J10", "battleship.game_over")


def test_rule_a_fleet_is_shown_only_once_the_battle_is_decided():
    public, red, _ = battle()
    refused(public, red.reveal(), "battleship.reveal_too_soon")


def checked(game: Duel) -> list[dict]:
    game.play()
    assert game.public.is_over
    result = game.public.result
    assert result["winner"] is None and result["cheaters"] == sorted(
        {p["seat"] for p in result["problems"]}
    )
    return result["problems"]


def kinds(problems) -> list[tuple]:
    return [(p["seat"], p["kind"], p["detail"]) for p in problems]


def moved(fleet: dict, **ships) -> dict:
    return {**fleet, **ships}


def test_rule_a_fleet_shown_other_than_the_one_sealed_is_named():
    """Rules 12.5 and 12.6: blue answers as the fleet it shows, not the one it sealed."""
    opts = options()
    red, blue = fleets(opts)
    other = PrivateFleet(1, opts, ships=moved(BLUE_FLEET, patrol=("J9", "h")), salt="0" * 64)
    cheat = MovedShips(blue, other.ships, shown=other.reveal())
    game = duel(opts, [red, cheat], red_first=BLUE_ALL[:-2] + ["J9", "J10"])
    problems = checked(game)
    assert kinds(problems) == [(1, "commitment", None)]
    assert describe(problems[0]) == "seat 1 showed another fleet than the one it sealed"


@pytest.mark.parametrize(
    "change, rule",
    [
        ({"carrier": ["carrier", "A8", "h"]}, "battleship.off_grid"),  # A8-A12
        ({"battleship": ["battleship", "A10", "v"]}, "battleship.overlap"),  # on the carrier
        ({"cruiser": ["patrol", "F1", "h"]}, "battleship.unknown_ship"),  # two patrol boats
        ({"cruiser": ["frigate", "F1", "h"]}, "battleship.unknown_ship"),
        ({"cruiser": ["cruiser", "K1", "h"]}, "battleship.bad_square"),
        ({"cruiser": ["cruiser", "F1", "d"]}, "battleship.bad_orientation"),
    ],
)
def test_rule_a_sealed_fleet_that_breaks_the_placement_rules_is_named(change, rule):
    """Rules 3.2 to 3.4, 12.5 and 12.6: the commitment sealed a fleet no rules allow."""
    opts = options()
    red, blue = fleets(opts)
    triples = {words[0]: words for words in (blue.words[i : i + 3] for i in range(0, 15, 3))}
    words = [word for triple in {**triples, **change}.values() for word in triple]
    cheat = MovedShips(SealedWords(1, words), BLUE_FLEET)
    problems = checked(duel(opts, [red, cheat]))
    assert kinds(problems) == [(1, "illegal_fleet", rule)]
    assert rule in describe(problems[0])


def test_rule_a_miss_on_a_ship_and_a_hit_on_water_are_named():
    """Rules 5.2, 12.5 and 12.6: blue moved its patrol boat after Ready (A2-B2 to J9-J10)."""
    opts = options(announce_ship=True)
    red, blue = fleets(opts)
    cheat = MovedShips(blue, moved(BLUE_FLEET, patrol=("J9", "h")))
    problems = checked(
        duel(opts, [red, cheat], red_first=BLUE_ALL[-2:] + BLUE_ALL[:-2] + ["J9", "J10"])
    )
    assert kinds(problems) == [
        (1, "false_miss", "A2"),
        (1, "false_miss", "B2"),
        (1, "missing_sunk", "patrol"),
        (1, "false_hit", "J9"),
        (1, "false_hit", "J10"),
    ]
    assert [p["turn"] for p in problems] == [0, 2, 2, 34, 36]
    assert describe(problems[0]) == "seat 1 answered a miss at A2, where it has a ship (turn 1)"
    assert describe(problems[3]) == "seat 1 answered a hit at J9, where it has no ship (turn 35)"


@pytest.mark.parametrize("announce_ship", [False, True])
def test_rule_a_false_sinking_and_a_missing_one_are_named(announce_ship):
    """Rules 6.1, 12.5 and 12.6: blue answers as if its cruiser and submarine (both three
    long) had changed places. With hits named, every hit on them names the other too."""
    opts = options(announce_ship=announce_ship)
    red, blue = fleets(opts)
    swapped = moved(BLUE_FLEET, cruiser=BLUE_FLEET["submarine"], submarine=BLUE_FLEET["cruiser"])
    cheat = MovedShips(blue, swapped)
    problems = checked(duel(opts, [red, cheat]))
    sinkings = [(1, "false_sunk", "submarine"), (1, "missing_sunk", "cruiser")]
    named = [(1, "wrong_ship", s) for s in BLUE_SQUARES["cruiser"] + BLUE_SQUARES["submarine"]]
    assert sorted(kinds(problems)) == sorted(sinkings + (named if announce_ship else []))
    turn = 2 * (BLUE_ALL.index(BLUE_SQUARES["cruiser"][-1]))  # red's volleys are the even ones
    assert {p["turn"] for p in problems if "sunk" in p["kind"]} == {turn}
    missing = next(p for p in problems if p["kind"] == "missing_sunk")
    assert describe(missing) == f"seat 1 did not answer that its cruiser was sunk (turn {turn + 1})"


def test_rule_advanced_salvo_a_wrong_count_of_hits_is_named():
    """Rules 8.1 and 12.5."""
    opts = options("advanced_salvo")
    red, blue = fleets(opts)
    cheat = MovedShips(blue, moved(BLUE_FLEET, patrol=("J9", "h")))
    red_first = BLUE_ALL[-2:] + BLUE_ALL[:-2] + ["J9", "J10"]  # A2 B2 A10 B10 C10 first
    problems = checked(duel(opts, [red, cheat], red_first=red_first))
    assert kinds(problems)[0] == (1, "wrong_hits", None) and problems[0]["turn"] == 0
    # Its patrol boat was sunk at once, so its salvos of five were one shot too many.
    assert {p["kind"] for p in problems} == {"wrong_hits", "wrong_salvo"}
    assert {p["seat"] for p in problems} == {1}


def test_rule_advanced_salvo_a_salvo_bigger_than_the_ships_afloat_is_named():
    """Rules 7.1, 8.2 and 12.5: red keeps firing five shots after losing its patrol boat."""
    opts = options("advanced_salvo")
    red, blue = fleets(opts)
    game = Duel(
        opts,
        [red, blue],
        [BLUE_ALL, ["I1", "I2"] + RED_WATER],
        sizes=[lambda public: min(5, len(public.open_squares(0))), None],
    )
    problems = checked(game)
    assert problems and {p["kind"] for p in problems} == {"wrong_salvo"}
    assert {p["seat"] for p in problems} == {0} and problems[0]["turn"] == 2


def test_rule_a_fleet_not_shown_leaves_the_game_waiting_unfinished():
    """Rule 12.7: the loser's device does not show its fleet: the game waits for it,
    nobody has won, and the winner's fleet stays hidden."""
    opts = options()
    red, blue = fleets(opts)
    silent = MovedShips(blue, BLUE_FLEET)
    silent.due_move = lambda public: (
        None if public.phase == "reveal" else PrivateFleet.due_move(silent, public)
    )
    game = duel(opts, [red, silent])
    assert not game.play()
    public = game.public
    assert (public.phase, public.current_player, public.is_over, public.result) == (
        "reveal",
        1,
        False,
        None,
    )
    assert public.legal_moves() == []
    view = red.view_for(public)
    assert (view["phase"], view["decided"], view["winner"], view["revealed"]) == (
        "reveal",
        0,
        None,
        [False, False],
    )
    assert view["opponent_fleet"] is None and public.view_for(1)["opponent_fleet"] is None
    refused(public, red.reveal(), "battleship.not_your_turn")
