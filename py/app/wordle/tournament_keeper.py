"""What keeps a Wordle Tournament on this device, so that its screens only draw it and
forward input and ticks: its clock (the page's, sped up by the tests' speed=N), its save
(with this tab's revision: another tab's newer save stops this one; a full store is told
to the player by the app, and play goes on), the ratings and the group, the finished
tournament kept once for replaying, and each human's result counted once (their rating
and, for this device's player, the statistics). A group across devices is kept here too:
the hosted group's save on the leader's device, and a member's own result on theirs.

The store is the app's (the records: app.wordle.records, registered at start-up); the
clock is anything with now_ms() and today_iso(): app.browser on the page, a stand-in in
the tests.
"""

from typing import Any, Protocol

from games.wordle.tournament import Tournament

from .. import replays, scores
from ..frame.recording import Due, write
from ..midend import fresh_seed
from ..storage import StaleWrite, StorageFull, Store
from . import records as tp
from . import tournament_results as results
from .tournament_results import FRIENDS, GAME, VARIANT

SAVE_EVERY_MS = 1000  # real time between saves while nothing but the clock moves

Json = dict[str, Any]


class Clock(Protocol):
    def now_ms(self) -> float: ...

    def today_iso(self) -> str: ...


class Hosted(Protocol):
    """What the keeper saves of a group hosted here (app.remote.wordle_group's GroupLeader)."""

    def to_json(self) -> Json: ...


def tournament_time(meta: Json, real_ms: float) -> int:
    """The tournament's clock at the page's `real_ms`: started at meta's t0 and running
    meta's speed times faster (the tests' speed=N; 1 otherwise)."""
    start = meta.get("t0", 0)
    return int(start + (real_ms - start) * meta.get("speed", 1))


class TournamentKeeper:
    def __init__(self, store: Store, clock: Clock) -> None:
        self.store, self.clock = store, clock
        # The tournament's clock (t0, speed), the players whose result is counted,
        # its seed, whether the seed came from the address ("known": never counted),
        # whether a group plays it, and the date it was kept for replaying.
        self.meta: Json = {}
        self.rev = 0  # the revision of the saved tournament this tab last read or wrote
        self.saved_at = 0.0
        self.elsewhere = False  # another tab saved this tournament since: this one stops

    # --- time --------------------------------------------------------------------------
    def now(self) -> int:
        return tournament_time(self.meta, self.clock.now_ms())

    def new_lobby(self, speed: int, group: bool, seed: int | None) -> int:
        """A lobby's meta, its clock not started, and its seed: `seed` if given, else a
        fresh one. A seed from the address fixes the words and the bots, so whoever gave
        it may know them: such a tournament never changes a rating or the statistics."""
        known = seed is not None
        chosen = seed if seed is not None else fresh_seed()
        self.meta = {
            "t0": 0,
            "speed": speed,
            "group": group,
            "recorded": [],
            "seed": chosen,
            "known": known,
        }
        return chosen

    def start(self, speed: int) -> None:
        """The tournament starts now; this tab plays it from the save's revision on."""
        self.meta.update({"t0": int(self.clock.now_ms()), "speed": speed, "recorded": []})
        self.take_over()

    def take_over(self) -> None:
        self.rev = self.store.load(tp.TOURNAMENT).rev

    @property
    def counted(self) -> bool:
        return not self.meta.get("known")

    # --- the saved tournament ------------------------------------------------------------
    def saved(self) -> Json | None:
        data: Json | None = self.store.load(tp.TOURNAMENT).data
        return data

    def resume(self, meta: Json) -> None:
        self.meta = dict(meta)

    def discard_bad(self) -> None:
        self.store.reset(tp.TOURNAMENT)

    def save(self, game: Tournament, force: bool = False) -> bool:
        """Save the tournament (at most every SAVE_EVERY_MS unless forced); False when
        another tab saved it since: this tab then stops (`elsewhere`)."""
        real = self.clock.now_ms()
        if not force and real - self.saved_at < SAVE_EVERY_MS:
            return True
        self.saved_at = real
        data = {"state": game.to_json(), "meta": self.meta}
        try:
            self.rev = self.store.save(tp.TOURNAMENT, data, base_rev=self.rev).rev
        except StaleWrite:
            self.elsewhere = True
            return False
        except StorageFull:
            pass  # the app has told the player; play goes on
        return True

    def forget(self, game: Tournament | None, here: bool, group: Json | None) -> None:
        """The tournament is left for another: if everyone of this device is out, the
        bots' last duels are played out first so that it is kept whole for replaying."""
        if game is not None and here and game.humans_done and not game.is_over:
            game.play_out()
            self.keep_replay(game, group)
        if not self.elsewhere:
            self.store.remove(tp.TOURNAMENT)
        self.rev = 0

    # --- replays and results ---------------------------------------------------------------
    def keep_replay(self, game: Tournament, group: Json | None) -> bool:
        """A finished tournament goes to the replays, once (meta's "kept" is its date):
        True when it went now (its save, with that date, is the caller's to make)."""
        if self.elsewhere or game.phase != "over" or "kept" in self.meta:
            return False
        self.meta["kept"] = self.clock.today_iso()
        replays.keep(self.store, tp.REPLAYS, self.replay_entry(game, group))
        return True

    def replay_entry(self, game: Tournament, group: Json | None) -> Json:
        """The finished tournament as app.replays keeps it."""
        return results.replay_entry(game, group is not None, self.meta["kept"])

    def replay_href(self, game: Tournament, group: Json | None) -> str | None:
        return tp.replay_href(self.replay_entry(game, group)) if "kept" in self.meta else None

    def record_humans(self, game: Tournament) -> bool:
        """Ratings and statistics of the humans placed since the last look, once each;
        False when another tab plays the tournament (and records it): this one stops."""
        recorded = self.meta.setdefault("recorded", [])
        placed = [game.players[i] for i in game.humans_placed() if i not in recorded]
        if not placed:
            return True
        if self.store.load(tp.TOURNAMENT).rev > self.rev:
            self.elsewhere = True
            return False
        if not self.counted:
            recorded.extend(p["id"] for p in placed)
            return True
        data = self.ratings()
        date = self.clock.today_iso()
        for p in placed:
            data = results.player_rated(p, date)(data)
            if p["id"] == 0:  # the device's statistics are its leader's
                self.count(VARIANT, p["placement"], results.rating_after(p), date)
            recorded.append(p["id"])
        self.save_ratings(data)
        return self.save(game, force=True)

    def record_leader(self, game: Tournament, leader: int) -> None:
        """The hosting leader's own result, once (each member's is theirs to record)."""
        recorded = self.meta.setdefault("recorded", [])
        if leader in recorded or leader not in game.humans_placed():
            return
        p, date = game.players[leader], self.clock.today_iso()
        self.save_ratings(results.player_rated(p, date)(self.ratings()))
        self.count(FRIENDS, p["placement"], results.rating_after(p), date)
        recorded.append(leader)

    def record_member(self, result: Json, name: str) -> None:
        """A member's result sent by the leader, once even if this page reloaded and
        joined again (the keys of the latest ones recorded are kept)."""
        recorded = tp.remember_recorded(self.store.load(tp.RECORDED).data, result["key"])
        if recorded is None:
            return
        self._write(tp.RECORDED, recorded)
        data = tp.set_my_name(self.ratings(), name)
        change, placement, date = (
            result["rating_change"],
            result["placement"],
            self.clock.today_iso(),
        )
        self.save_ratings(results.rated(name, result["rating"], change, placement, date)(data))
        self.count(FRIENDS, placement, result["rating"], date)

    def count(self, variant: str, placement: int, rating: int, date: str) -> None:
        """One tournament in the device's statistics: its placement and the rating after."""
        write(
            self.store, Due("", stats=(GAME, results.statistics(variant, placement, rating))), date
        )

    def stats(self, variant: str) -> Json | None:
        found: Json | None = scores.stats_for(self.store, GAME).get(variant)
        return found

    # --- ratings and the group -------------------------------------------------------------
    def ratings(self) -> Json:
        data: Json = self.store.load(tp.RATING).data
        return data

    def save_ratings(self, data: Json) -> None:
        self._write(tp.RATING, data)  # if full, the rating holds for this visit

    def device_profile(self, group: Json | None) -> Json:
        """The profile of the device's player: its own, or its group's leader's."""
        data = self.ratings()
        return tp.my_profile(data) if group is None else tp.profile(data, group["members"][0])

    def member_ratings(self, group: Json) -> list[int]:
        data = self.ratings()
        return [tp.profile(data, name)["rating"] for name in group["members"]]

    def saved_group(self) -> Json | None:
        data: Json | None = self.store.load(tp.GROUP).data
        return data

    def save_group(self, group: Json | None) -> None:
        self._write(tp.GROUP, group)

    # --- a group hosted on this device -------------------------------------------------------
    def saved_hosted(self) -> Json | None:
        data: Json | None = self.store.load(tp.HOSTED).data
        return data

    def discard_hosted(self) -> None:
        self.store.reset(tp.HOSTED)

    def save_hosted(self, hosted: Hosted, force: bool = False) -> None:
        """The group as it stands, so that a reload of the leader's page resumes it (16.5)."""
        real = self.clock.now_ms()
        if not force and real - self.saved_at < SAVE_EVERY_MS:
            return
        self.saved_at = real
        self._write(tp.HOSTED, {"group": hosted.to_json(), "meta": self.meta})

    def new_hosted(self, speed: int) -> int:
        """A group hosted here from now: its meta (its clock is set again at the start)
        and its first lobby's seed."""
        seed = fresh_seed()
        start = int(self.clock.now_ms())
        self.meta = {"t0": start, "speed": speed, "recorded": [], "seed": seed, "known": False}
        return seed

    @staticmethod
    def new_seed() -> int:
        return fresh_seed()

    def next_hosted_lobby(self, seed: int) -> None:
        """The hosted group's next lobby: its seed, its clock from now, nobody recorded."""
        self.meta.update({"t0": int(self.clock.now_ms()), "recorded": [], "seed": seed})

    def _write(self, name: str, data: object) -> None:
        try:
            self.store.save(name, data)
        except StorageFull:
            pass  # the app has told the player; the page goes on with what it has
