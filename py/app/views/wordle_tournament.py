"""The Wordle Tournament page (#/wordle?mode=tournament): the lobby, the group
screen, the rounds (pairing introduction, your duel, everyone's lives and the
other duels live in a side panel), being out, and the final standings.

The rules live in games.wordle.tournament; this screen feeds it the page's
clock (Date.now, sped up by the test-only `speed=N`), turns keys into
guesses, reads what happened from the engine's event log (announcements,
ratings, statistics) and saves the tournament as it goes, so a reload within
60 seconds resumes it. Hiding or leaving the page is a lost connection.

Test-only address options: `speed=N` (1-100) runs the clock N times faster,
`seed=N` fixes the lobby (and so the whole tournament, given the same play).
"""

import random

from games.common.errors import BadState, IllegalMove
from games.common.rng import SeededRng
from games.wordle.letters import LANGUAGES
from games.wordle.nicknames import MAX_LENGTH, make_nickname
from games.wordle.tournament import SEATS, Tournament, new_lobby

from .. import browser, router, scores, wordle_words
from ..html import h, join
from ..storage import StaleWrite, StorageFull
from . import wordle_parts as parts
from . import wordle_tournament_parts as tp

GAME, VARIANT = "wordle", "tournament"
TICK_MS = 200
SAVE_EVERY_MS = 1000  # real time between saves while only the bots play
MAX_SEED = (1 << 53) - 1


class TournamentScreen:
    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.t = view.t
        self.store = view.app.store
        tp.register(self.store)
        params = view.route.params
        self.speed = _speed(params)
        self.seed_param = _seed(params)
        self.lang = view.prefs["lang"]
        self.words = None
        self.game: Tournament | None = None
        self.meta: dict = {}
        self.mode = "loading"  # loading | lobby | group | game
        self.group = None  # {"lang", "members"} when playing as a group
        self.message, self.message_is_error, self.shake = "", False, False
        self.loading_error = ""
        self.confirm_leave = False
        self.watching = None  # the index of the duel watched, or None
        self.focus = None  # the index of the humans' duel on screen
        self.out_seen = False  # the "you are out" panel was answered ("watch on")
        self.typing, self.typing_key = None, None
        self.seen = 0  # events of the log already handled
        self.ticker = None
        self.saved_at = 0.0
        self.rev = 0  # the revision of the saved tournament this tab last read or wrote
        self.elsewhere = False  # another tab saved this tournament since: this one stops

        saved = self.store.load(tp.TOURNAMENT).data
        invited = tp.group_from_param(params["group"]) if "group" in params else None
        if saved is not None:
            self._open_saved(saved)
        elif invited is not None:
            self._open_group(invited)
        else:
            if "group" in params:
                self._say(self.t("wt.bad_link"), error=True)
            self._open_lobby()

    # --- time -------------------------------------------------------------------------
    def now(self) -> int:
        start = self.meta.get("t0", 0)
        return int(start + (browser.now_ms() - start) * self.meta.get("speed", 1))

    # --- opening ------------------------------------------------------------------------
    def _ratings(self) -> dict:
        return self.store.load(tp.RATING).data

    def _save_ratings(self, data) -> None:
        try:
            self.store.save(tp.RATING, data)
        except StorageFull:
            pass  # the app has told the player; the rating holds for this visit

    def _load_words(self, lang: str, ready) -> None:
        self.loading_error = ""
        self.lang = lang

        def failed(reason):
            self.loading_error = self.t("wordle.load_failed", reason=reason)
            self.view.refresh()

        def got(words):
            if words.lang == self.lang:
                self.words = words
                ready()

        self.words = None
        wordle_words.load(lang, got, failed)

    def _open_lobby(self, lang=None) -> None:
        """A new lobby: you (or the group) and bots rated within 200 of the leader."""
        self.mode = "loading"
        self.game, self.watching, self.focus, self.out_seen = None, None, None, False
        lang = lang or (self.group["lang"] if self.group else self.lang)
        self._load_words(lang, self._lobby_ready)

    def _lobby_ready(self) -> None:
        seed = self.seed_param if self.seed_param is not None else random.randrange(MAX_SEED)
        data = self._ratings()
        if self.group is not None:
            humans = [
                {"name": name, "rating": tp.profile(data, name)["rating"]}
                for name in self.group["members"]
            ]
        else:
            me = tp.my_profile(data)
            humans = [{"name": me["name"], "rating": me["rating"]}]
        self.game = new_lobby(self.words, humans, seed)
        if self.group is None and tp.my_profile(data)["name"] is None:
            self._save_ratings(tp.set_my_name(data, self.game.players[0]["name"]))
        self.meta = {
            "t0": 0,
            "speed": self.speed,
            "group": self.group is not None,
            "recorded": [],
            "seed": seed,
        }
        self.mode = "lobby"
        self.view.refresh()

    def _open_group(self, group: dict) -> None:
        self.group = group
        self._store_group()
        self.game, self.mode = None, "group"
        self.lang = group["lang"]

    def _store_group(self) -> None:
        try:
            self.store.save(tp.GROUP, self.group)
        except StorageFull:
            pass

    def _new_group(self) -> dict:
        saved = self.store.load(tp.GROUP).data
        if saved is not None:
            return saved
        data = self._ratings()
        name = tp.my_profile(data)["name"]
        if name is None:
            name = make_nickname(SeededRng(random.randrange(MAX_SEED)))
            self._save_ratings(tp.set_my_name(data, name))
        return {"lang": self.lang, "members": [name]}

    def _open_saved(self, saved: dict) -> None:
        state, meta = saved["state"], saved["meta"]
        lang = state.get("lang")
        if lang not in LANGUAGES:
            self._discard_bad()
            self._open_lobby()
            return
        self.meta = dict(meta)
        if self.meta.get("group"):
            self.group = self.store.load(tp.GROUP).data
        self.mode = "loading"
        self._load_words(lang, lambda: self._saved_ready(state))

    def _saved_ready(self, state) -> None:
        try:
            game = Tournament.from_json(state, self.words)
        except BadState:
            self._discard_bad()
            self._say(self.t("wt.save_lost"), error=True)
            self._open_lobby()
            return
        self.game, self.mode = game, "game"
        self.rev = self.store.load(tp.TOURNAMENT).rev
        self.seen = len(game.log)
        game.resume(self.now())
        self._catch_up(announce_all=False)
        self._save(force=True)
        self._start_ticking()
        self.view.refresh()

    def _discard_bad(self) -> None:
        self.store.reset(tp.TOURNAMENT)

    # --- saving ----------------------------------------------------------------------------
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
        if not self.elsewhere:
            self.store.remove(tp.TOURNAMENT)
        self.game, self.rev = None, 0

    # --- the clock ------------------------------------------------------------------------
    def _start_ticking(self) -> None:
        if self.ticker is None and self.game is not None and not self.game.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)

    def _stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def tick(self) -> None:
        if self.game is None or self.mode != "game" or self.elsewhere:
            return
        self.game.advance(self.now())
        if len(self.game.log) > self.seen:
            self._after_change()
        else:
            self._update_clocks()

    def _after_change(self, force_save: bool = False) -> None:
        full = self._catch_up()
        self._save(force=force_save or full)
        if self.game.is_over:
            self._stop_ticking()
        if full:
            self.view.refresh()
        else:
            self._refresh_side()

    # --- what happened ----------------------------------------------------------------------
    def _catch_up(self, announce_all: bool = True) -> bool:
        """Handle the new events of the log: announcements, ratings. True when
        the main part of the screen changed (else only the side panel did)."""
        game = self.game
        events = game.events_since(self.seen)
        self.seen = len(game.log)
        said, full = [], False
        humans = self._human_ids()
        shown = {self.focus, self.watching} - {None}
        for e in events:
            kind = e["type"]
            if kind in ("guess", "skip"):
                if e["duel"] in shown:
                    full = True
                match = game.rounds[e["round"] - 1]["matches"][e["duel"]]
                if set(match["players"]) & humans:
                    full = True
                    duel = match["duel"]
                    if (
                        e["round"] == game.round_number
                        and not duel.is_over
                        and game.players[match["players"][duel.turn]]["human"]
                    ):
                        self.watching = None  # a human is to play: back to that duel
                    row = {"seat": e["seat"], "guess": e.get("word"), "marks": e.get("marks")}
                    number = (
                        1
                        + sum(
                            1
                            for x in events[: events.index(e)]
                            if x["type"] in ("guess", "skip")
                            and x["round"] == e["round"]
                            and x["duel"] == e["duel"]
                        )
                        + self._rows_before(match, events, e)
                    )
                    said.append(
                        parts.row_summary(self.t, self.words, row, self._name(e["player"]), number)
                    )
                continue
            full = True
            if kind == "round":
                self.watching, self.focus, self.message, self.shake = None, None, "", False
                said.append(self._round_text(e))
            elif kind == "play":
                if self._humans_in():
                    self.watching = None
                said.append(self.t("wt.said_play", round=e["round"]))
            elif kind == "duel_over" and set(e["players"]) & humans:
                said.append(self._duel_result_text(e))
            elif kind in ("eliminated", "winner"):
                if e["player"] in humans or announce_all:
                    said.append(self._placed_text(e))
            elif kind == "over":
                said.append(self.t("wt.said_over"))
        self._record_humans()
        if said and announce_all:
            self.app.announce(" ".join(said))
        elif said:
            self.app.announce(said[-1])
        return full

    def _record_humans(self) -> None:
        """Ratings and statistics of the humans placed since the last look, once each."""
        recorded = self.meta.setdefault("recorded", [])
        placed = [
            p
            for p in self.game.players
            if p["human"] and p["placement"] is not None and p["id"] not in recorded
        ]
        if not placed:
            return
        if self.store.load(tp.TOURNAMENT).rev > self.rev:  # another tab plays it (and records it)
            self._stop_ticking()
            self.elsewhere = True
            return
        data = self._ratings()
        date = browser.today_iso()
        for p in placed:
            data = tp.add_result(
                data,
                p["name"],
                p["rating"] + p["rating_change"],
                p["rating_change"],
                p["placement"],
                date,
            )
            if p["id"] == 0:  # the device's statistics are its leader's
                try:
                    scores.record_result(
                        self.store,
                        GAME,
                        VARIANT,
                        won=p["placement"] == 1,
                        score=p["placement"],
                        higher_is_better=False,
                        date=date,
                        figures={"rating": p["rating"] + p["rating_change"]},
                    )
                except StorageFull:
                    pass
            recorded.append(p["id"])
        self._save_ratings(data)
        self._save(force=True)

    # --- helpers on the tournament ---------------------------------------------------------
    def _human_ids(self) -> set:
        return {p["id"] for p in self.game.players if p["human"]} if self.game else set()

    @staticmethod
    def _rows_before(match, events, e) -> int:
        """Rows of the duel played before this batch of events."""
        in_batch = sum(
            1
            for x in events
            if x["type"] in ("guess", "skip")
            and x["round"] == e["round"]
            and x["duel"] == e["duel"]
        )
        return len(match["duel"].rows) - in_batch

    def _name(self, pid) -> str:
        if self._is_you(pid):
            return self.t("wordle.you")
        return self.game.players[pid]["name"]

    def _is_you(self, pid) -> bool:
        """Alone at the device, player 0 is "you" (a group is named by nicknames)."""
        return self.group is None and pid == 0 and self.game.players[0]["human"]

    def _humans_in(self) -> list:
        return [p for p in self.game.players if p["human"] and p["placement"] is None]

    def _round_text(self, e) -> str:
        humans = self._human_ids()
        lines = [self.t("wt.said_round", round=e["round"])]
        for pair, length in zip(e["pairs"], e["lengths"]):
            if set(pair) & humans:
                lines.append(
                    self.t(
                        "wt.said_pair", a=self._name(pair[0]), b=self._name(pair[1]), length=length
                    )
                )
        if e["bye"] is not None and e["bye"] in humans:
            lines.append(
                self.t(
                    "wt.said_you_bye" if self._is_you(e["bye"]) else "wt.said_bye",
                    name=self._name(e["bye"]),
                )
            )
        return " ".join(lines)

    def _duel_result_text(self, e) -> str:
        word = self.words.display(e["word"]).upper()
        if e["draw"]:
            return self.t(
                "wt.said_draw",
                a=self._name(e["players"][0]),
                b=self._name(e["players"][1]),
                word=word,
            )
        return self.t("wt.said_won", name=self._name(e["winner"]), word=word)

    def _placed_text(self, e) -> str:
        name = self._name(e["player"])
        params = {
            "name": name,
            "placement": e["placement"],
            "change": tp.signed(e["rating_change"]),
            "rating": e["rating"],
        }
        mine = "_you" if self._is_you(e["player"]) else ""
        if e["type"] == "winner":
            return self.t(f"wt.said{mine}_winner", **params)
        return self.t(f"wt.said{mine}_out", **params)

    def _choose_focus(self, view) -> None:
        """The humans' duel on screen: the one where a human is to play (the
        least time left first); else the one shown before; else any."""
        humans = self._human_ids()
        mine = [d for d in view["duels"] if set(d["players"]) & humans]
        playable = [d for d in mine if d["result"] is None and self._to_play(d) is not None]
        indexes = [d["index"] for d in playable]
        if self.focus in indexes:
            return
        if playable:
            self.focus = min(playable, key=lambda d: (d["time_left"], d["index"]))["index"]
        elif self.focus not in [d["index"] for d in mine]:
            self.focus = mine[0]["index"] if mine else None

    def _to_play(self, duel_view):
        """The human (id) whose turn it is in this duel, if one may play now."""
        if (
            self.game.phase != "playing"
            or duel_view["result"] is not None
            or duel_view["turn"] is None
        ):
            return None
        pid = duel_view["players"][duel_view["turn"]]
        player = self.game.players[pid]
        if not player["human"] or player["placement"] is not None or player["lost_at"] is not None:
            return None
        return pid

    def _current_view(self):
        now = self.now()
        self.game.advance(now)
        pid = 0 if self.game.players[0]["human"] else None
        view = self.game.view(pid, now)
        self._choose_focus(view)
        return view

    def _focus_typing(self, view):
        """(pid, duel view) of the human to type now, with self.typing ready for them."""
        if self.focus is None or self.focus >= len(view["duels"]):
            return None
        duel = view["duels"][self.focus]
        pid = self._to_play(duel)
        if pid is None:
            return None
        key = (view["round"], self.focus, pid, len(duel["rows"]))
        if self.typing is None or self.typing_key[:3] != key[:3]:
            self.typing = parts.Typing(self.game.lang, duel["length"])
        if (
            self.typing_key is not None
            and self.typing_key != key
            and self.typing_key[:3] == key[:3]
        ):
            self.typing.clear()  # a row was added (a skip): start afresh
        self.typing_key = key
        return pid, duel

    # --- keys and actions ------------------------------------------------------------------
    def key(self, key: str) -> None:
        if self.mode != "game" or self.game is None:
            return
        view = self._current_view()
        target = self._focus_typing(view)
        if target is None:
            return
        if self.watching is not None:
            self.watching = None  # typing while it is your turn takes you back to your duel
        if key == "enter":
            self._submit(*target)
            return
        if key == "back":
            self.typing.back()
        elif not self.typing.add(key):
            return
        self.message, self.shake = "", False
        self.view.refresh()

    def _submit(self, pid, duel) -> None:
        now = self.now()
        try:
            self.game.guess(pid, self.typing.text, now)
        except IllegalMove as refused:
            self._say(self.t(refused.key, **refused.params), error=True)
            self.shake = True
            self._catch_up()
            self.app.announce(self.message)
            self._save()
            self.view.refresh()
            return
        self.typing.clear()
        self.message, self.shake = "", False
        self._after_change(force_save=True)

    def _say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    def on_action(self, action: str, data: dict, event) -> None:
        handler = ACTIONS.get(action)
        if handler is not None:
            handler(self, data)

    def _act_key(self, data) -> None:
        self.key(data.get("key", ""))

    def _act_lang(self, data) -> None:
        lang = data.get("value")
        if lang not in LANGUAGES:
            return
        if self.mode == "group":
            self.group = {**self.group, "lang": lang}
            self._store_group()
            self.lang = lang
            self.view.refresh()
        elif self.mode == "lobby":
            self.view.set_prefs(lang=lang)
            if self.group is not None:
                self.group = {**self.group, "lang": lang}
                self._store_group()
            self._open_lobby(lang)
            self.view.refresh()

    def _act_rename(self, data) -> None:
        if self.mode != "lobby" or self.game is None or self.group is not None:
            return
        name = data.get("value")
        if name is None:
            node = self._find("#wt-name")
            name = str(node.value) if node is not None else ""
        if name.strip() == self.game.players[0]["name"]:
            return
        try:
            self.game.rename(0, name)
        except IllegalMove as refused:
            self._say(self.t(refused.key, **refused.params), error=True)
            self.view.refresh()
            return
        self._save_ratings(tp.set_my_name(self._ratings(), self.game.players[0]["name"]))
        self._say(self.t("wt.renamed", name=self.game.players[0]["name"]))
        self.app.announce(self.message)
        self.view.refresh()

    def _act_start(self, _data) -> None:
        if self.mode != "lobby" or self.game is None or self.game.phase != "lobby":
            return
        self.meta = {**self.meta, "t0": int(browser.now_ms()), "speed": self.speed, "recorded": []}
        self.game.start(self.now())
        self.mode, self.seen, self.message = "game", 0, ""
        self.rev = self.store.load(tp.TOURNAMENT).rev
        self._catch_up()
        self._save(force=True)
        self._start_ticking()
        self.view.refresh()
        self._scroll_to_top()

    def _scroll_to_top(self) -> None:
        """The screen changed wholesale (the lobby became the round): show its top."""
        node = self._find(".wt-screen")
        if node is not None:
            node.ownerDocument.defaultView.scrollTo(0, 0)

    def _act_group_open(self, _data) -> None:
        if self.mode in ("lobby", "loading") or (self.game is not None and self.game.is_over):
            self._forget()
            self._open_group(self._new_group())
            self.message = ""
            self._refresh_address()
            self.view.refresh()

    def _act_solo(self, _data) -> None:
        if self.mode in ("group", "lobby"):
            self.group = None
            self.message = ""
            self._refresh_address(solo=True)
            self._open_lobby(self.view.prefs["lang"])
            self.view.refresh()

    def _act_add(self, data) -> None:
        if self.mode != "group":
            return
        name = data.get("value")
        node = self._find("#wt-member")
        if name is None:
            name = str(node.value) if node is not None else ""
            if not name.strip():
                return
        try:
            self.group = tp.add_member(self.group, name)
        except IllegalMove as refused:
            key = "wt.name_taken_group" if refused.key == "wordle.name_taken" else refused.key
            self._say(self.t(key, **refused.params), error=True)
            self.view.refresh()
            return
        self._store_group()
        self._say(self.t("wt.member_added", name=self.group["members"][-1]))
        self.app.announce(self.message)
        self._refresh_address()
        self.view.refresh()
        node = self._find("#wt-member")
        if node is not None:
            node.focus()

    def _act_remove(self, data) -> None:
        if self.mode != "group":
            return
        try:
            index = int(data.get("index", ""))
        except ValueError:
            return
        if not 1 <= index < len(self.group["members"]):
            return  # the leader stays
        name = self.group["members"][index]
        self.group = {
            **self.group,
            "members": self.group["members"][:index] + self.group["members"][index + 1 :],
        }
        self._store_group()
        self._say(self.t("wt.member_removed", name=name))
        self.app.announce(self.message)
        self._refresh_address()
        self.view.refresh()

    def _act_group_lobby(self, _data) -> None:
        if self.mode == "group":
            self.message = ""
            self._open_lobby(self.group["lang"])
            self.view.refresh()

    def _act_back_to_group(self, _data) -> None:
        """After the tournament everyone returns to the group screen."""
        if self.game is not None and not self.game.humans_done:
            return
        self._forget()
        self.confirm_leave = False
        self._open_group(self.group or self._new_group())
        self.view.refresh()

    def _act_new(self, _data) -> None:
        if self.game is not None and self.mode == "game" and not self.game.humans_done:
            return
        self._forget()
        self.confirm_leave = False
        self._open_lobby(self.view.prefs["lang"] if self.group is None else None)
        self.view.refresh()

    def _act_watch(self, data) -> None:
        if self.mode != "game":
            return
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        rnd = self.game.current
        if rnd is None or not 0 <= index < len(rnd["matches"]):
            return
        if self.game.humans_done:
            self.out_seen = True
        self.watching = (
            None if self.watching == index or (index == self.focus and self._humans_in()) else index
        )
        self.view.refresh()

    def _act_unwatch(self, _data) -> None:
        self.watching = None
        self.view.refresh()

    def _act_watch_on(self, _data) -> None:
        self.out_seen = True
        self.view.refresh()

    def _act_focus(self, data) -> None:
        try:
            self.focus = int(data.get("duel", ""))
        except ValueError:
            return
        self.watching = None
        self.view.refresh()

    def _act_finish(self, _data) -> None:
        """Everyone of the device is out: play the bots' remaining duels out at once."""
        game = self.game
        if game is None or not game.humans_done or game.is_over:
            return
        while not game.is_over:
            at = game.next_event_at()
            if at is None:
                break
            game.advance(at)
        self.watching = None
        self._after_change(force_save=True)
        self.view.refresh()
        self._scroll_to_top()

    def _act_leave(self, _data) -> None:
        if self.mode == "game" and self.game is not None and not self.game.humans_done:
            self.confirm_leave = True
            self.view.refresh()
            button = self._find("[data-action='wt-leave-yes']")
            if button is not None:
                button.focus()

    def _act_leave_no(self, _data) -> None:
        self.confirm_leave = False
        self.view.refresh()

    def _act_leave_yes(self, _data) -> None:
        self.confirm_leave = False
        if self.game is None or self.game.humans_done:
            return
        now = self.now()
        for p in self._humans_in():
            self.game.leave(p["id"], now)
        self.out_seen = False
        self._after_change(force_save=True)
        self.view.refresh()

    def _refresh_address(self, solo: bool = False) -> None:
        """Keep the address the group's invite link (or the plain page)."""
        href = (
            tp.group_link(self.group)
            if self.group is not None and not solo
            else "#/wordle?mode=tournament"
        )
        browser.replace_hash(href)

    # --- drawing -----------------------------------------------------------------------------
    def render(self):
        t = self.t
        if self.loading_error:
            return h("p", {"class": "wd-message wd-error", "role": "alert"}, self.loading_error)
        if self.mode == "group":
            return self._render_group()
        if self.mode == "loading" or self.words is None or self.game is None:
            return h(
                "p",
                {"class": "wd-loading"},
                t("wordle.loading", language=parts.language_name(t, self.lang)),
            )
        if self.mode == "lobby":
            return self._render_lobby()
        if self.elsewhere:
            return h(
                "div",
                {"class": "wt-card", "role": "alert"},
                h("p", {}, t("wt.elsewhere")),
                h("a", {"class": "button", "href": "#/wordle"}, t("wt.elsewhere_leave")),
            )
        return self._render_game()

    def _message(self):
        return h(
            "p",
            {
                "class": "wd-message" + (" wd-error" if self.message_is_error else ""),
                "role": "alert",
            },
            self.message,
        )

    def _language_select(self, lang):
        return parts.language_select(self.t, "wt-lang", "wt-lang", lang)

    # the lobby
    def _render_lobby(self):
        t = self.t
        game = self.game
        you = None if self.group is not None else 0
        rows = [
            h(
                "tr",
                {"class": "wt-human" if p["human"] else None},
                h("td", {}, str(p["id"] + 1)),
                h("th", {"scope": "row"}, h("span", {"class": "wt-name"}, p["name"])),
                h("td", {"class": "wt-num"}, str(p["rating"])),
                h(
                    "td",
                    {},
                    h(
                        "span",
                        {"class": "wt-tag"},
                        t("wt.tag_you")
                        if p["id"] == you
                        else t("wt.tag_human")
                        if p["human"]
                        else t("wt.tag_bot"),
                    ),
                ),
            )
            for p in game.players
        ]
        table = h(
            "table",
            {"class": "wt-lobby-players"},
            h("caption", {}, t("wt.lobby_players", count=SEATS)),
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "#"),
                    h("th", {"scope": "col"}, t("wt.col_player")),
                    h("th", {"scope": "col", "class": "wt-num"}, t("wt.col_rating")),
                    h(
                        "th",
                        {"scope": "col"},
                        h("span", {"class": "visually-hidden"}, t("wt.col_kind")),
                    ),
                ),
            ),
            h("tbody", {}, rows),
        )
        if self.group is None:
            name = h(
                "div",
                {"class": "wt-field"},
                h("label", {"for": "wt-name"}, t("wt.your_nickname")),
                h(
                    "span",
                    {"class": "wt-inline"},
                    h(
                        "input",
                        {
                            "id": "wt-name",
                            "type": "text",
                            "value": game.players[0]["name"],
                            "maxlength": MAX_LENGTH,
                            "autocomplete": "off",
                            "spellcheck": "false",
                            "data-action": "wt-rename",
                        },
                    ),
                    h(
                        "button",
                        {"type": "button", "class": "button subtle", "data-action": "wt-rename"},
                        t("wt.change_name"),
                    ),
                ),
            )
            others = h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-group-open"},
                t("wt.play_with_friends"),
            )
        else:
            name = h("p", {}, t("wt.group_lobby_note", count=len(self.group["members"])))
            others = h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-back-to-group"},
                t("wt.back_to_group"),
            )
        return h(
            "section",
            {"class": "wt-screen wt-lobby"},
            h("h2", {}, t("wt.lobby_title")),
            h("p", {"class": "wt-lead"}, t("wt.lobby_intro")),
            h(
                "div",
                {"class": "wt-columns"},
                h(
                    "div",
                    {"class": "wt-col-main"},
                    h(
                        "div",
                        {"class": "wt-field"},
                        h("label", {"for": "wt-lang"}, t("wordle.language")),
                        self._language_select(game.lang),
                    ),
                    name,
                    self._message(),
                    table,
                    h(
                        "div",
                        {"class": "wd-actions"},
                        h(
                            "button",
                            {
                                "type": "button",
                                "class": "button primary",
                                "data-action": "wt-start",
                            },
                            t("wt.start"),
                        ),
                        others,
                    ),
                ),
                h("div", {"class": "wt-col-side"}, self._profile_panel()),
            ),
        )

    def _profile_panel(self):
        t = self.t
        data = self._ratings()
        me = (
            tp.my_profile(data)
            if self.group is None
            else tp.profile(data, self.group["members"][0])
        )
        stats = scores.stats_for(self.store, GAME).get(VARIANT)
        figures = []
        if stats:
            totals = stats["totals"]
            scored = totals.get("scored", stats["played"])
            average = round(totals["score"] / scored, 1) if scored and "score" in totals else None
            figures = [
                (t("wt.stat_played"), t.number(stats["played"])),
                (t("wt.stat_wins"), t.number(stats["won"])),
                (t("wt.stat_average"), "–" if average is None else t.number(average)),
            ]
        return h(
            "section",
            {"class": "wt-profile", "aria-labelledby": "wt-profile-title"},
            h("h3", {"id": "wt-profile-title"}, t("wt.your_rating", name=me["name"] or "")),
            h("p", {"class": "wt-rating-now"}, str(me["rating"])),
            tp.rating_chart(
                t,
                1000
                if not me["history"]
                else me["history"][0]["rating"] - me["history"][0]["change"],
                me["history"],
            ),
            h(
                "dl",
                {"class": "wt-stats"},
                [h("div", {}, h("dt", {}, k), h("dd", {}, v)) for k, v in figures],
            )
            if figures
            else h("p", {"class": "wt-muted"}, t("wt.no_stats")),
        )

    # the group
    def _render_group(self):
        t = self.t
        group = self.group
        data = self._ratings()
        members = []
        for i, name in enumerate(group["members"]):
            members.append(
                h(
                    "li",
                    {"class": "wt-member"},
                    h("span", {"class": "wt-name"}, name),
                    h("span", {"class": "wt-num"}, str(tp.profile(data, name)["rating"])),
                    h("span", {"class": "wt-tag"}, t("wt.leader"))
                    if i == 0
                    else h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle wt-small",
                            "data-action": "wt-remove",
                            "data-index": i,
                            "aria-label": t("wt.remove_named", name=name),
                        },
                        t("wt.remove"),
                    ),
                )
            )
        full = len(group["members"]) >= tp.MAX_MEMBERS
        link = tp.group_link(group)
        return h(
            "section",
            {"class": "wt-screen wt-group"},
            h("h2", {}, t("wt.group_title")),
            h("p", {"class": "wt-lead"}, t("wt.group_intro", max=tp.MAX_MEMBERS)),
            h(
                "div",
                {"class": "wt-field"},
                h("label", {"for": "wt-lang"}, t("wordle.language")),
                self._language_select(group["lang"]),
            ),
            h("h3", {}, t("wt.members", count=len(group["members"]), max=tp.MAX_MEMBERS)),
            h("ol", {"class": "wt-members"}, members),
            h(
                "div",
                {"class": "wt-field"},
                h("label", {"for": "wt-member"}, t("wt.add_member")),
                h(
                    "span",
                    {"class": "wt-inline"},
                    h(
                        "input",
                        {
                            "id": "wt-member",
                            "type": "text",
                            "maxlength": MAX_LENGTH,
                            "autocomplete": "off",
                            "spellcheck": "false",
                            "data-action": "wt-add",
                            "disabled": full,
                        },
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle",
                            "data-action": "wt-add",
                            "disabled": full,
                        },
                        t("wt.add"),
                    ),
                ),
            ),
            self._message(),
            h(
                "p",
                {"class": "wt-invite"},
                t("wt.invite_note"),
                " ",
                h("a", {"href": link, "class": "wt-invite-link"}, t("wt.invite_link")),
            ),
            h(
                "div",
                {"class": "wd-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button primary", "data-action": "wt-group-lobby"},
                    t("wt.group_to_lobby"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "wt-solo"},
                    t("wt.play_alone"),
                ),
            ),
        )

    # the tournament
    def _render_game(self):
        t = self.t
        game = self.game
        view = self._current_view()
        if game.phase == "over":
            return self._render_end(view)
        humans_in = self._humans_in()
        header = h(
            "div",
            {"class": "wt-head"},
            h(
                "p",
                {"class": "wt-round"},
                t(
                    "wt.round_info",
                    round=view["round"],
                    left=sum(1 for p in view["players"] if p["placement"] is None),
                    language=parts.language_name(t, game.lang),
                ),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle wt-small",
                    "data-action": "wt-leave",
                    "aria-label": t("wt.leave"),
                },
                t("wt.leave_short"),
            )
            if humans_in and not self.confirm_leave
            else None,
        )
        confirm = None
        if self.confirm_leave:
            confirm = h(
                "div",
                {
                    "class": "wt-confirm",
                    "role": "alertdialog",
                    "aria-labelledby": "wt-confirm-text",
                },
                h("p", {"id": "wt-confirm-text"}, t("wt.leave_confirm")),
                h(
                    "div",
                    {"class": "wd-actions"},
                    h(
                        "button",
                        {"type": "button", "class": "button", "data-action": "wt-leave-yes"},
                        t("wt.leave_yes"),
                    ),
                    h(
                        "button",
                        {"type": "button", "class": "button subtle", "data-action": "wt-leave-no"},
                        t("wt.leave_no"),
                    ),
                ),
            )
        return h(
            "section",
            {
                "class": "wt-screen wt-game",
                "data-lang": game.lang,
                "data-phase": game.phase,
                "data-round": view["round"],
            },
            header,
            confirm,
            h(
                "div",
                {"class": "wt-layout"},
                h("div", {"class": "wt-main"}, self._main(view)),
                h("aside", {"class": "wt-side", "aria-label": t("wt.side")}, self._side(view)),
            ),
        )

    def _main(self, view):
        game = self.game
        humans = [p for p in view["players"] if p["human"]]
        all_out = all(p["placement"] is not None for p in humans)
        if all_out and not self.out_seen:
            return self._render_out(view)
        if self.watching is not None and self.watching < len(view["duels"]):
            return self._render_watch(view, view["duels"][self.watching])
        if game.phase == "intro":
            return self._render_intro(view)
        if all_out:
            return self._render_watch_hint(view)
        if self.focus is not None:
            return self._render_duel(view, view["duels"][self.focus])
        return self._render_bye(view)

    def _pair_names(self, duel):
        return [self._name(pid) for pid in duel["players"]]

    def _status(self, duel, to_play):
        t = self.t
        if duel["result"] is not None:
            return h("p", {"class": "wd-status"}, self._result_line(duel))
        if self.game.phase == "intro":
            left = (self.game.view(None, self.now())["intro_left"] + 999) // 1000
            return h(
                "p",
                {"class": "wd-status"},
                h("span", {"class": "wt-intro-left"}, t("wt.starts_in", seconds=left)),
            )
        seat = duel["turn"]
        name = self._name(duel["players"][seat])
        human = self.game.players[duel["players"][seat]]["human"]
        if to_play is not None:
            whose = t("wordle.your_turn") if self.group is None else t("wt.turn_of", name=name)
            cls = "wd-whose wd-you"
        else:
            whose = t("wordle.their_turn", name=name) if not human else t("wt.away_turn", name=name)
            cls = "wd-whose wd-them"
        running = self.game.phase == "playing"
        return h(
            "p",
            {"class": "wd-status"},
            h("span", {"class": cls}, whose),
            " ",
            h(
                "span",
                {"class": "wd-clock-slot", "data-duel": duel["index"]},
                parts.clock(self.t, duel["time_left"], running),
            ),
        )

    def _result_line(self, duel):
        t = self.t
        word = self.words.display(duel["word"]).upper() if duel["word"] else ""
        result = duel["result"]
        if result.get("draw"):
            return t("wordle.result_draw", word=word)
        winner = duel["players"][result["winner"]]
        if self.group is None and winner == 0:
            return t("wordle.result_won", word=word)
        if "resigned" in result:
            return t(
                "wt.result_left", name=self._name(duel["players"][result["resigned"]]), word=word
            )
        return t("wt.result_won_by", name=self._name(winner), word=word)

    def _render_duel(self, view, duel):
        t = self.t
        pid = None
        target = self._focus_typing(view)
        if target is not None:
            pid = target[0]
        humans = self._human_ids()
        if pid is not None:
            you = duel["players"].index(pid)
        else:
            you = next((seat for seat, p in enumerate(duel["players"]) if p in humans), None)
        typed = self.typing.tiles() if (self.typing is not None and pid is not None) else []
        names = self._pair_names(duel)
        _a, _b = duel["players"]
        info = h(
            "p",
            {"class": "wd-duel-info"},
            t("wt.duel_info", a=names[0], b=names[1], length=duel["length"]),
        )
        tabs = None
        mine = [d for d in view["duels"] if set(d["players"]) & humans]
        if len(mine) > 1:
            tabs = h(
                "div",
                {"class": "wt-tabs", "role": "group", "aria-label": t("wt.group_duels")},
                [
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "wt-tab",
                            "data-action": "wt-focus",
                            "data-duel": d["index"],
                            "aria-pressed": "true" if d["index"] == duel["index"] else "false",
                        },
                        " – ".join(self._pair_names(d)),
                        h("span", {"class": "wt-tab-flag"}, t("wt.needs_you"))
                        if self._to_play(d) is not None
                        else None,
                    )
                    for d in mine
                ],
            )
        after = None
        if duel["result"] is not None:
            after = h("p", {"class": "wt-hint"}, t("wt.wait_round"))
        return h(
            "div",
            {"class": "wt-duel", "data-duel": duel["index"], "data-rows": len(duel["rows"])},
            tabs,
            info,
            self._status(duel, pid),
            self._message(),
            parts.board(t, self.words, duel, names, you, typed, self.shake and pid is not None),
            after,
            parts.keyboard(
                t, self.game.lang, parts.key_states(self.words, duel["rows"]), pid is not None
            ),
        )

    def _render_watch(self, view, duel):
        t = self.t
        names = self._pair_names(duel)
        return h(
            "div",
            {"class": "wt-duel wt-watching", "data-duel": duel["index"]},
            h(
                "p",
                {"class": "wt-watch-title"},
                t("wt.watching", a=names[0], b=names[1], length=duel["length"]),
            ),
            self._status(duel, None),
            parts.board(t, self.words, duel, names, None, [], False),
            h(
                "div",
                {"class": "wd-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "wt-unwatch"},
                    t("wt.stop_watching") if self._humans_in() else t("wt.close_board"),
                ),
            ),
        )

    def _render_intro(self, view):
        t = self.t
        rnd = self.game.current
        humans = self._human_ids()
        pairs = []
        for m in rnd["matches"]:
            a, b = m["players"]
            mine = bool({a, b} & humans)
            pairs.append(
                h(
                    "li",
                    {"class": "wt-pair" + (" wt-pair-mine" if mine else "")},
                    h("span", {"class": "wt-name"}, self._name(a)),
                    h("span", {"class": "wt-vs"}, t("wt.versus")),
                    h("span", {"class": "wt-name"}, self._name(b)),
                    h("span", {"class": "wt-length"}, t("wt.letters", length=m["duel"].length)),
                )
            )
        bye = None
        if rnd["bye"] is not None:
            bye = h(
                "p",
                {"class": "wt-bye-line" + (" wt-pair-mine" if rnd["bye"] in humans else "")},
                t(
                    "wt.bye_line_you" if self._is_you(rnd["bye"]) else "wt.bye_line",
                    name=self._name(rnd["bye"]),
                ),
            )
        seconds = (view["intro_left"] + 999) // 1000
        return h(
            "div",
            {"class": "wt-intro"},
            h("h2", {}, t("wt.round_title", round=view["round"])),
            h(
                "p",
                {"class": "wt-countdown"},
                h("span", {"class": "wt-intro-left"}, t("wt.starts_in", seconds=seconds)),
            ),
            h("ul", {"class": "wt-pairs"}, pairs),
            bye,
        )

    def _render_bye(self, view):
        t = self.t
        return h(
            "div",
            {"class": "wt-card wt-bye"},
            h("h2", {}, t("wt.bye_title")),
            h("p", {}, t("wt.bye_text")),
            h("p", {"class": "wt-hint"}, t("wt.watch_hint")),
        )

    def _render_watch_hint(self, view):
        t = self.t
        return h(
            "div", {"class": "wt-card"}, h("p", {}, t("wt.watch_hint")), self._finish_buttons()
        )

    def _finish_buttons(self, first=None):
        t = self.t
        back = (
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-back-to-group"},
                t("wt.back_to_group"),
            )
            if self.group is not None
            else h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-new"},
                t("wt.new_tournament"),
            )
        )
        return h(
            "div",
            {"class": "wd-actions"},
            first,
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-finish"},
                t("wt.finish"),
            ),
            back,
        )

    def _render_out(self, view):
        t = self.t
        lines = []
        for p in view["players"]:
            if not p["human"]:
                continue
            after = p["rating"] + p["rating_change"]
            key = (
                "wt.member_out"
                if self.group is not None
                else "wt.you_won"
                if p["placement"] == 1
                else "wt.you_out"
            )
            lines.append(
                h(
                    "p",
                    {"class": "wt-out-line"},
                    t(key, name=p["name"], placement=p["placement"], count=SEATS),
                    " ",
                    h(
                        "span",
                        {"class": "wt-rating-change"},
                        t(
                            "wt.rating_line",
                            before=p["rating"],
                            after=after,
                            change=tp.signed(p["rating_change"]),
                        ),
                    ),
                )
            )
            if p["left"] is not None:
                lines.append(
                    h("p", {"class": "wt-out-why"}, t(f"wt.out_{p['left']}", name=p["name"]))
                )
        return h(
            "div",
            {"class": "wt-card wt-out"},
            h("h2", {}, t("wt.out_title") if self.group is None else t("wt.group_out_title")),
            lines,
            self._finish_buttons(
                h(
                    "button",
                    {"type": "button", "class": "button primary", "data-action": "wt-watch-on"},
                    t("wt.watch_on"),
                )
            ),
        )

    def _render_end(self, view):
        t = self.t
        winner = next((p for p in view["players"] if p["placement"] == 1), None)
        winners = [p for p in view["players"] if p["placement"] == 1]
        title = (
            t("wt.end_winner", name=self._name(winner["id"]))
            if len(winners) == 1
            else t("wt.end_shared", names=", ".join(self._name(p["id"]) for p in winners))
        )
        back = (
            h(
                "button",
                {"type": "button", "class": "button primary", "data-action": "wt-back-to-group"},
                t("wt.back_to_group"),
            )
            if self.group is not None
            else h(
                "button",
                {"type": "button", "class": "button primary", "data-action": "wt-new"},
                t("wt.new_tournament"),
            )
        )
        return h(
            "section",
            {"class": "wt-screen wt-end"},
            h("h2", {}, t("wt.end_title")),
            h("p", {"class": "wt-lead"}, title),
            tp.standings_rows(t, view["players"], you=0 if self.group is None else None),
            h("div", {"class": "wd-actions"}, back),
            self._profile_panel(),
        )

    def _side(self, view):
        t = self.t
        humans = self._human_ids()
        rnd = self.game.current
        players = sorted(
            view["players"],
            key=lambda p: (
                p["placement"] if p["placement"] is not None else 0,
                -p["lives"],
                p["id"],
            ),
        )
        rows = []
        for p in players:
            status = None
            if p["placement"] is not None:
                status = t("wt.placed", placement=p["placement"])
            elif p["away"]:
                status = t("wt.away")
            elif rnd is not None and rnd["bye"] == p["id"]:
                status = t("wt.bye_tag")
            rows.append(
                h(
                    "li",
                    {
                        "class": "wt-player"
                        + (" wt-human" if p["id"] in humans else "")
                        + (" wt-placed" if p["placement"] is not None else ""),
                        "data-player": p["id"],
                    },
                    h("span", {"class": "wt-name"}, p["name"]),
                    h("span", {"class": "wt-tag"}, t("wt.tag_you"))
                    if self.group is None and p["id"] == 0
                    else None,
                    h("span", {"class": "wt-rating"}, str(p["rating"])),
                    lives_or_status(t, p, status),
                )
            )
        duels = []
        for d in view["duels"]:
            names = self._pair_names(d)
            if d["result"] is not None:
                state = self._short_result(d)
            elif self.game.phase == "intro":
                state = t("wt.letters", length=d["length"])
            else:
                to_play = d["players"][d["turn"]]
                state = (
                    t("wordle.your_turn")
                    if self._is_you(to_play)
                    else t("wt.to_play", name=self._name(to_play))
                )
            mine = bool(set(d["players"]) & humans)
            duels.append(
                h(
                    "li",
                    {},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "wt-duel-card" + (" wt-mine" if mine else ""),
                            "data-action": "wt-watch",
                            "data-duel": d["index"],
                            "aria-pressed": "true" if self.watching == d["index"] else "false",
                            "aria-label": t("wt.watch_label", a=names[0], b=names[1], state=state),
                        },
                        h(
                            "span",
                            {"class": "wt-duel-names"},
                            h("span", {"class": "wt-name"}, names[0]),
                            h("span", {"class": "wt-vs"}, t("wt.versus")),
                            h("span", {"class": "wt-name"}, names[1]),
                        ),
                        mini_or_empty(d),
                        h("span", {"class": "wt-duel-state"}, state),
                    ),
                )
            )
        return [
            h("h2", {"class": "wt-side-title"}, t("wt.players_title")),
            h("ol", {"class": "wt-players"}, rows),
            h("h2", {"class": "wt-side-title"}, t("wt.duels_title", round=view["round"])),
            h("ul", {"class": "wt-duels"}, duels),
        ]

    def _short_result(self, d) -> str:
        t = self.t
        if d["result"].get("draw"):
            return t("wt.short_draw")
        return t("wt.short_won", name=self._name(d["players"][d["result"]["winner"]]))

    # --- partial updates -----------------------------------------------------------------------
    def _find(self, selector):
        """The first element of the view matching `selector`, or None (querySelector
        gives JS null, not None, when nothing matches)."""
        root = self.view.root
        if root is None:
            return None
        node = root.querySelector(selector)
        return node if browser.found(node) else None

    def _refresh_side(self) -> None:
        root = self.view.root
        if root is None or self.app.view is not self.view:
            return
        side = self._find(".wt-side")
        if side is None:
            self.view.refresh()
            return
        view = self._current_view()
        side.innerHTML = join(self._side(view))
        self._update_clocks(view)

    def _update_clocks(self, view=None) -> None:
        root = self.view.root
        if root is None or self.app.view is not self.view or self.game is None:
            return
        view = view or self._current_view()
        slot = self._find(".wd-clock-slot")
        if slot is not None:
            index = int(slot.dataset.duel)
            if index < len(view["duels"]):
                slot.innerHTML = parts.clock(
                    self.t, view["duels"][index]["time_left"], self.game.phase == "playing"
                )
        intro = self._find(".wt-intro-left")
        if intro is not None:
            intro.textContent = self.t("wt.starts_in", seconds=(view["intro_left"] + 999) // 1000)

    # --- page life -------------------------------------------------------------------------------
    def suspend(self) -> None:
        """Hidden, closed, reloaded or left: a lost connection for the humans still in."""
        self._stop_ticking()
        if (
            self.mode == "game"
            and not self.elsewhere
            and self.game is not None
            and not self.game.is_over
        ):
            self.game.disconnect(self.now())
            self.seen = len(self.game.log)
            self._save(force=True)

    def resume(self) -> None:
        if (
            self.mode == "game"
            and not self.elsewhere
            and self.game is not None
            and not self.game.is_over
        ):
            self.game.reconnect(self.now())
            self._after_change(force_save=True)
            self._start_ticking()
            self.view.refresh()

    def close(self) -> None:
        self.suspend()


ACTIONS = {
    "wd-key": TournamentScreen._act_key,
    "wt-lang": TournamentScreen._act_lang,
    "wt-rename": TournamentScreen._act_rename,
    "wt-start": TournamentScreen._act_start,
    "wt-group-open": TournamentScreen._act_group_open,
    "wt-solo": TournamentScreen._act_solo,
    "wt-add": TournamentScreen._act_add,
    "wt-remove": TournamentScreen._act_remove,
    "wt-group-lobby": TournamentScreen._act_group_lobby,
    "wt-back-to-group": TournamentScreen._act_back_to_group,
    "wt-new": TournamentScreen._act_new,
    "wt-watch": TournamentScreen._act_watch,
    "wt-unwatch": TournamentScreen._act_unwatch,
    "wt-watch-on": TournamentScreen._act_watch_on,
    "wt-focus": TournamentScreen._act_focus,
    "wt-finish": TournamentScreen._act_finish,
    "wt-leave": TournamentScreen._act_leave,
    "wt-leave-yes": TournamentScreen._act_leave_yes,
    "wt-leave-no": TournamentScreen._act_leave_no,
}


def lives_or_status(t, p, status):
    if status is not None and p["placement"] is not None:
        return h("span", {"class": "wt-status"}, status)
    return h(
        "span",
        {"class": "wt-player-state"},
        tp.lives(t, p["lives"]),
        h("span", {"class": "wt-status"}, status) if status else None,
    )


def mini_or_empty(duel):
    return (
        tp.mini_rows(duel) if duel["rows"] else h("span", {"class": "wt-minis wt-minis-empty"}, "")
    )


def _speed(params: dict) -> int:
    """Test-only: `speed=N` runs the tournament clock N times faster (1 to 100)."""
    return router.int_param(params, "speed", 1, 100, default=1)


def _seed(params: dict):
    """Test-only: `seed=N` fixes the lobby's seed (and with it the tournament)."""
    return router.int_param(params, "seed", 0, MAX_SEED)
