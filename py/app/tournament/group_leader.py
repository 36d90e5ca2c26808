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
from games.wordle.letters import LANGUAGES

from ..html import h
from ..remote.wordle_group import LEADER, GroupLeader
from ..wordle import records as tp
from ..wordle.tournament_keeper import FRIENDS
from . import group_hosting as hosting
from .draw import render
from .group_draw import lost_friends
from .screen import TournamentScreen

IGNORED = {"wt-lang", "wt-rename", "wt-group-open", "wt-solo", "wt-add", "wt-remove"}
IGNORED |= {"wt-group-lobby"}


class GroupLeaderScreen(TournamentScreen):
    def _open(self, params: dict) -> None:
        from ..peer import rtc

        self.hosting: hosting.Hosting | None = hosting.current
        self.group_leader: GroupLeader | None = None
        if self.hosting is not None:  # back from another page of the app
            self.keeper = self.hosting.keeper
            self.hosting.page = self
            self.hosting.hide_bar()
            self._load_words(self.hosting.leader.words.lang, self._hosting_shown)
            return
        links = {device: link for device, link in rtc.table.items() if link.state == "open"}
        rtc.table = {}
        saved = self.keeper.saved_hosted()
        if links:
            self._load_words(self.view.prefs["lang"], lambda: self._group_ready(links))
        elif saved is not None and saved["group"].get("tournament", {}).get("lang") in LANGUAGES:
            self.keeper.resume(saved["meta"])
            lang = saved["group"]["tournament"]["lang"]
            self._load_words(lang, lambda: self._group_resumed(saved["group"]))
        else:
            self.loading_error = self.t("wt.group.remote.no_friends")

    def _group_resumed(self, saved: dict) -> None:
        """This page reloaded: the group from its save, every friend's link down until
        the leader sends them a new one (their page waits, paused, for 60 s)."""
        try:
            leader = GroupLeader.from_json(saved, self.words, self.now())
        except ValueError:
            self.keeper.discard_hosted()
            self.loading_error = self.t("wt.save_lost")
            self.view.refresh()
            return
        if leader.abandoned:  # away too long: the friends' pages said so, the group is over
            self.keeper.discard_hosted()
            self.loading_error = self.t("wt.group.remote.abandoned_here")
            self.view.refresh()
            return
        self._host(leader)

    def _host(self, leader: GroupLeader) -> None:
        self.hosting = hosting.current = hosting.Hosting(leader, self.keeper)
        self.hosting.page = self
        self.hosting.save(force=True)
        self._hosting_shown()

    def _group_ready(self, links: dict) -> None:
        data = self.keeper.ratings()
        me = tp.my_profile(data)
        name = me["name"] or next(iter(links.values())).my_name
        if me["name"] is None:  # the name given on #/connect is this device's nickname now
            self.keeper.save_ratings(tp.set_my_name(data, name))
        seed = self.keeper.new_hosted(self.speed)
        leader = GroupLeader(self.words, name, me["rating"], seed)
        self._host(leader)
        for device, link in links.items():
            self.hosting.adopt(device, link)

    def _hosting_shown(self) -> None:
        """The tournament hosted, drawn as it stands: its lobby, or the round under way."""
        self.group_leader = leader = self.hosting.leader
        self.words = leader.words
        self.game = leader.tournament
        self.watching, self.out_seen = None, False
        if self.game.phase == "lobby":
            self.mode, self.seen, self.focus = "lobby", 0, None
        else:
            self.mode, self.seen = "game", len(self.game.log)
            self._catch_up(announce_all=False)
            self._start_ticking()
        self.view.refresh()

    def hosting_changed(self) -> None:
        """Something came from a friend's device (or a link changed)."""
        if self.app.view is not self.view or self.group_leader is None:
            return
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
            ui.stats = self.keeper.stats(FRIENDS)
        return ui

    def render(self):
        if self.mode == "game" and self.game is not None:
            view = self._current_view()
            drawn = {**view, "humans_done": bool(view["out"]) or view["humans_done"]}
            screen = render(self.t, self.words, self._ui(view), drawn)
        else:
            screen = super().render()
        lost = self.hosting.lost() if self.hosting is not None else []
        return h("div", {"class": "wt-hosting"}, lost_friends(self.t, lost), screen)

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
        seed = self.keeper.new_seed()
        try:
            leader.next_lobby(seed, self.now())
        except IllegalMove as refused:
            self._say(self.t(refused.key, **refused.params), error=True)
            self.view.refresh()
            return
        self._stop_ticking()
        self.keeper.next_hosted_lobby(seed)
        self._hosting_shown()

    # --- records: the leader's own result, once -------------------------------------------------
    def _record_humans(self) -> None:
        self.keeper.record_leader(self.game, LEADER)

    def _save(self, force: bool = False) -> None:
        if self.hosting is not None:
            self.hosting.save(force)

    def _forget(self) -> None:
        self._stop_ticking()

    # --- page life -------------------------------------------------------------------------------
    def suspend(self) -> None:
        pass  # hidden, the page goes on hosting: its links stay up

    def resume(self) -> None:
        self.view.refresh()

    def close(self) -> None:
        """Another page of the app: the hosting goes on behind it (a friend's new link
        is made on #/connect); the leader's own turns run out as usual meanwhile."""
        self._stop_ticking()
        if self.hosting is not None and self.hosting.page is self:
            self.hosting.page, self.hosting.t = None, self.t  # its bar says how it stands
