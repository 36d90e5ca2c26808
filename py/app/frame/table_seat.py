"""People on 2 or 3 other devices behind the one game view: a table of devices through the
host's relay (app.remote.table_game), the link of app.frame.remote_seat as LinkGame is for
two. #/connect opens the game view as "#/<game>?remote=table-host" (the host's page takes
every friend's connection) or "remote=table-guest" (a friend's page, its one connection to
the host); "remote=resume" opens a game saved here, which a table's save says it is.

A game saved here resumes over the links there are (none after a reload: the host makes a
new link for each friend it waits for, on #/connect?relink=<guest>), if the host's new link
names this game; a link that names another game is closed (the host sees this friend gone,
this page says no game is here)."""

from collections.abc import Callable
from typing import Any

from .. import saved_games
from ..midend import Midend
from ..remote.roster import HOST
from ..remote.saved_matches import is_table_save, table_session
from ..remote.table_game import TableGame, table_message

TABLE_HOST, TABLE_GUEST = "table-host", "table-guest"

Proposal = Callable[[], tuple[dict[str, Any], list[str]]]


def saved_here(midend: Midend) -> Any:
    """The game with friends saved here, as stored (None: none)."""
    return saved_games.load(midend.store, midend.session.game).data


def at_table(how: str, midend: Midend) -> bool:
    """Is the game this page opens one at a table of devices?"""
    return how in (TABLE_HOST, TABLE_GUEST) or (
        how == "resume" and is_table_save(saved_here(midend))
    )


def table_game(
    how: str,
    open_link: Any,
    midend: Midend,
    name: str,
    save: Callable[[], None],
    on_event: Callable[[dict[str, Any]], None],
) -> TableGame:
    """This page's side of the table: the host's with every friend's open connection from
    #/connect, a friend's with its connection to the host (`open_link`, if open)."""
    from ..peer import rtc

    session = table_session(saved_here(midend)) or {}
    friend = how == TABLE_GUEST or (how == "resume" and session.get("me") != HOST)
    if friend:  # (back on the page with the connection still open: it goes on)
        links = {HOST: open_link} if open_link is not None else {}
    else:
        links = {guest: each for guest, each in rtc.table.items() if each.state == "open"}
    return TableGame(links, midend, name, save, on_event)


def start(game: TableGame, how: str, proposal: Proposal, resume: Callable[[], Any]) -> None:
    """Lay the table (host), wait for the host's proposal (a friend), or take up the game
    saved here (`resume`: the midend's resume, which keeps the meta for the side)."""
    link = game.links.get(HOST)
    table = table_message(link.held) if link is not None else None
    if how == TABLE_HOST and len(game.links) > 1:
        game.host(*proposal())
    elif how == TABLE_HOST:  # a friend went before the table was laid
        for each in game.links.values():
            each.close()  # (the friend's page says the host left; this one: no game)
        game.links = {}
    elif table is not None and "match" not in table:
        game.guest()  # a new game: the host's proposal follows the table message
    elif _resumed(game, table, resume()):
        game.attach()  # (what the links held may move the game on)
    elif link is not None and table is not None:  # it names a game this device does not hold
        link.close()
        game.links = {}


def _resumed(game: TableGame, table: dict[str, Any] | None, meta: Any) -> bool:
    """The game saved here resumed, if it is the one the host's new link names (if any)."""
    if not isinstance(meta, dict):
        return False
    session = (game.midend.remote or {}).get("session") or {}
    named = table is None or (
        table.get("match") == game.match_id and table.get("you") == session.get("me")
    )
    return named and game.resume(meta.get("relay"))
