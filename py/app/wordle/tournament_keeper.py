"""What keeps a Wordle Tournament group across devices on this device, so that its pages
only draw it and forward input and ticks: its clock (the page's, sped up by the tests'
speed=N), the hosted group's save on the leader's device (a full store is told to the player
by the app, and play goes on), the ratings, the finished tournament kept once for
replaying, the leader's own result and a member's own result on theirs (their rating and
the statistics). The Tournament on one device is the one game view's: its save is the
frame's, its results app.wordle.tournament_results' through app.frame.recording.

The store is the app's (the records: app.wordle.records, registered at start-up); the
clock is anything with now_ms() and today_iso(): app.browser on the page, a stand-in in
the tests.
"""

from typing import Any, Protocol

from games.wordle.tournament import Tournament

from .. import replays, scores
from ..frame.recording import Due, write
from ..midend import fresh_seed
from ..storage import StorageFull, Store
from . import records as tp
from . import tournament_results as results
from .tournament_results import FRIENDS, GAME

SAVE_EVERY_MS = 1000  # real time between saves while nothing but the clock moves

Json = dict[str, Any]


class Clock(Protocol):
    def now_ms(self) -> float: ...

    def today_iso(self) -> str: ...


class Hosted(Protocol):
    """What the keeper saves of a group hosted here (app.tournament.group_hosting's
    Hosting: its group, app.remote.wordle_group_saved)."""

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
        # its seed, whether the seed is known (never counted), and the date it was kept
        # for replaying.
        self.meta: Json = {}
        self.saved_at = 0.0

    # --- time --------------------------------------------------------------------------
    def now(self) -> int:
        return tournament_time(self.meta, self.clock.now_ms())

    @property
    def counted(self) -> bool:
        return not self.meta.get("known")

    def resume(self, meta: Json) -> None:
        """The hosted group's meta, as saved (a reload of the leader's page)."""
        self.meta = dict(meta)

    # --- replays and results ---------------------------------------------------------------
    def keep_replay(self, game: Tournament, group: Json | None) -> bool:
        """A finished tournament goes to the replays, once (meta's "kept" is its date):
        True when it went now (its save, with that date, is the caller's to make)."""
        if game.phase != "over" or "kept" in self.meta:
            return False
        self.meta["kept"] = self.clock.today_iso()
        replays.keep(self.store, tp.REPLAYS, self.replay_entry(game, group))
        return True

    def replay_entry(self, game: Tournament, group: Json | None) -> Json:
        """The finished tournament as app.replays keeps it."""
        return results.replay_entry(game, group is not None, self.meta["kept"])

    def replay_href(self, game: Tournament, group: Json | None) -> str | None:
        return tp.replay_href(self.replay_entry(game, group)) if "kept" in self.meta else None

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

    def device_profile(self) -> Json:
        """The profile of the device's player."""
        return tp.my_profile(self.ratings())

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
