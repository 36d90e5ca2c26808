"""The leader's hosting of a Wordle Tournament group across devices, kept while the app
shows another page: the tournament (app.remote.wordle_group's GroupLeader), the link to
each friend's device and a clock that goes on sending each member what changed. The
leader's tournament page (group_leader) draws it and plays the leader's
seat; #/connect?relink=<device> makes a new link for a friend whose page was closed or
reloaded and hands it here (`relinked`), so the leader never has to leave the tournament
for long. Only closing or reloading the leader's page ends it (the friends' pages say
the leader was lost).
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import browser
from ..i18n import Translator
from ..remote.wordle_group import LEADER, GroupLeader
from ..remote.wordle_group_saved import group_saved
from ..wordle.tournament_keeper import TournamentKeeper
from .away_draw import BACK_TO_HOSTED, bar, bar_state
from .header_bar import BAR

if TYPE_CHECKING:
    from ..peer.rtc import Link
    from .group_leader import GroupLeaderScreen

DOWN = ("closed", "failed", "interrupted")
TICK_MS = 200

current: "Hosting | None" = None  # the Hosting under way on this page, if any


class Hosting:
    def __init__(self, group_leader: GroupLeader, keeper: TournamentKeeper):
        self.leader = group_leader
        self.keeper = keeper  # the leader's screen's: its clock, save, results recorded
        self.links: dict[str, Link] = {}  # device -> its link now
        self.page: GroupLeaderScreen | None = None  # the screen drawing it now, if any
        self.t: Translator | None = None  # the leader page's, for the bar behind other pages
        self.bar_shown = False
        self.ticker = browser.Repeating(TICK_MS, self.tick)

    def adopt(self, device: str, link: "Link") -> None:
        """A friend's device linked: a newcomer to the lobby, or a member back."""
        old = self.links.get(device)
        if old is not None and old is not link:
            old.close()
        self.links[device] = link
        if device in self.leader.members:
            self.leader.member_back(device, self._sender(link), self.now())
        else:
            self.leader.connect(device, self._sender(link))
        link.take(self._on_message(device, link), self._on_state(device, link))
        self._changed()

    def relinked(self, device: str, link: "Link") -> None:
        """A member's new link, made on #/connect: their page joins again, as the same
        device of the group (the group names it first on the link: GroupLeader)."""
        self.adopt(device, link)

    def lost(self) -> list[tuple[str, str]]:
        """(device, name) of the members whose link is down and who are still in."""
        t = self.leader.tournament
        return [
            (device, m.name)
            for device, m in self.leader.members.items()
            if m.send is None and (m.pid is None or t.players[m.pid]["placement"] is None)
        ]

    def other_versions(self) -> list[str]:
        """The names of the friends whose app is another version (the leader's page says
        so in the words of every game between devices): their nickname if they joined
        before, else the name their link gave on #/connect."""
        links = self.links
        return [
            name or (links[device].peer_name if device in links else None) or "?"
            for device, name in self.leader.other_version.items()
        ]

    @staticmethod
    def _sender(link: "Link") -> Callable[[dict[str, Any]], None]:
        def send(message: dict[str, Any]) -> None:
            if link.state == "open":
                link.send(message)

        return send

    def _on_message(self, device: str, link: "Link") -> Callable[[object], None]:
        def taken(message: object) -> None:
            if self.links.get(device) is link:
                self.leader.receive(device, message, self.now())
                self.save(force=True)
                self._changed()

        return taken

    def _on_state(self, device: str, link: "Link") -> Callable[[str], None]:
        def changed(state: str) -> None:
            leader = self.leader
            if self.links.get(device) is not link:
                return  # an earlier link of that device
            if device not in leader.members:
                if state in DOWN:
                    leader.waiting.pop(device, None)  # linked, never joined
            elif state in DOWN and leader.members[device].send is not None:
                leader.member_lost(device, self.now())
            elif state == "open" and leader.members[device].send is None:
                leader.member_back(device, self._sender(link), self.now())
            self._changed()

        return changed

    def now(self) -> int:
        return self.keeper.now()

    def tick(self) -> None:
        if self.leader.tournament.phase != "lobby":  # (its clock starts with the tournament)
            self.leader.tick(self.now())
            self.save()
        self._show_bar()

    def _show_bar(self) -> None:
        """Behind another page of the app, the header's bar says how the leader's
        tournament stands, with a link back (as for a tournament on one device, 10.6)."""
        t, tournament = self.t, self.leader.tournament
        if self.page is not None or t is None or tournament.phase in ("lobby", "over"):
            self.hide_bar()
            return
        view = tournament.view(LEADER, self.now())
        holder = (LEADER, view["your_duel"]) if view["your_turn"] else None
        said, clock = bar_state(t, view, holder, False)
        if not (self.bar_shown and BAR.update(said, clock, t.language)):
            BAR.put(bar(t, said, clock, BACK_TO_HOSTED))
            self.bar_shown = True

    def hide_bar(self) -> None:
        if self.bar_shown:
            BAR.remove()
            self.bar_shown = False

    def save(self, force: bool = False) -> None:
        self.keeper.save_hosted(self, force)

    def to_json(self) -> dict[str, Any]:
        """What the keeper saves of the hosting: the group (a reload hosts it again)."""
        return group_saved(self.leader)

    def _changed(self) -> None:
        if self.page is not None:
            self.page.hosting_changed()

    def stop(self) -> None:
        """The leader's page is closing: the friends' pages say the leader was lost."""
        global current
        self.ticker.stop()
        for link in self.links.values():
            link.close()
        if current is self:
            current = None
