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

from typing import TYPE_CHECKING, Any

from games.common.errors import IllegalMove
from games.wordle.letters import LANGUAGES
from games.wordle.tournament import Tournament

from .. import browser
from ..html import Markup, h
from ..remote.wordle_group import LEADER, GroupLeader
from ..remote.wordle_group_saved import group_resumed
from ..wordle import records as tp
from ..wordle.tournament_keeper import TournamentKeeper
from ..wordle.tournament_results import FRIENDS
from . import group_hosting as hosting
from .draw import render
from .group_draw import lost_friends
from .play import TournamentPlay, View
from .round_actions import ACTIONS as ROUNDS
from .round_actions import RoundActions
from .ui import Ui

if TYPE_CHECKING:
    from ..peer.rtc import Link
    from ..views.wordle import WordleView


class GroupLeaderScreen:
    """The leader's page: it has the tournament's play (play.TournamentPlay), with this
    screen as its seat (the leader's), and the round's actions (round_actions)."""

    def __init__(self, view: "WordleView") -> None:
        from ..peer import prefs, room_return, rtc

        self.view = view
        store = view.app.store  # (read only: the room of a group begun by one link)
        name = prefs.load(store)["name"] or view.t("connect.default_name")
        # Once hosting: each member back in the group's room takes up their own seat.
        self.follow_room = lambda: room_return.follow_group(store, name, True, lambda: None)
        self.hosting: hosting.Hosting | None = hosting.current
        self.group_leader: GroupLeader | None = None
        keeper = self.hosting.keeper if self.hosting is not None else None
        self.play = TournamentPlay(view, keeper or TournamentKeeper(view.app.store, browser), self)
        self.rounds = RoundActions(self.play)
        play, t = self.play, view.t
        if self.hosting is not None:  # back from another page of the app
            self.hosting.page = self
            self.hosting.hide_bar()
            play.load_words(self.hosting.leader.words.lang, self._hosting_shown)
            return
        links = {device: link for device, link in rtc.table.items() if link.state == "open"}
        rtc.table = {}
        saved = play.keeper.saved_hosted()
        if links:
            play.load_words(view.prefs["lang"], lambda: self._group_ready(links))
        elif saved is not None and saved["group"].get("tournament", {}).get("lang") in LANGUAGES:
            play.keeper.resume(saved["meta"])
            lang = saved["group"]["tournament"]["lang"]
            play.load_words(lang, lambda: self._group_resumed(saved["group"]))
        else:
            play.loading_error = t("wt.group.remote.no_friends")

    def _group_resumed(self, saved: dict[str, Any]) -> None:
        """This page reloaded: the group from its save, every friend's link down until
        the leader sends them a new one (their page waits, paused, for 60 s)."""
        play = self.play
        try:
            leader = group_resumed(saved, self.play.loaded_words(), play.now())
        except ValueError:
            play.keeper.discard_hosted()
            play.loading_error = play.t("wt.save_lost")
            play.refresh()
            return
        if leader.abandoned:  # away too long: the friends' pages said so, the group is over
            play.keeper.discard_hosted()
            play.loading_error = play.t("wt.group.remote.abandoned_here")
            play.refresh()
            return
        self._host(leader)

    def _host(self, leader: GroupLeader) -> hosting.Hosting:
        self.hosting = hosting.current = hosting.Hosting(leader, self.play.keeper)
        self.hosting.page = self
        self.follow_room()
        self.hosting.save(force=True)
        self._hosting_shown()
        return self.hosting

    def _group_ready(self, links: "dict[str, Link]") -> None:
        keeper = self.play.keeper
        data = keeper.ratings()
        me = tp.my_profile(data)
        name = me["name"] or next(iter(links.values())).my_name
        if me["name"] is None:  # the name given on #/connect is this device's nickname now
            keeper.save_ratings(tp.set_my_name(data, name))
        seed = keeper.new_hosted(self.play.speed)
        hosted = self._host(GroupLeader(self.play.loaded_words(), name, me["rating"], seed))
        for device, link in links.items():
            hosted.adopt(device, link)

    def _hosting_shown(self) -> None:
        """The tournament hosted, drawn as it stands: its lobby, or the round under way."""
        if self.hosting is None:
            return
        play = self.play
        self.group_leader = leader = self.hosting.leader
        play.words = leader.words
        play.game = game = leader.tournament
        play.watching, play.out_seen = None, False
        if game.phase == "lobby":
            play.mode, play.seen, play.focus = "lobby", 0, None
        else:
            play.mode, play.seen = "game", len(game.log)
            play.catch_up(announce_all=False)
            play.start_ticking()
        play.refresh()

    def hosting_changed(self) -> None:
        """Something came from a friend's device (or a link changed)."""
        if self.view.app.view is not self.view or self.group_leader is None:
            return
        if self.play.mode == "game":
            self.play.after_change()
        else:
            self.play.refresh()

    # --- the leader's seat of the tournament (play.Seat) ----------------------------------------
    def view_here(self, game: Tournament, now: int, focus: int | None) -> tuple[View, int | None]:
        view = game.view(LEADER, now)
        return view, view["your_duel"]

    def may_type(self, pid: int) -> bool:
        return pid == LEADER  # only the leader's own duel takes this keyboard

    def start(self, play: TournamentPlay) -> None:
        if self.group_leader is not None:
            self.group_leader.start(play.now())

    def save(self, play: TournamentPlay, force: bool) -> None:
        if self.hosting is not None:
            self.hosting.save(force)

    def results(self, play: TournamentPlay) -> None:
        """The leader's own result, once (each member's is recorded on their device)."""
        game = play.playing()
        self.play.keeper.record_leader(game, LEADER)
        if play.here() and play.keeper.keep_replay(game, None):
            play.save(force=True)

    def changed(self, play: TournamentPlay) -> None:
        if self.group_leader is not None and play.mode == "game":
            self.group_leader.tick(play.now())  # the members' views that changed

    def dress(self, play: TournamentPlay, ui: Ui) -> None:
        ui.remote = "leader"
        if play.mode == "lobby" and self.group_leader is not None:
            ui.joined = [m.name for m in self.group_leader.members.values()]
            ui.joining = len(self.group_leader.waiting)
            ui.other_version = self.hosting.other_versions() if self.hosting else []
        if ui.stats is not None or ui.profile is not None:
            ui.stats = play.keeper.stats(FRIENDS)

    # --- the page ---------------------------------------------------------------------------------
    def key(self, key: str) -> None:
        self.play.key(key)

    def render(self) -> Markup:
        play = self.play
        view = play.drawn_view()
        if view is not None and play.mode == "game":
            drawn = {**view, "humans_done": bool(view["out"]) or view["humans_done"]}
            screen = render(play.t, play.words, play.ui(view), drawn)
        else:
            screen = play.render(view)
        lost = self.hosting.lost() if self.hosting is not None else []
        return h("div", {"class": "wt-hosting"}, lost_friends(play.t, lost), screen)

    def on_action(self, action: str, data: dict[str, Any], event: object) -> None:
        play = self.play
        if action in ("wt-back-to-group", "wt-new"):
            self._next_lobby()
        elif action == "wt-leave-yes":
            play.confirm_leave = False
            if self.group_leader is not None and play.mode == "game":
                self.group_leader.leave(play.now())
                play.after_change(force_save=True)
        elif action == "wd-key":
            play.key(data.get("key", ""))
        elif action == "wt-start":
            play.start()
        elif action in ROUNDS:
            ROUNDS[action](self.rounds, data)
        # the lobby's on one device (language, names, the group on this device) are not the
        # leader's: the group is the friends linked, its language the leader's

    def _next_lobby(self) -> None:
        """After the tournament, the group's lobby again (once nobody is still playing)."""
        leader, play = self.group_leader, self.play
        if leader is None or play.mode != "game":
            return
        seed = play.keeper.new_seed()
        try:
            leader.next_lobby(seed, play.now())
        except IllegalMove as refused:
            play.say(play.t(refused.key, **refused.params), error=True)
            play.refresh()
            return
        play.stop_ticking()
        play.keeper.next_hosted_lobby(seed)
        self._hosting_shown()

    # --- page life -------------------------------------------------------------------------------
    def suspend(self) -> None:
        pass  # hidden, the page goes on hosting: its links stay up

    def resume(self) -> None:
        self.play.refresh()

    def close(self) -> None:
        """Another page of the app: the hosting goes on behind it (a friend's new link
        is made on #/connect); the leader's own turns run out as usual meanwhile."""
        self.play.stop_ticking()
        if self.hosting is not None and self.hosting.page is self:
            self.hosting.page, self.hosting.t = None, self.play.t  # its bar says how it stands
