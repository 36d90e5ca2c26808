"""A member's page of a Wordle Tournament group across devices
("#/wordle?mode=tournament&remote=group-member"): the leader's page hosts the tournament
(app.remote.wordle_group) and this page plays one seat of it over the connection #/connect
handed over (app.peer.rtc.current). It draws only the view the leader sends it
(app.remote.wordle_group_member checks each one), with the same drawing as a tournament
on one device; its keyboard sends guesses, which the leader checks and applies.

The leader's words are loaded once the first view names its language (to draw the
keyboard's letters and show words once revealed). This device records its own player's
result once (rating and statistics, as tournaments with friends). A lost link to the
leader pauses the page; after 60 s on this device's clock the tournament was abandoned.
Rules: docs/rules/wordle-tournament.md 16.
"""

from typing import TYPE_CHECKING, Any

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary

from .. import browser, sound, wordle_words
from ..html import Markup, h
from ..remote.checks import OTHER_VERSION
from ..remote.wordle_group_member import (
    ABANDONED,
    CONNECTING,
    LOBBY,
    PAUSED,
    GroupMember,
)
from ..views.wordle_parts import Typing
from ..wordle import records as tp
from ..wordle.tournament_keeper import TournamentKeeper
from ..wordle.tournament_results import FRIENDS
from . import group_draw as draw
from . import group_member_away as away
from .draw import render
from .page import PageParts
from .round_actions import Data
from .turn_typing import TurnTyping, watched_after_click
from .ui import Ui, isolated

if TYPE_CHECKING:
    from ..peer.rtc import Link
    from ..views.wordle import WordleView

TICK_MS = 200
View = dict[str, Any]  # the view the leader sent, at this device's time
# The link and the member whose relay it carries (the leader names the device and starts
# its relay once per link): a page opened again on that link carries on with that member,
# and says its welcome at once (GroupMember.rejoin) so the leader sends its view again.
_kept: "tuple[Link, GroupMember] | None" = None


class GroupMemberScreen:
    def __init__(self, view: "WordleView") -> None:
        from ..peer import rtc

        away.take_over()  # this page opened again: the screen behind other pages stops
        self.view, self.app, self.t = view, view.app, view.t
        self.keeper = TournamentKeeper(view.app.store, browser)
        self.page = PageParts(view)
        self.words: Dictionary | None = None
        self.loading: str | None = None  # the language whose words are being loaded
        self.typed = TurnTyping()
        self.message, self.message_is_error, self.shake = "", False, False
        self.watching: int | None = None
        self.out_seen, self.confirm_leave = False, False
        self.ticker: browser.Repeating | None = None
        self.recorded_game = 0  # the group's latest tournament whose result is recorded here
        link = rtc.current if rtc.current is not None and rtc.current.state == "open" else None
        self.link: Link | None = link
        self.member: GroupMember | None = None
        self.leader = (link.peer_name or "") if link else ""
        self.name = ""
        self._follow_room(view.app.store)
        if link is None:
            return
        global _kept
        data = self.keeper.ratings()
        mine = tp.my_profile(data)
        self.name = mine["name"] if data.get("me") else link.my_name
        kept = _kept[1] if _kept is not None and _kept[0] is link else None
        self.member = kept or GroupMember(self._send, self.name, mine["rating"])
        self.member.send = self._send
        _kept = (link, self.member)
        link.take(self.on_message, self.on_state)
        if kept is not None and kept.greeted:
            kept.rejoin()
        self.ticker = browser.Repeating(TICK_MS, self.tick)

    def now(self) -> int:
        return int(browser.now_ms())

    def _follow_room(self, store: Any) -> None:
        """A group begun by one link: a new connection to the leader, made by the room
        after this page was reloaded or its link lost, opens this page again on it
        (`store`: read only)."""
        from ..peer import prefs, room_return
        from ..views.connect_table import group_address

        app = self.app
        name = prefs.load(store)["name"] or self.t("connect.default_name")
        here = group_address("group-member", self.view.route.params.get("speed", ""))

        def reopen() -> None:
            browser.replace_hash(here)
            app.go(here)

        room_return.follow_group(store, name, False, reopen)

    # --- the link to the leader -----------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        if self.link is None:
            return
        try:
            self.link.send(message)
        except RuntimeError:  # the link went down as we sent: it says so itself
            pass

    def on_message(self, data: object) -> None:
        member = self.member
        if member is None:
            return
        phase = (member.view or {}).get("phase")
        if not member.receive(data, self.now()) or member.taken in (None, "group"):
            return  # (refused, or only its relay's or its name)
        if member.taken == "hello":
            if member.status == OTHER_VERSION:
                self.view.refresh()  # the leader's hello: another version, refused
            return
        refusal = member.refusal  # (a refused message always gives one)
        if member.status == OTHER_VERSION:
            self.view.refresh()  # the leader's check of this device's welcome
            return
        if member.taken == "refused" and refusal is not None:
            self._refused(self.t(refusal))
            return
        view = member.view
        if view is not None and view["lang"] != (self.words.lang if self.words else None):
            self._load_words(view["lang"])
        if view is not None and view["phase"] != phase:
            self.watching, self.out_seen, self.confirm_leave = None, False, False
        self._record_result(member)
        self.view.refresh()

    def on_state(self, state: str) -> None:
        member = self.member
        if member is None:
            return
        if state in ("closed", "failed", "interrupted"):
            member.leader_lost(self.now())
        elif state == "open" and member.status == PAUSED:
            member.linked(self._send)
        self.view.refresh()

    def _refused(self, text: str) -> None:
        self.message, self.message_is_error, self.shake = text, True, True
        sound.cue("invalid")
        self.app.announce(self.message)
        self.view.refresh()

    def _load_words(self, lang: str) -> None:
        if self.loading == lang:
            return
        self.loading = lang

        def got(words: Dictionary) -> None:
            if words.lang == self.loading:
                self.words = words
                self.view.refresh()

        def failed(reason: str) -> None:
            self.message = self.t("wordle.load_failed", reason=reason)
            self.message_is_error = True
            self.view.refresh()

        wordle_words.load(lang, got, failed)

    # --- the result, once ---------------------------------------------------------------------
    def _record_result(self, member: GroupMember) -> None:
        result = member.result
        if result is None or self.recorded_game >= result["game"]:
            return
        self.recorded_game = result["game"]
        self.keeper.record_member(result, self.name)

    # --- the clock ----------------------------------------------------------------------------
    def tick(self) -> None:
        member = self.member
        if member is None:
            return
        was = member.status
        member.tick(self.now())
        if member.status != was:
            self.view.refresh()
        else:
            self._update_clocks(member)
        away.show(self)

    def _update_clocks(self, member: GroupMember) -> None:
        view = member.view_at(self.now())
        if view is not None:
            self.page.put_clocks(self.t, view)

    # --- typing ---------------------------------------------------------------------------------
    def _my_turn(self, view: View | None) -> tuple[int, dict[str, Any], Typing] | None:
        """(my id, my duel's view, what I typed) while it is my turn to type, else None."""
        index = view["your_duel"] if view is not None else None
        if view is None or index is None or not view["your_turn"] or view["out"]:
            return None
        duel = view["duels"][index]
        turn = (view["round"], index)
        typing = self.typed.for_turn(view["lang"], duel["length"], turn, len(duel["rows"]))
        return view["you"], duel, typing

    def key(self, key: str) -> None:
        member = self.member
        if member is None or self.words is None or member.status == PAUSED:
            return
        target = self._my_turn(member.view_at(self.now()))
        if target is None:
            return
        _me, duel, typing = target
        self.watching = None
        if key == "enter":
            self._submit(member, self.words, duel, typing)
            return
        elif key == "back":
            typing.back()
        elif not typing.add(key):
            return
        else:
            self.message, self.shake = "", False
        self.view.refresh()

    def _submit(
        self, member: GroupMember, words: Dictionary, duel: dict[str, Any], typing: Typing
    ) -> None:
        """Checked here first against this device's word list (the reason at once, with
        its details), then sent; the leader checks it again and applies it."""
        try:
            words.parse(typing.text, duel["length"])
        except IllegalMove as refused:
            self._refused(self.t(refused.key, **refused.params))
            return
        if member.guess(typing.text, self.now()):
            typing.clear()
            self.message, self.shake = "", False
            self.view.refresh()

    # --- actions --------------------------------------------------------------------------------
    def on_action(self, action: str, data: Data, event: object) -> None:
        member = self.member
        view = member.view if member else None
        if action == "wd-key":
            self.key(data.get("key", ""))
        elif action == "wt-watch" and view is not None:
            try:
                index = int(data.get("duel", ""))
            except ValueError:
                return
            if 0 <= index < len(view["duels"]):
                self.out_seen = self.out_seen or bool(view["out"])
                mine = index == view["your_duel"] and not view["out"]
                self.watching = watched_after_click(index, self.watching, mine)
                self.view.refresh()
        elif action in ("wt-unwatch", "wt-watch-on", "wt-leave-no"):
            self.watching = None
            self.out_seen = self.out_seen or action == "wt-watch-on"
            self.confirm_leave = False
            self.view.refresh()
        elif action == "wt-leave" and view is not None and not view["out"]:
            self.confirm_leave = True
            self.view.refresh()
        elif action == "wt-leave-yes" and member is not None:
            self.confirm_leave = False
            member.leave()
            self.view.refresh()

    # --- drawing ----------------------------------------------------------------------------------
    def render(self) -> Markup:
        t, member = self.t, self.member
        if member is None:
            return draw.card(t, t("wt.group.remote.no_link"), home=True)
        if member.status == CONNECTING:
            return draw.card(t, t("wt.group.remote.joining", leader=self.leader))
        if member.status == OTHER_VERSION:  # (the words of every game between devices)
            said = t("remote.status.other_version", name=isolated(self.leader))
            return draw.card(t, said, home=True)
        if member.status == ABANDONED:
            return draw.card(t, t("wt.group.remote.abandoned", leader=self.leader), home=True)
        view = member.view_at(self.now())
        paused = draw.paused(t, self.leader) if member.status == PAUSED else None
        if member.status == LOBBY or self.words is None or view is None:
            return h(
                "div",
                {"class": "wt-screen wt-remote-lobby"},
                paused,
                draw.member_lobby(t, view, self.leader),
            )
        ui = Ui(
            mode="game",
            lang=view["lang"],
            you=view["you"],
            remote="member",
            leader_name=self.leader,
            message=self.message,
            message_is_error=self.message_is_error,
            shake=self.shake,
            confirm_leave=self.confirm_leave,
            watching=self.watching,
            focus=view["your_duel"],
            out_seen=self.out_seen,
            counted=True,
        )
        if view["phase"] == "over":
            ui.profile = tp.profile(self.keeper.ratings(), self.name)
            ui.stats = self.keeper.stats(FRIENDS)
        target = self._my_turn(view)
        if target is not None and member.status != PAUSED:
            ui.typist, ui.typed = target[0], target[2].tiles()
        drawn = {**view, "humans_done": bool(view["out"])}
        return h("div", {"class": "wt-remote"}, paused, render(t, self.words, ui, drawn))

    # --- page life -------------------------------------------------------------------------------
    def suspend(self) -> None:
        pass  # the link stays up while the page is hidden: the leader goes on

    def resume(self) -> None:
        self.view.refresh()

    def close(self) -> None:
        """Another page of the app is not leaving (16.8): the link stays up and the
        tournament goes on behind, with the header's bar; this page opened again
        joins anew on the link (the leader sends the view at once)."""
        if not away.carry_on(self):
            self.stop_ticking()

    def stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None
