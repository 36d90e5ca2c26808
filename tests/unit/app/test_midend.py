"""The midend: starting and resuming, seats and turns, undo/redo, computer moves,
saving across tabs and on a full device, recording results once."""

import json

import pytest
from app import saved_games, scores
from app.midend import HUMAN, REMOTE, Midend, computer
from app.storage import MemoryBackend, Store
from games.battleship.game import GAME as BATTLESHIP
from games.common.errors import IllegalMove
from games.deblockle.game import GAME as DEBLOCKLE
from games.dominoes.game import GAME as DOMINOES
from games.marbles.game import GAME as MARBLES


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def new_store(quota=None) -> Store:
    store = Store(MemoryBackend(quota=quota))
    saved_games.register(store, ["deblockle", "dominoes", "battleship", "marbles"])
    return store


def midend(store, game=DEBLOCKLE) -> Midend:
    return Midend(store, game, Clock())


AGAINST_EASY = (HUMAN, computer("easy"))


def started(store=None, game=DEBLOCKLE, options=None, seats=AGAINST_EASY, seed=5):
    m = midend(store or new_store(), game)
    m.start(options if options is not None else {"quick_setup": True}, seed, list(seats))
    return m


def play_until_human(m: Midend) -> None:
    while m.computer_to_move:
        m.play(m.computer_move())


def test_a_saved_game_resumes_with_its_id_seats_and_moves():
    store = new_store()
    m = started(store)
    play_until_human(m)
    m.play(m.state.legal_moves()[0])
    play_until_human(m)
    assert m.save({"view_choice": 3})
    again = midend(store)
    assert again.resume() == {"view_choice": 3}
    assert again.state.to_json() == m.state.to_json()
    assert (again.seed, again.seats, again.moves) == (m.seed, m.seats, m.moves)
    assert again.game_id == DEBLOCKLE.options_to_params({"quick_setup": True})


def play_marbles_to_the_end(m: Midend) -> None:
    while not m.state.is_over:
        m.play(m.state.legal_moves()[0])


def test_the_seed_is_in_the_address_only_once_the_game_is_over_or_when_it_was_known():
    m = midend(new_store(), MARBLES)
    m.start({"version": 5}, 5, [HUMAN])
    assert "seed" not in m.game_id and not m.seed_shown
    play_marbles_to_the_end(m)
    assert m.game_id["seed"] == "5" and m.not_counted_because is None
    known = midend(new_store(), MARBLES)
    known.start({"version": 5}, 5, [HUMAN], known=True)
    assert known.game_id["seed"] == "5"


def test_a_game_from_a_known_seed_is_played_but_never_counted_even_after_a_reload():
    store = new_store()
    m = midend(store, MARBLES)
    m.start({"version": 5}, 5, [HUMAN], known=True)
    assert not m.ranked and m.not_counted_because == "known"
    m.save()
    again = midend(store, MARBLES)
    again.resume()
    assert again.known and not again.ranked and again.not_counted_because == "known"
    play_marbles_to_the_end(again)
    assert again.record_once(lambda: pytest.fail("a known seed's game is not recorded")) is None
    fresh = midend(store, MARBLES)
    fresh.start({"version": 5}, 6, [HUMAN])
    assert fresh.ranked and not fresh.known, "a new game forgets the last one's seed"


def test_a_save_that_says_known_but_ranked_is_not_counted():
    store = new_store()
    m = started(store, seats=(HUMAN, HUMAN))
    m.save()
    saved = json.loads(json.dumps(store.load("saved:deblockle").data))
    saved["meta"]["frame"]["known"] = True  # edited by hand, "ranked" left True
    store.save("saved:deblockle", saved)
    again = midend(store)
    again.resume()
    assert again.known and not again.ranked


def test_fresh_seeds_are_in_range_and_differ():
    from app.midend import fresh_seed
    from games.common.protocol import MAX_SEED

    seeds = {fresh_seed() for _ in range(100)}
    assert len(seeds) == 100 and all(1 <= s < MAX_SEED for s in seeds)


def test_undo_against_the_computer_takes_back_its_reply_and_unranks_the_game():
    m = started()
    play_until_human(m)
    before = m.state.to_json()
    m.play(m.state.legal_moves()[0])
    play_until_human(m)
    assert m.state.to_json() != before
    m.undo()
    assert m.state.to_json() == before and not m.ranked
    assert m.state.current_player is not None and not m.computer_to_move
    m.redo()
    assert not m.can_redo and m.seat_kind(m.state.current_player) == HUMAN
    assert m.record_once(lambda: pytest.fail("an unranked game is not recorded")) is None


def test_undo_between_two_people_takes_back_one_move_and_keeps_the_game_ranked():
    m = started(seats=(HUMAN, HUMAN))
    first = m.state.legal_moves()[0]
    m.play(first)
    m.play(m.state.legal_moves()[0])
    m.undo()
    assert len(m.moves) == 1 and m.ranked
    m.undo()
    assert m.moves == [] and not m.can_undo
    with pytest.raises(IllegalMove) as refused:
        m.undo()
    assert refused.value.key == "frame.nothing_to_undo"


def test_a_new_move_after_undo_forgets_the_redo():
    m = started(seats=(HUMAN, HUMAN))
    m.play(m.state.legal_moves()[0])
    m.undo()
    m.play(m.state.legal_moves()[-1])
    assert not m.can_redo


def test_the_computer_plays_the_same_moves_from_the_same_seed():
    def game_of(seed):
        m = started(
            game=DOMINOES,
            options={"seats": 3, "target": 40},
            seed=seed,
            seats=[computer("medium"), computer("expert"), computer("easy")],
        )
        for _ in range(30):
            if m.state.is_over:
                break
            m.play(m.computer_move())
        return [text for _, text in m.moves]

    assert game_of(11) == game_of(11)
    assert game_of(11) != game_of(12)


def test_a_refused_move_changes_nothing():
    m = started(seats=(HUMAN, HUMAN))
    before = m.state.to_json()
    with pytest.raises(IllegalMove):
        m.play("z9N")
    assert m.state.to_json() == before and m.moves == []


def test_another_tabs_newer_save_is_never_overwritten():
    store = new_store()
    mine = started(store, seats=(HUMAN, HUMAN))
    assert mine.save()
    other = midend(store)
    other.resume()
    other.play(other.state.legal_moves()[0])
    assert other.save()
    mine.play(mine.state.legal_moves()[-1])
    assert mine.save() is False
    taken = midend(store)
    taken.resume()
    assert taken.moves == other.moves


def test_a_full_device_loses_the_save_and_the_record_but_not_the_game():
    store = new_store(quota=10)
    m = started(store, game=BATTLESHIP, options={}, seats=(HUMAN, computer("easy")))
    assert m.save() is True  # not written; the storage layer has told the player
    while not m.state.is_over:
        player = m.state.current_player
        if m.computer_to_move:
            m.play(m.computer_move())
        elif m.state.phase == "placement":
            m.play({"type": "random_fleet", "player": player})
            m.play({"type": "ready", "player": player})
        else:
            m.play(m.state.legal_moves()[0])
    scores.register(store, ["battleship"])
    calls = []

    def record():
        calls.append(1)
        return scores.record_result(store, "battleship", "classic", won=True, score=1)

    assert m.record_once(record) is None and calls == [1]  # refused by the full device
    assert m.record_once(record) is None and calls == [1]  # asked once only
    assert m.recorded and m.state.is_over


def test_a_damaged_frame_resets_that_save_alone():
    store = new_store()
    m = started(store)
    m.save()
    raw = json.loads(store.backend.items["gemau:saved:deblockle"])
    raw["data"]["meta"]["frame"]["seats"] = ["human", "computer:godlike"]
    store.backend.items["gemau:saved:deblockle"] = json.dumps(raw)
    assert midend(store).resume() is None
    assert saved_games.load(store, "deblockle").data is None


def test_a_history_that_does_not_lead_to_the_position_is_dropped_not_the_game():
    store = new_store()
    m = started(store, seats=(HUMAN, HUMAN))
    m.play(m.state.legal_moves()[0])
    m.play(m.state.legal_moves()[0])
    m.save()
    raw = json.loads(store.backend.items["gemau:saved:deblockle"])
    raw["data"]["meta"]["frame"]["moves"] = raw["data"]["meta"]["frame"]["moves"][:1]
    store.backend.items["gemau:saved:deblockle"] = json.dumps(raw)
    again = midend(store)
    assert again.resume() == {}
    assert again.state.to_json() == m.state.to_json() and not again.can_undo


def test_a_save_from_before_the_midend_resumes_from_its_position():
    store = new_store()
    state = DEBLOCKLE.new_game({"quick_setup": True}, 9)
    state.apply(state.legal_moves()[0])
    saved_games.save(store, "deblockle", state.to_json(), {"seed": 9, "opponent": "strong"}, None)
    m = midend(store)
    meta = m.resume(
        lambda state, meta: {
            "options": state.options,
            "seed": meta["seed"],
            "seats": [HUMAN, computer("hard")],
        }
    )
    assert meta == {"seed": 9, "opponent": "strong"}
    assert m.state.to_json() == state.to_json() and m.moves == [] and m.base is not None
    play_until_human(m)
    before = m.state.to_json()
    m.play(m.state.legal_moves()[0])
    play_until_human(m)
    m.undo()
    assert m.state.to_json() == before


# --- a person on another device (app.remote carries the moves) ---------------------------

FRIEND = {"peer": "Bob", "session": {"role": "host"}}


def remote_game(store=None):
    m = midend(store or new_store())
    m.start({"quick_setup": True}, 5, [HUMAN, REMOTE], remote=FRIEND)
    if m.remote_to_move:
        m.play_remote(DEBLOCKLE.format_move(m.state.legal_moves()[0]))
    return m


def test_a_remote_seat_is_its_own_kind_and_its_moves_come_as_notation():
    m = remote_game()
    assert m.is_remote and not m.against_computer and not m.computer_to_move
    assert m.seat_kind(m.state.current_player) == HUMAN and not m.remote_to_move
    m.play(m.state.legal_moves()[0])
    assert m.remote_to_move and m.seat_kind(m.state.current_player) == REMOTE
    text = DEBLOCKLE.format_move(m.state.legal_moves()[-1])
    m.play_remote(text)
    assert m.moves[-1][1] == text and not m.remote_to_move


def test_a_remote_move_is_refused_out_of_turn_illegal_or_malformed_and_changes_nothing():
    m = remote_game()
    legal_now = DEBLOCKLE.format_move(m.state.legal_moves()[0])
    with pytest.raises(IllegalMove) as refused:
        m.play_remote(legal_now)  # the person here is to move, not the other device
    assert refused.value.key == "frame.not_their_turn"
    m.play(m.state.legal_moves()[0])
    before, moves = m.state.to_json(), list(m.moves)
    for junk in ("z9N", "a1N-a1", "", None, 7, "x" * 500, "c5:slider:star"):
        with pytest.raises(IllegalMove):
            m.play_remote(junk)
        assert m.state.to_json() == before and m.moves == moves


def test_there_is_no_undo_or_redo_in_a_remote_game():
    m = remote_game()
    m.play(m.state.legal_moves()[0])
    assert not m.can_undo and not m.can_redo
    with pytest.raises(IllegalMove) as refused:
        m.undo()
    assert refused.value.key == "frame.no_undo_remote"


def test_a_remote_game_saves_and_resumes_with_its_peer():
    store = new_store()
    m = remote_game(store)
    m.play(m.state.legal_moves()[0])
    m.save()
    again = midend(store)
    again.resume()
    assert again.remote == FRIEND and again.seats == [HUMAN, REMOTE] and again.remote_to_move
    assert again.state.to_json() == m.state.to_json() and again.moves == m.moves
    fresh = midend(store)
    fresh.start({"quick_setup": True}, 6, [HUMAN, HUMAN])
    assert fresh.remote is None and not fresh.is_remote


@pytest.mark.parametrize(
    "remote",
    [
        None,
        {"peer": "Bob"},
        {"peer": "", "session": {}},
        {"peer": "x" * 41, "session": {}},
        {"peer": 5, "session": {}},
        {"peer": "Bob", "session": []},
    ],
)
def test_a_remote_seat_needs_a_well_formed_peer_record(remote):
    with pytest.raises(ValueError):
        midend(new_store()).start({"quick_setup": True}, 5, [HUMAN, REMOTE], remote=remote)


def test_a_save_whose_remote_record_is_damaged_resets_alone():
    store = new_store()
    remote_game(store).save()
    raw = json.loads(store.backend.items["gemau:saved:deblockle"])
    raw["data"]["meta"]["frame"]["remote"] = {"peer": ["<b>"], "session": {}}
    store.backend.items["gemau:saved:deblockle"] = json.dumps(raw)
    assert midend(store).resume() is None
    with pytest.raises(ValueError):  # a peer record with no remote seat is damage too
        midend(new_store()).start({"quick_setup": True}, 5, [HUMAN, HUMAN], remote=FRIEND)
