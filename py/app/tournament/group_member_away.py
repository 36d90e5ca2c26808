"""A member's tournament going on behind the app's other pages (rule 16.8).

Opening another page of the app on a member's device is not leaving: the link to the
leader stays up, the member's screen keeps listening and ticking (results are recorded
as they come), and the header's bar (away_draw) says how this
member's tournament stands, with a link back. The member's page, opened again, takes
over: the screen behind stops and the bar goes (the new page joins anew on the link).
"""

from typing import TYPE_CHECKING

from ..remote.wordle_group_member import ABANDONED, LOBBY, OVER, PAUSED, PLAYING
from .away_draw import BACK_TO_MEMBER, bar, bar_state
from .header_bar import BAR
from .ui import isolated

if TYPE_CHECKING:
    from .group_member import GroupMemberScreen

_behind: "GroupMemberScreen | None" = None  # the member's screen behind another page


def carry_on(screen: "GroupMemberScreen") -> bool:
    """The member's page closed for another page of the app: True when its
    tournament (or the group waiting for it) goes on behind, with the bar (False:
    nothing to carry on)."""
    global _behind
    member = screen.member
    if member is None or member.status not in (LOBBY, PLAYING, PAUSED):
        return False
    _behind = screen
    show(screen)
    return True


def take_over() -> None:
    """The member's page opened again: the screen behind stops and its bar goes."""
    global _behind
    screen, _behind = _behind, None
    if screen is not None:
        screen.stop_ticking()
        BAR.remove()


def show(screen: "GroupMemberScreen") -> None:
    """The bar as the member's tournament stands (after every tick behind): from the
    group's lobby to the end and back to the lobby for the next one. Once it is
    abandoned, the bar says so and the clock behind stops."""
    member = screen.member
    if screen is not _behind or member is None:
        return
    t = screen.t
    view = member.view_at(screen.now())
    if member.status == ABANDONED or view is None:
        screen.stop_ticking()
        said, clock = t("wt.bar_abandoned", leader=isolated(screen.leader)), ""
    elif member.status == OVER:  # (the leader may take the group back to its lobby)
        said, clock = t("wt.bar_over"), ""
    elif member.status in (PAUSED, LOBBY):  # (in the group: the leader may start it)
        key = "wt.bar_paused" if member.status == PAUSED else "wt.bar_lobby"
        said, clock = t(key, leader=isolated(screen.leader)), ""
    else:
        mine = view["your_duel"]
        holder = (view["you"], mine) if view["your_turn"] and not view["out"] else None
        drawn = {**view, "humans_done": bool(view["out"])}
        said, clock = bar_state(t, drawn, holder, False, people={view["you"]})
    if not BAR.update(said, clock, t.language):
        BAR.put(bar(t, said, clock, BACK_TO_MEMBER))
