"""What one seat's device keeps (games.dominoes.private): its moves, and the check of a
finished hand that names the seat whose claim the deal disproves (docs/rules/dominoes.md
11.6). Honest hands pass it: see test_dominoes_public_equivalence."""

import json

import pytest
from games.common.rng import SeededRng
from games.dominoes.private import (
    COULD_PLAY,
    NOT_HELD,
    WRONG_DRAW,
    WRONG_REVEAL,
    PrivateHand,
    describe,
    verify_hand,
)
from games.dominoes.public_game import GAME
from public_fixtures import HonestTable, deal_record, public_state, tiles


def fitting_tiles(public, among):
    ends = public.layout.open_ends()
    return [t for t in among if any(e.value in t for e in ends)]


def test_rule_a_seat_may_play_what_it_holds_and_fits_else_draw_else_pass():
    """Rules 4.1, 4.3 and 5.1 to 5.4, from the seat's own tiles alone."""
    hand = PrivateHand(1, 0, tiles("6-1 3-3 2-0"))
    lead = public_state("-", sizes=(7, 3), current=1)
    assert [m["tile"] for m in hand.legal_plays(lead)] == [[6, 1], [3, 3], [2, 0]]
    state = public_state("6-4", sizes=(6, 3), current=1)
    assert hand.legal_plays(state) == [{"type": "play", "tile": [6, 1], "end": "W"}]
    state = public_state("5-4", sizes=(6, 3), current=1)
    assert hand.legal_plays(state) == [{"type": "draw"}]
    state = public_state("5-4", sizes=(22, 3), current=1, boneyard=0)
    assert hand.legal_plays(state) == [{"type": "pass"}]
    assert hand.legal_plays(public_state("5-4", sizes=(6, 3), current=0)) == []
    view = hand.view_for(state)
    assert view["hand"] == [[6, 1], [3, 3], [2, 0]] and view["seat"] == 1
    assert view["legal_moves"] == [{"type": "pass"}]


def test_rule_a_hand_shows_what_it_holds_even_a_tile_a_cheat_played():
    """Rules 11.5 and 11.6: the tile stays the true holder's, to show; it is not offered."""
    hand = PrivateHand(1, 0, tiles("6-1 3-3 2-0"))
    state = public_state("6-4", sizes=(6, 3), current=0)
    state.apply("6-1@W")  # seat 0 plays seat 1's tile
    assert hand.held(state) == tiles("6-1 3-3 2-0")
    assert hand.playable(state) == tiles("3-3 2-0") and hand.legal_plays(state) == [
        {"type": "draw"}
    ]


def test_a_hand_is_kept_as_json_and_belongs_to_its_hand():
    hand = PrivateHand(2, 3, tiles("6-1 3-3"))
    hand.receive([[3, 3], "5-0"])
    again = PrivateHand.from_json(json.loads(json.dumps(hand.to_json())))
    assert again.received == tiles("6-1 3-3 5-0") == hand.received
    with pytest.raises(ValueError, match="hand 4, not 1"):
        again.held(public_state(sizes=(7, 7, 7)))
    for junk in (None, {}, {"seat": "2", "hand_number": 3, "received": []}):
        with pytest.raises(ValueError):
            PrivateHand.from_json(junk)


def liar_table(seats=2, seed=1) -> HonestTable:
    return HonestTable({"seats": seats}, seed)


def test_a_tile_played_that_the_seat_did_not_hold_is_found_and_only_it_blamed():
    """Rule 11.6: the seat who played a tile it did not hold is named; the seat who held
    it shows it and is not blamed."""
    table = liar_table()

    def can_steal(t):
        public = t.public
        held = t.private[public.current].held(public)
        return not public.layout.is_empty and fitting_tiles(
            public, [x for x in public.unseen() if x not in held]
        )

    assert table.play_until(can_steal)
    liar, public = table.public.current, table.public
    stolen = fitting_tiles(
        public, [x for x in public.unseen() if x not in table.private[liar].held(public)]
    )[0]
    end = next(e.end for e in public.layout.open_ends() if e.value in stolen)
    index = len(public.history)
    table.lie({"type": "play", "tile": list(stolen), "end": end})

    def liar_shows(seat, held):
        return held[: public.hand_sizes[seat]] if seat == liar else None

    table.to_the_check(liar_shows)
    problems = verify_hand(public, public.revealed, table.record)
    assert problems[0] == {"seat": liar, "kind": NOT_HELD, "move": index, "tile": list(stolen)}
    assert {problem["seat"] for problem in problems} == {liar}
    assert describe(problems[0], 0).startswith(f"seat {liar} played the {stolen[0]}-{stolen[1]}")


def test_a_draw_while_holding_a_tile_that_fits_is_found():
    """Rules 5.4 and 11.6."""
    table = liar_table(seed=4)

    def could_play_and_draw(t):
        public = t.public
        return (
            public.boneyard
            and any(m["type"] == "play" for m in t.private[public.current].legal_plays(public))
            and not public.layout.is_empty
        )

    assert table.play_until(could_play_and_draw)
    liar, public = table.public.current, table.public
    fitting = fitting_tiles(public, table.private[liar].held(public))
    index = len(public.history)
    table.lie("draw")
    table.to_the_check()
    problems = verify_hand(public, public.revealed, table.record)
    assert problems[0] == {
        "seat": liar,
        "kind": COULD_PLAY,
        "move": index,
        "tile": list(fitting[0]),
    }
    assert {problem["seat"] for problem in problems} == {liar}


def test_a_pass_while_holding_a_tile_that_fits_is_found():
    """Rules 5.4 and 11.6: four players have no boneyard."""
    table = liar_table(seats=4, seed=2)

    def could_play(t):
        public = t.public
        return not public.layout.is_empty and any(
            m["type"] == "play" for m in t.private[public.current].legal_plays(public)
        )

    assert table.play_until(could_play)
    liar = table.public.current
    table.lie("pass")
    table.to_the_check()
    problems = verify_hand(table.public, table.public.revealed, table.record)
    assert problems[0]["seat"] == liar and problems[0]["kind"] == COULD_PLAY
    assert {problem["seat"] for problem in problems} == {liar}


def test_a_hand_shown_other_than_held_is_found_and_only_its_seat_blamed():
    """Rules 11.5 and 11.6: a seat shows another seat's tile instead of one of its own;
    the other seat shows the same tile, truly."""
    table = HonestTable({"seats": 3}, 6)
    table.to_the_check()
    public = table.public
    assert verify_hand(public, public.revealed, table.record) == []
    liar, holder = [seat for seat, shown in enumerate(public.revealed) if shown][:2]
    hands = [list(map(tuple, shown)) for shown in public.revealed]
    hands[liar][-1] = hands[holder][0]
    problems = verify_hand(public, hands, table.record)
    assert problems == [{"seat": liar, "kind": WRONG_REVEAL, "move": None, "tile": None}]


def test_a_draw_the_deck_did_not_give_is_found():
    """Rule 11.6: the deck's record says which seat asked for each card."""
    table = liar_table(seed=3)
    assert table.play_until(lambda t: any(e["type"] == "draw" for e in t.public.history))
    table.to_the_check()
    public = table.public
    hands, draws = table.deals[0]
    drawers = list(table.drawers)
    first = next(i for i, e in enumerate(public.history) if e["type"] == "draw")
    drawer = public.history[first]["seat"]
    other = 1 - drawer
    problems = verify_hand(
        public, public.revealed, deal_record(hands, draws, [other] + drawers[1:])
    )
    assert problems[0] == {"seat": other, "kind": WRONG_DRAW, "move": first, "tile": None}
    problems = verify_hand(public, public.revealed, deal_record(hands, draws, drawers + [drawer]))
    assert problems[-1] == {"seat": drawer, "kind": WRONG_DRAW, "move": None, "tile": None}


def test_a_computer_plays_from_its_own_seats_view_only():
    """Rule 11.1: a computer's hand is on its device; the public view has none."""
    table = HonestTable({"seats": 3}, 8)
    seat = table.public.current
    view = table.private[seat].view_for(table.public)
    for level in GAME.levels:
        move = GAME.computer[level](view, SeededRng(1), None)
        assert move in view["legal_moves"]
        with pytest.raises(ValueError, match="own seat"):
            GAME.computer[level](table.public.view_for(seat), SeededRng(1), None)
