"""The line every game with a friend on another device shows above its board: where the
match stands (setting up, playing, the connection lost, stopped, ended) and what the
player can do about it (resign, leave, make a new link, play again). Markup only: the
view gives it its LinkGame (app.remote.link_game)."""

from .. import router
from ..html import h
from ..remote.match import CONNECTING, ENDED, OVER, PLAYING
from ..remote.relay import HOST


def bar_state(game) -> str:
    """One word for the page (data-remote) and the tests: connecting, playing,
    interrupted (waiting for the network to come back), lost, over, ended, desync,
    cheating or incompatible."""
    status = game.status
    if status in (PLAYING, CONNECTING) and not game.connected:
        return "interrupted" if game.interrupted else "lost"
    return status


def bar_text(game, t) -> str:
    state, name = bar_state(game), game.peer
    problem = game.last_problem
    reason = problem["reason"] if problem else ""
    if state == ENDED and game.match.ended is not None:
        ended = game.match.ended
        if ended["by"] == game.match.role:
            who = "me_table" if game.at_table else "me"
            return t(f"remote.ended.{ended['how']}.{who}", name=name)
        # at a table of devices: nobody wins, or the leaver's partner loses too
        who = {True: "them", None: "nobody", False: "partner"}[game.winner_is_me]
        return t(f"remote.ended.{ended['how']}.{who}", name=game.name_of(ended["by"]))
    if problem and game.at_table and state == problem["kind"]:
        name = game.name_of(problem["by"])  # the device every other one names
    if state == "lost" and game.at_table:  # the host makes the new links
        state = "lost_host" if game.hosting else "lost_guest"
        if not game.hosting and HOST not in game.missing:  # another friend is away
            return t("remote.status.lost_other", name=name, host=game.name_of(HOST))
    return t(f"remote.status.{state}", name=name, reason=reason)


def remote_bar(game, t):
    state = bar_state(game)
    buttons = []
    if state == PLAYING:
        buttons.append(button("remote-resign", t("remote.resign"), subtle=True))
    if state in ("lost", "interrupted", CONNECTING) and game.at_table:
        if game.hosting:  # a new link for each friend it waits for
            buttons += [
                h(
                    "a",
                    {"class": "button", "href": router.href("connect", relink=device)},
                    t("remote.new_link_for", name=game.name_of(device)),
                )
                for device in game.missing
            ]
    elif state in ("lost", "interrupted", CONNECTING):
        buttons.append(
            h("a", {"class": "button", "href": router.href("connect")}, t("remote.new_link"))
        )
    if state in (OVER, ENDED) and game.connected:
        if game.hosting:
            buttons.append(button("remote-again", t("remote.again", name=game.peer)))
        else:
            buttons.append(h("span", {"class": "hint"}, t("remote.they_start", name=game.peer)))
    if state not in (OVER, ENDED, PLAYING):
        buttons.append(button("remote-leave", t("remote.leave"), subtle=True))
    return h(
        "div",
        {"class": "remote-bar", "data-remote": state},
        h(
            "p",
            {"class": "remote-status", "id": "remote-status", "role": "status"},
            bar_text(game, t),
        ),
        h("div", {"class": "remote-actions"}, buttons) if buttons else None,
    )


def button(action: str, label: str, subtle: bool = False):
    return h(
        "button",
        {"type": "button", "class": "button subtle" if subtle else "button", "data-action": action},
        label,
    )
