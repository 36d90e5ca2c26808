"""The Wordle Tournament screen's records: the tournament saved as it goes
(with the tab's revision, so a second tab taking it over stops this one), the
ratings and the group, the results of the humans once placed (their ratings
and, for the device's player, the statistics), and the finished tournament
kept for replaying (app.replays, once: the meta's "kept" is its date).

`TournamentRecords` is a part of TournamentScreen (wordle_tournament), kept in
its own module: it reads the screen's game, meta, mode and group, sets its
rev, saved_at and elsewhere, and stops its clock (`_stop_ticking`) when
another tab took over. The record formats are wordle_tournament_parts'.
"""

from games.wordle.tournament_story import record

from .. import browser, replays, scores
from ..storage import StaleWrite, StorageFull
from . import wordle_tournament_parts as tp

GAME, VARIANT = "wordle", "tournament"
SAVE_EVERY_MS = 1000  # real time between saves while only the bots play


class TournamentRecords:
    def _ratings(self) -> dict:
        return self.store.load(tp.RATING).data

    def _save_ratings(self, data) -> None:
        try:
            self.store.save(tp.RATING, data)
        except StorageFull:
            pass  # the app has told the player; the rating holds for this visit

    def _store_group(self) -> None:
        try:
            self.store.save(tp.GROUP, self.group)
        except StorageFull:
            pass

    def _discard_bad(self) -> None:
        self.store.reset(tp.TOURNAMENT)

    def _save(self, force: bool = False) -> None:
        if self.game is None or self.mode != "game":
            return
        real = browser.now_ms()
        if not force and real - self.saved_at < SAVE_EVERY_MS:
            return
        self.saved_at = real
        try:
            self.rev = self.store.save(
                tp.TOURNAMENT, {"state": self.game.to_json(), "meta": self.meta}, base_rev=self.rev
            ).rev
        except StaleWrite:
            self._stop_ticking()
            self.elsewhere = True
            self.view.refresh()
        except StorageFull:
            pass

    def _forget(self) -> None:
        self._stop_ticking()
        game = self.game
        if self._playing_here() and game.humans_done and not game.is_over:
            game.play_out()  # the bots' last duels, so that the tournament is kept whole
            self._keep_replay()
        if not self.elsewhere:
            self.store.remove(tp.TOURNAMENT)
        self.game, self.rev = None, 0

    def _playing_here(self) -> bool:
        return self.game is not None and self.mode == "game" and not self.elsewhere

    def _keep_replay(self) -> None:
        """A finished tournament goes to the replays, once."""
        if not self._playing_here() or self.game.phase != "over" or "kept" in self.meta:
            return
        self.meta["kept"] = browser.today_iso()
        replays.keep(self.store, tp.REPLAYS, self.replay_entry())
        self._save(force=True)

    def replay_entry(self) -> dict:
        """The finished tournament as app.replays keeps it."""
        return {**record(self.game, group=self.group is not None), "date": self.meta["kept"]}

    def _record_humans(self) -> None:
        """Ratings and statistics of the humans placed since the last look, once each."""
        recorded = self.meta.setdefault("recorded", [])
        placed = [self.game.players[i] for i in self.game.humans_placed() if i not in recorded]
        if not placed:
            return
        if self.store.load(tp.TOURNAMENT).rev > self.rev:  # another tab plays it (and records it)
            self._stop_ticking()
            self.elsewhere = True
            return
        if self.meta.get("known"):  # started from the address's seed: never counted
            recorded.extend(p["id"] for p in placed)
            return
        data = self._ratings()
        date = browser.today_iso()
        for p in placed:
            after = p["rating"] + p["rating_change"]
            data = tp.add_result(data, p["name"], after, p["rating_change"], p["placement"], date)
            if p["id"] == 0:  # the device's statistics are its leader's
                count_tournament(self.store, VARIANT, p["placement"], after, date)
            recorded.append(p["id"])
        self._save_ratings(data)
        self._save(force=True)


def count_tournament(store, variant: str, placement: int, rating: int, date: str) -> None:
    """One tournament in the device's statistics: its placement and the rating after it."""
    try:
        scores.record_result(
            store,
            GAME,
            variant,
            won=placement == 1,
            score=placement,
            higher_is_better=False,
            date=date,
            figures={"rating": rating},
        )
    except StorageFull:
        pass  # the app has told the player
