"""Finding an opponent (app.peer.lobby): who proposes, who agrees, pairing by the nearest
rating, and what a stranger or a relay that replays, delays or mangles messages can and
cannot do. The signing and NIP-44 encryption are the page's (static/js), not tested here."""

import json
import random

import pytest
from app.peer import lobby, room
from app.peer.lobby import Match, Seeker

T0 = 1_796_000_000_000
VARIANT = "battleship/salvo"
KEYS = [digit * 64 for digit in "123456789abcdef"]  # in the order of their hex


class Lobby:
    """Seekers of one lobby, as the relays and the page would carry their messages: what is
    in the clear to every seeker (its own sender too), what has a `to` to that key alone,
    told private; each message after a delay (none, or a random one up to `latency`)."""

    def __init__(self, latency: float = 0.0, seed: int = 0) -> None:
        self.ms: float = T0
        self.seekers: dict[str, Seeker] = {}
        self.queue: list[tuple[float, int, str, str, str | None]] = []
        self.sent: list[tuple[str, dict, str | None]] = []  # (sender, message, to)
        self.latency = latency
        self.random = random.Random(seed)
        self.count = 0

    def join(self, nick: str, rating: int, key: str | None = None, **kw) -> Seeker:
        seeker = Seeker(key or room.new_key(), kw.pop("variant", VARIANT), nick, rating, self.ms)
        self.seekers[seeker.me] = seeker
        return seeker

    def post(self, sender: str, outgoing: list[lobby.Outgoing]) -> None:
        for out in outgoing:
            assert out.to is None or out.message["t"] in (lobby.MATCH, lobby.AGREE)
            self.sent.append((sender, out.message, out.to))
            delay = self.random.uniform(0, self.latency) if self.latency else 0.0
            self.count += 1
            self.queue.append((self.ms + delay, self.count, out.text, sender, out.to))

    def deliver(self) -> None:
        while ready := sorted(item for item in self.queue if item[0] <= self.ms):
            item = ready[0]
            self.queue.remove(item)
            _, _, text, sender, to = item
            if to is None:
                for seeker in list(self.seekers.values()):
                    self.post(seeker.me, seeker.receive(text, sender, self.ms))
            elif to in self.seekers:
                self.post(to, self.seekers[to].receive(text, sender, self.ms, private=True))

    def tick(self, order: list[Seeker] | None = None) -> None:
        self.deliver()
        for seeker in order or list(self.seekers.values()):
            self.post(seeker.me, seeker.due(self.ms))
            self.deliver()

    def run(self, ms: float, step: float = 100, order: list[Seeker] | None = None) -> None:
        end = self.ms + ms
        while self.ms < end:
            self.ms += step
            self.tick(order)

    def said(self, kind: str, sender: str | None = None) -> list[dict]:
        return [m for s, m, _ in self.sent if m["t"] == kind and sender in (None, s)]


def paired(a: Seeker, b: Seeker) -> bool:
    """a and b are matched with each other, in one room, one hosting it."""
    if a.matched is None or b.matched is None:
        return False
    host, guest = (a, b) if a.matched.hosting else (b, a)
    return (
        a.matched.secret == b.matched.secret
        and host.matched
        == Match(a.matched.secret, True, host.me, guest.me, guest.nick, guest.rating)
        and guest.matched
        == Match(a.matched.secret, False, host.me, host.me, host.nick, host.rating)
    )


def consistent(place: Lobby) -> None:
    """Every seeker matched is matched with a seeker matched with it, in the same room."""
    for seeker in place.seekers.values():
        if seeker.matched is not None:
            assert paired(seeker, place.seekers[seeker.matched.peer])


def text(**fields) -> str:
    """A seek from a stranger, with these fields changed (None: left out)."""
    message = {"v": 1, "t": "seek", "g": VARIANT, "n": "Eve", "r": 1300, "at": T0}
    message = {**message, "id": room.new_id(), **fields}
    return json.dumps({name: value for name, value in message.items() if value is not None})


# --- what a seeker says -----------------------------------------------------------------------
def test_a_seeker_announces_itself_at_once_then_every_five_seconds():
    seeker = Seeker(KEYS[0], VARIANT, "  Ann ", 1200, T0)
    assert seeker.next_due_ms(T0) == 0
    (out,) = seeker.due(T0)
    assert out.to is None
    message = json.loads(out.text)
    assert set(message) == {"v", "t", "g", "n", "r", "at", "id"}
    assert message["v"] == 1 and message["t"] == "seek" and message["g"] == VARIANT
    assert message["n"] == "Ann" and message["r"] == 1200 and message["at"] == T0
    assert room.NONCE.fullmatch(message["id"])
    assert seeker.due(T0 + 4_999) == []
    assert seeker.next_due_ms(T0 + 4_999) == 1
    (again,) = seeker.due(T0 + lobby.SEEK_EVERY_MS)
    assert again.message["t"] == "seek" and again.message["id"] != message["id"]


def test_a_lobby_is_named_by_its_variant_and_a_seeker_by_its_key():
    for variant in ("battleship/salvo", "deblockle/standard", "dominoes/2", "wordle-duel/cy/5"):
        Seeker(KEYS[0], variant, "Ann", 1200, T0)
    for variant in ("Battleship", "a" * 41, "", "wordle duel", "x<y", 5):
        with pytest.raises(ValueError):
            Seeker(KEYS[0], variant, "Ann", 1200, T0)
    for bad in ({"me": "A" * 64}, {"me": "ab"}, {"nick": ""}, {"nick": "\x00"}):
        with pytest.raises(ValueError):
            Seeker(
                **{"me": KEYS[0], "variant": VARIANT, "nick": "Ann", "rating": 1, **bad}, now_ms=T0
            )
    assert Seeker(KEYS[0], VARIANT, "Ann", 9999, T0).rating == lobby.MAX_RATING


# --- pairing ------------------------------------------------------------------------------
def test_two_seekers_match_once_the_smaller_key_hosting_both_in_the_same_room():
    place = Lobby()
    ann = place.join("Ann", 1200, KEYS[0])
    bryn = place.join("Bryn", 1250, KEYS[1])
    place.tick()
    place.run(10_000)
    assert paired(ann, bryn)
    assert ann.matched is not None and ann.matched.hosting and ann.matched.peer_rating == 1250
    assert bryn.matched is not None and not bryn.matched.hosting and bryn.matched.host == ann.me
    assert room.is_secret(ann.matched.secret)
    (match,) = place.said("match")
    (agree,) = place.said("agree")
    assert match["room"] == agree["room"] == ann.matched.secret
    assert [to for _, m, to in place.sent if m["t"] in ("match", "agree")] == [bryn.me, ann.me]
    # each says `gone` once, and nothing more
    for seeker in (ann, bryn):
        said = [m["t"] for s, m, _ in place.sent if s == seeker.me]
        assert said[-1] == "gone" and said.count("gone") == 1
        assert seeker.done and seeker.due(place.ms) == [] and seeker.next_due_ms(place.ms) is None


def test_the_waiter_agrees_once_the_window_for_offers_is_over():
    place = Lobby()
    ann = place.join("Ann", 1200, KEYS[0])
    bryn = place.join("Bryn", 1250, KEYS[1])
    place.tick()
    place.run(100)
    assert ann.proposal is not None and bryn.offers and bryn.matched is None
    assert bryn.next_due_ms(place.ms) == lobby.AGREE_WINDOW_MS
    place.run(lobby.AGREE_WINDOW_MS - 100)
    assert bryn.matched is None
    place.run(100)
    assert paired(ann, bryn)


@pytest.mark.parametrize("first", [0, 1])
def test_a_seeker_who_comes_later_is_heard_at_once_and_matched(first: int):
    place = Lobby()
    early = place.join("Early", 1200, KEYS[first])
    place.tick()
    place.run(3_000)
    late = place.join("Late", 1200, KEYS[1 - first])
    place.run(200)  # the smaller key hears the larger at once (told by a seek in answer)
    proposer = early if first == 0 else late
    assert proposer.proposal is not None
    place.run(lobby.AGREE_WINDOW_MS + 200)
    assert paired(early, late)


def test_three_seekers_the_nearest_ratings_pair_and_the_third_goes_on_seeking():
    place = Lobby()
    low = place.join("Low", 1000, KEYS[0])
    high = place.join("High", 1500, KEYS[1])
    near = place.join("Near", 1010, KEYS[2])
    place.tick()
    place.run(10_000)
    assert paired(low, near)
    assert high.matched is None and not high.done and high.seekers == {}
    assert high.proposal is None  # its proposal to Near lapsed once Near said `gone`
    late = place.join("Late", 1400, KEYS[3])
    place.run(3_000)
    assert paired(high, late)
    consistent(place)


def test_four_seekers_pair_by_the_nearest_rating():
    place = Lobby()
    seekers = [
        place.join(nick, rating, key)
        for nick, rating, key in zip(
            ("A", "B", "C", "D"), (1000, 1600, 1050, 1650), KEYS, strict=False
        )
    ]
    place.tick()
    place.run(10_000)
    a, b, c, d = seekers
    assert paired(a, c) and paired(b, d)
    assert len(place.said("agree")) == 2


def test_ties_go_to_the_seeker_heard_first_then_the_smaller_key():
    ann = Seeker(KEYS[0], VARIANT, "Ann", 1200, T0)
    ann.due(T0)
    ann.receive(text(r=1300), KEYS[2], T0 + 10)  # as near as the next, heard first
    ann.receive(text(r=1100), KEYS[1], T0 + 20)
    (match,) = ann.due(T0 + 30)
    assert match.to == KEYS[2] and match.message["t"] == "match"
    other = Seeker(KEYS[0], VARIANT, "Ann", 1200, T0)
    other.due(T0)
    for key in (KEYS[2], KEYS[1]):  # heard in the same millisecond: the smaller key
        other.receive(text(r=1250), key, T0 + 10)
    (match,) = other.due(T0 + 30)
    assert match.to == KEYS[1]


def test_a_seeker_proposing_and_proposed_to_is_in_one_pairing_at_most():
    """B proposes to C, and A to B: B agrees to nothing while its own proposal waits. C
    agrees with B; A's proposal lapses soon after B says `gone`; one agreement in all."""
    place = Lobby()
    a = place.join("A", 1000, KEYS[0])
    b = place.join("B", 1100, KEYS[1])
    c = place.join("C", 1200, KEYS[2])
    place.tick()
    place.run(100, order=[b, a, c])  # B proposes first
    assert a.proposal is not None and a.proposal.to == b.me
    assert b.proposal is not None and b.proposal.to == c.me and a.me in b.offers
    place.run(6_000, order=[b, a, c])
    assert paired(b, c) and a.matched is None and not a.done
    assert len(place.said("agree")) == 1
    assert a.proposal is None and b.me not in a.seekers
    consistent(place)


def test_a_late_agree_is_ignored_once_matched():
    place = Lobby()
    ann = place.join("Ann", 1200, KEYS[0])
    bryn = place.join("Bryn", 1210, KEYS[1])
    place.tick()
    place.run(3_000)
    assert paired(ann, bryn)
    before = ann.matched
    forged = {"v": 1, "t": "agree", "g": VARIANT, "room": room.new_secret(), "at": int(place.ms)}
    for sender in (KEYS[2], bryn.me):
        late = json.dumps({**forged, "id": room.new_id()})
        assert ann.receive(late, sender, place.ms, private=True) == []
    assert ann.matched == before


def test_a_candidate_that_never_agrees_is_passed_over_after_the_wait():
    place = Lobby()
    ann = place.join("Ann", 1200, KEYS[0])
    bryn = place.join("Bryn", 1300, KEYS[2])
    place.tick()
    silent = KEYS[1]  # seeks, nearest to Ann, and never answers
    for at in range(0, 20_000, lobby.SEEK_EVERY_MS):
        place.queue.append((T0 + at, 0, text(n="Silent", r=1210, at=T0 + at), silent, None))

    def proposals() -> list[tuple[int, str | None]]:
        return [(m["at"], to) for _, m, to in place.sent if m["t"] == "match"]

    place.run(100)
    assert proposals() == [(T0 + 100, silent)]
    place.run(lobby.MATCH_WAIT_MS - 100)
    assert len(proposals()) == 1
    place.run(100)
    assert [to for _, to in proposals()] == [silent, bryn.me]
    assert proposals()[1][0] == T0 + 100 + lobby.MATCH_WAIT_MS
    place.run(lobby.AGREE_WINDOW_MS + 100)
    assert paired(ann, bryn)


def test_a_candidate_passed_over_is_tried_again_after_thirty_seconds():
    ann = Seeker(KEYS[0], VARIANT, "Ann", 1200, T0)
    ann.due(T0)
    ms = T0
    proposed_at = []
    while ms < T0 + 45_000:
        if (ms - T0) % lobby.SEEK_EVERY_MS == 0:
            ann.receive(text(n="Silent", at=int(ms)), KEYS[1], ms)
        proposed_at += [ms - T0 for out in ann.due(ms) if out.message["t"] == "match"]
        ms += 100
    wait, retry = lobby.MATCH_WAIT_MS, lobby.RETRY_AFTER_MS
    assert proposed_at == [0, wait + retry]


def test_both_roles_racing_never_pair_a_seeker_twice_or_alone():
    """Seekers coming and going at random, messages delayed at random (under a second, as
    relays carry them), each seeker's timer in a random order: every seeker matched is
    matched with one matched with it, and all but one at most are matched."""
    for seed in range(20):
        rng = random.Random(seed)
        place = Lobby(latency=800, seed=seed)
        count = rng.choice((5, 6, 7, 8))
        joins = sorted(rng.uniform(0, 8_000) for _ in range(count))
        ratings = [rng.randint(900, 1700) for _ in range(count)]
        while place.ms < T0 + 120_000:
            while joins and place.ms - T0 >= joins[0]:
                joins.pop(0)
                place.join(f"P{len(place.seekers)}", ratings[len(place.seekers)])
            order = list(place.seekers.values())
            rng.shuffle(order)
            place.ms += 100
            place.tick(order)
        consistent(place)
        unmatched = [s for s in place.seekers.values() if s.matched is None]
        assert len(unmatched) == count % 2, seed
        for seeker in place.seekers.values():
            agreed = place.said("agree", seeker.me)
            assert len(agreed) <= 1 and (not agreed or not seeker.matched.hosting)


# --- cancelling and forgetting ----------------------------------------------------------
def test_cancel_says_gone_and_the_others_forget_the_seeker():
    place = Lobby()
    ann = place.join("Ann", 1200, KEYS[1])
    bryn = place.join("Bryn", 1200, KEYS[0], variant="battleship/classic")
    eve = place.join("Eve", 1200, KEYS[2])  # hears Ann (its timer is not run here)
    place.post(ann.me, ann.due(place.ms))
    place.deliver()
    assert ann.me in eve.seekers and bryn.seekers == {}  # (another variant's lobby)
    (gone,) = ann.cancel()
    assert gone.to is None and gone.message["t"] == "gone" and ann.done
    assert ann.cancel() == [] and ann.due(place.ms + 10_000) == []
    place.post(ann.me, [gone])
    place.deliver()
    assert eve.seekers == {}
    eve.receive(text(at=int(place.ms)), ann.me, place.ms)  # its search is over: not heard
    assert eve.seekers == {}


def test_a_seeker_not_heard_for_fifteen_seconds_is_forgotten():
    ann = Seeker(KEYS[1], VARIANT, "Ann", 1200, T0)
    ann.receive(text(), KEYS[0], T0)
    assert set(ann.seekers) == {KEYS[0]}
    ann.due(T0 + lobby.SEEK_STALE_MS - 1)
    assert set(ann.seekers) == {KEYS[0]}
    ann.receive(text(at=T0 + 10_000), KEYS[0], T0 + 10_000)  # heard again
    ann.due(T0 + lobby.SEEK_STALE_MS + 1)
    assert set(ann.seekers) == {KEYS[0]}
    ann.due(T0 + 10_000 + lobby.SEEK_STALE_MS)
    assert ann.seekers == {}


# --- what a stranger or a relay can do ---------------------------------------------------
def state(seeker: Seeker) -> tuple:
    return (
        dict(seeker.seekers),
        dict(seeker.offers),
        seeker.proposal,
        seeker.matched,
        seeker.done,
    )


def test_stale_forged_oversized_and_garbage_messages_change_nothing():
    ann = Seeker(KEYS[1], VARIANT, "Ann", 1200, T0)
    ann.due(T0)
    before = state(ann)
    secret = room.new_secret()
    match = {"t": "match", "room": secret}
    garbage = [
        None,
        12,
        b"{}",
        {"v": 1},
        "",
        "not json",
        "[]",
        "1",
        "null",
        '"seek"',
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 200 + "1" + "}" * 200,
        '{"v":1,"t":"seek","x":{"y":1}}',
        text(x="a" * 2_000),  # too long
        text(v=2),
        text(v=None),
        text(t="hello"),
        text(t=None),
        text(at=T0 - lobby.STALE_MS - 1),  # stale
        text(at=T0 + lobby.STALE_MS + 1),  # from the future
        text(at=float(T0)),
        text(at=str(T0)),
        text(at=None),
        text(id="short"),
        text(id=12),
        text(id=None),
        text(g="<script>"),
        text(g=None),
        text(n=""),
        text(n=None),
        text(n=12),
        text(n="\x1b[31m"),
        text(n="Eve\x00"),
        text(n="E" * 25),
        text(r="1200"),
        text(r=1200.5),
        text(r=True),
        text(r=None),
        text(r=10**50),
        text(r=1e300),
        text().replace('"r": 1300', '"r": NaN'),
        text().replace('"n": "Eve"', '"n": "Eve", "n": "Mallory"'),  # a key twice
        text().replace('"Eve"', '"\\ud800"'),  # a lone surrogate
        text(t="match", room="not a secret"),
        text(t="match", room=None),
        text(t="agree", room=secret, n=None, r=None),  # in the clear: private kinds only
        text(**match),  # in the clear: private kinds only
    ]
    for message in garbage:
        assert ann.receive(message, KEYS[0], T0) == []
    assert ann.refused == len(garbage)
    assert state(ann) == before
    # a sender that is not a key, private seeks and gones, this seeker's own messages
    for sender in (None, 1, "ab", "A" * 64, KEYS[0] + "0", KEYS[0].encode()):
        assert ann.receive(text(), sender, T0) == []
    assert ann.receive(text(), KEYS[0], T0, private=True) == []
    assert ann.receive(text(t="gone", n=None, r=None), KEYS[0], T0, private=True) == []
    assert ann.receive(text(), ann.me, T0) == []
    assert ann.receive(text(g="deblockle/standard"), KEYS[0], T0) == []  # another lobby
    # a match from a larger key (the smaller proposes), an agree to no proposal
    assert ann.receive(text(**match), KEYS[2], T0, private=True) == []
    agree = text(t="agree", room=secret, n=None, r=None)
    assert ann.receive(agree, KEYS[0], T0, private=True) == []
    assert state(ann) == before
    assert ann.due(T0 + 100) == [] and ann.matched is None
    # and a good seek is still heard
    ann.receive(text(), KEYS[0], T0)
    assert ann.seekers[KEYS[0]].nick == "Eve"


def test_a_message_replayed_is_taken_once():
    ann = Seeker(KEYS[1], VARIANT, "Ann", 1200, T0)
    ann.due(T0)
    seek = text(at=T0)
    ann.receive(seek, KEYS[0], T0)
    ann.receive(seek, KEYS[0], T0 + 14_000)  # a relay sends it again: not heard again
    ann.due(T0 + lobby.SEEK_STALE_MS)
    assert ann.seekers == {}
    # nor does a replayed match, once agreed to, open a second room
    match = text(t="match", room=room.new_secret(), at=T0 + 20_000)
    ann.receive(match, KEYS[0], T0 + 20_000, private=True)
    outgoing = ann.due(T0 + 20_000 + lobby.AGREE_WINDOW_MS)
    assert [out.message["t"] for out in outgoing] == ["agree", "gone"]
    assert ann.receive(match, KEYS[0], T0 + 22_000, private=True) == []
    assert ann.due(T0 + 25_000) == []


def test_the_memory_of_nonces_and_seekers_is_bounded():
    ann = Seeker(KEYS[0], VARIANT, "Ann", 1200, T0)
    for _ in range(lobby.MAX_SEEKERS + 50):
        ann.receive(text(), room.new_key(), T0)
    assert len(ann.seekers) == lobby.MAX_SEEKERS
    assert len(ann.seen) <= lobby.MAX_SEEN
    bryn = Seeker("f" * 64, VARIANT, "Bryn", 1200, T0)
    for _ in range(lobby.MAX_OFFERS + 10):
        bryn.receive(text(t="match", room=room.new_secret()), room.new_key(), T0, private=True)
    assert len(bryn.offers) == lobby.MAX_OFFERS


def test_a_strangers_nick_is_cleaned_and_shown_as_text():
    ann = Seeker(KEYS[1], VARIANT, "Ann", 1200, T0)
    ann.receive(text(n="  <b>Eve</b>\n\t the\u00a0great "), KEYS[0], T0)
    # one line, its spaces one each: markup stays text, which the views escape
    assert ann.seekers[KEYS[0]].nick == "<b>Eve</b> the great"
    ann.receive(text(n="Mallory\u202e"), KEYS[2], T0)  # a control character: refused
    assert KEYS[2] not in ann.seekers
    ann.receive(text(t="match", room=room.new_secret(), n=" <i>Eve</i> "), KEYS[0], T0, True)
    ann.due(T0 + lobby.AGREE_WINDOW_MS)
    assert ann.matched is not None and ann.matched.peer_nick == "<i>Eve</i>"


def test_a_self_reported_rating_is_clamped():
    ann = Seeker(KEYS[1], VARIANT, "Ann", 1200, T0)
    ann.receive(text(r=99_999), KEYS[0], T0)
    ann.receive(text(r=-5), KEYS[2], T0)
    assert ann.seekers[KEYS[0]].rating == lobby.MAX_RATING == 3000
    assert ann.seekers[KEYS[2]].rating == lobby.MIN_RATING == 100
    ann.receive(text(t="match", room=room.new_secret(), r=10**30), KEYS[0], T0, private=True)
    ann.due(T0 + lobby.AGREE_WINDOW_MS)
    assert ann.matched is not None and ann.matched.peer_rating == lobby.MAX_RATING
    assert Seeker(KEYS[0], VARIANT, "Ann", -1, T0).rating == lobby.MIN_RATING
