"""The leader's page of a Wordle Tournament group across devices
("#/wordle?mode=tournament&remote=group-host"): #/connect handed it a connection to each
friend's device (app.peer.rtc.table); this page hosts the tournament for all of them
(app.remote.wordle_group: the engine, each member's own view sent over its link, their
guesses checked) and plays the leader's own seat as the tournament screen does on one
device. The group's lobby fills as friends' devices join; the leader starts; after the
tournament everyone comes back to the group's lobby. Rules: docs/rules/wordle-tournament.md 16.

The differences from one device: only the leader's own duel takes this keyboard; leaving
leaves the leader alone; the leader's result is recorded here (as a tournament with
friends), each member's on their own device.
"""

from games.common.errors import IllegalMove

from .. import browser, scores
from ..midend import fresh_seed
from ..remote.wordle_group import LEADER, GroupLeader
from . import wordle_tournament_parts as tp
from .wordle_group_member_screen import VARIANT
from .wordle_tournament import TournamentScreen
from .wordle_tournament_saving import GAME, count_tournament

DOWN = ("closed", "failed", "interrupted")
IGNORED = {"wt-lang", "wt-rename", "wt-group-open", "wt-solo", "wt-add", "wt-remove"}
IGNORED |= {"wt-group-lobby"}


class GroupLeaderScreen(TournamentScreen):
    def _open(self, params: dict) -> None:
        from ..peer import rtc

        self.group_leader: GroupLeader | None = None
        self.links = {device: link for device, link in rtc.table.items() if link.state == "open"}
        rtc.table = {}
        if not self.links:
            self.loading_error = self.t("wt.group.remote.no_friends")
            return
        self._load_words(self.view.prefs["lang"], self._group_ready)

    def _group_ready(self) -> None:
        data = self._ratings()
        me = tp.my_profile(data)
        name = me["name"] or next(iter(self.links.values())).my_name
        if me["name"] is None:  # the name given on #/connect is this device's nickname now
            self._save_ratings(tp.set_my_name(data, name))
        seed = fresh_seed()
        self.group_leader = GroupLeader(self.words, name, me["rating"], seed)
        self._lobby_opened(seed)
        for device, link in self.links.items():
            self.group_leader.connect(device, self._sender(link))
            link.take(self._on_message(device), self._on_state(device, link))

    def _lobby_opened(self, seed: int) -> None:
        self.game = self.group_leader.tournament
        self.meta = {"t0": 0, "speed": self.speed, "recorded": [], "seed": seed, "known": False}
        self.mode, self.seen, self.watching, self.focus, self.out_seen = (
            "lobby",
            0,
            None,
            None,
            False,
        )
        self.view.refresh()

    # --- the friends' links ---------------------------------------------------------------
    @staticmethod
    def _sender(link):
        def send(message: dict) -> None:
            if link.state == "open":
                link.send(message)

        return send

    def _on_message(self, device: str):
        def taken(message) -> None:
            if self.group_leader is None:
                return
            self.group_leader.receive(device, message, self.now())
            self._changed()

        return taken

    def _on_state(self, device: str, link):
        def changed(state: str) -> None:
            leader = self.group_leader
            if leader is None:
                return
            if device not in leader.members:
                if state in DOWN:
                    leader.waiting.pop(device, None)  # linked, never joined
                    self._changed()
                return
            if state in DOWN and leader.members[device].send is not None:
                leader.member_lost(device, self.now())
            elif state == "open" and leader.members[device].send is None:
                leader.member_back(device, self._sender(link), self.now())
            self._changed()

        return changed

    def _changed(self) -> None:
        if self.mode == "game":
            self._after_change()
        else:
            self.view.refresh()

    # --- the tournament screen, for the leader's seat ----------------------------------------
    def _start_game(self, now: int) -> None:
        self.group_leader.start(now)

    def _after_change(self, force_save: bool = False) -> None:
        super()._after_change(force_save)
        self.group_leader.tick(self.now())  # the members' views that changed

    def tick(self) -> None:
        super().tick()
        if self.group_leader is not None and self.mode == "game":
            self.group_leader.tick(self.now())

    def _current_view(self):
        now = self.now()
        self.game.advance(now)
        view = self.game.view(LEADER, now)
        self.focus = view["your_duel"]
        return view

    def _focus_typing(self, view):
        target = super()._focus_typing(view)
        return target if target is not None and target[0] == LEADER else None

    def _ui(self, view):
        ui = super()._ui(view)
        ui.remote = "leader"
        if self.mode == "lobby":
            ui.joined = [m.name for m in self.group_leader.members.values()]
            ui.joining = len(self.group_leader.waiting)
        if ui.stats is not None or ui.profile is not None:
            ui.stats = scores.stats_for(self.store, GAME).get(VARIANT)
        return ui

    def render(self):
        if self.mode == "game" and self.game is not None:
            view = self._current_view()
            drawn = {**view, "humans_done": bool(view["out"]) or view["humans_done"]}
            from .wordle_tournament_draw import render

            return render(self.t, self.words, self._ui(view), drawn)
        return super().render()

    # --- actions -------------------------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action in IGNORED:
            return
        if action in ("wt-back-to-group", "wt-new"):
            self._next_lobby()
        elif action == "wt-leave-yes":
            self.confirm_leave = False
            self.group_leader.leave(self.now())
            self._after_change(force_save=True)
        else:
            super().on_action(action, data, event)

    def _next_lobby(self) -> None:
        """After the tournament, the group's lobby again (once nobody is still playing)."""
        leader = self.group_leader
        if leader is None or self.mode != "game":
            return
        seed = fresh_seed()
        try:
            leader.next_lobby(seed, self.now())
        except IllegalMove as refused:
            self._say(self.t(refused.key, **refused.params), error=True)
            self.view.refresh()
            return
        self._stop_ticking()
        self._lobby_opened(seed)

    # --- records: the leader's own result, once -------------------------------------------------
    def _record_humans(self) -> None:
        recorded = self.meta.setdefault("recorded", [])
        if LEADER in recorded or LEADER not in self.game.humans_placed():
            return
        p = self.game.players[LEADER]
        after, date = p["rating"] + p["rating_change"], browser.today_iso()
        data = tp.add_result(
            self._ratings(), p["name"], after, p["rating_change"], p["placement"], date
        )
        self._save_ratings(data)
        count_tournament(self.store, VARIANT, p["placement"], after, date)
        recorded.append(LEADER)

    def _save(self, force: bool = False) -> None:
        pass  # the group is hosted by this page while it is open (not kept over a reload)

    def _forget(self) -> None:
        self._stop_ticking()

    # --- page life -------------------------------------------------------------------------------
    def suspend(self) -> None:
        pass  # hidden, the page goes on hosting: its links stay up

    def resume(self) -> None:
        self.view.refresh()

    def close(self) -> None:
        """Leaving the page ends the hosting: the friends' pages say the leader was lost."""
        self._stop_ticking()
        for link in self.links.values():
            link.close()
