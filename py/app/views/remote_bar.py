"""The line every game with a friend on another device shows above its board: where the
match stands (setting up, playing, the connection lost, stopped, ended) and what the
player can do about it (resign, leave, make a new link, play again). Markup only: the
view gives it its LinkGame (app.remote.link_game)."""

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from ..remote import verdict
from ..remote.checks import CHEATING, DESYNC
from ..remote.link_game import LinkGame
from ..remote.match import CONNECTING, ENDED, OVER, PLAYING
from ..remote.roster import HOST
from ..remote.table_game import TableGame

CLAIMS = (CHEATING, DESYNC)  # a friend's refusal that says the game cannot go on


def bar_state(game) -> str:
    """One word for the page (data-remote) and the tests: connecting, playing,
    interrupted (waiting for the network to come back), lost, over, ended, desync
    (ended by this device's check, recording nothing), cheating (ended as the other
    device's forfeit) or incompatible."""
    status = game.status
    if status in (PLAYING, CONNECTING) and not game.connected:
        return "interrupted" if game.interrupted else "lost"
    stop = game.match.stop if game.match is not None else None
    return stop or status


def bar_text(game, t) -> str:
    state, name = bar_state(game), game.peer
    problem = game.last_problem
    if game.status == ENDED and game.match.ended is not None:
        return ended_text(game, game.match.ended, t)
    if game.status == PLAYING and game.match.lost is not None:  # (app.remote.behind)
        return t(
            "remote.status.behind_table" if game.at_table else "remote.status.behind", name=name
        )
    claim = last_claim(game)
    if claim is not None:  # what the friend's device says, never this device's own finding
        said = t(f"remote.status.claim.{claim['kind']}", name=name)
        return f"{t('remote.status.playing', name=name)} {said}"
    if game.status == PLAYING and game.may_claim:  # (its connection lost or not)
        away = "stalled" if game.set_up_stalled else "away"
        return t(f"remote.status.{away}", name=game.name_of(game.awaited))
    if problem and game.at_table and state == problem["kind"]:
        name = game.name_of(problem["by"])  # the device every other one names
    if state == "lost" and game.at_table:  # the host makes the new links
        state = "lost_host" if game.hosting else "lost_guest"
        if not game.hosting and HOST not in game.missing:  # another friend is away
            return t("remote.status.lost_other", name=name, host=game.name_of(HOST))
    return t(f"remote.status.{state}", name=name)


def ended_text(game, ended: dict, t) -> str:
    """How the game ended, as app.remote.verdict decided it for this device."""
    if ended["by"] == game.match.role:
        who = "me_table" if game.at_table else "me"
        return t(f"remote.ended.{ended['how']}.{who}", name=game.peer)
    # at a table of devices: nobody wins, or the leaver's partner loses too
    outcome = game.match.outcome
    who = {True: "them", None: "nobody", False: "partner", verdict.NOTHING: "nobody"}[outcome]
    return t(f"remote.ended.{ended['how']}.{who}", name=game.name_of(ended["by"]))


def last_claim(game) -> dict | None:
    """The friend's latest claim that the game cannot go on, while it goes on here."""
    match = game.match
    if match is None or game.at_table or bar_state(game) != PLAYING:
        return None
    claims = [p for p in match.problems if p["by"] == "peer" and p["kind"] in CLAIMS]
    return claims[-1] if claims else None


def found(game, t):
    """The technical detail behind a disclosure, in the words it came in (a move, a rule's
    key: the status line says it plainly, in the page's language): what this device's check
    found that stopped the game, kept however much junk came after it; or the friend's
    device's own words, quoted, for its claim."""
    match = game.match
    ended = match.ended if match is not None else None
    claim = last_claim(game)
    summary = t("remote.details")
    if ended is not None and "reason" in ended:
        reason = ended["reason"]
    elif match is not None and match.stop is not None:
        ours = [p["reason"] for p in match.problems if p["kind"] == match.stop]
        reason = ours[0] if ours else ""
    elif claim is not None:
        summary, reason = t("remote.said", name=game.peer), f"\u201c{claim['reason']}\u201d"
    else:
        return None
    return h(
        "details",
        {"class": "remote-details"},
        h("summary", {}, summary),
        h("p", {}, reason),
    )


def remote_bar(game: LinkGame | TableGame, t: Translate) -> Markup:
    state = bar_state(game)
    buttons = []
    if game.status == PLAYING and game.may_claim:
        buttons.append(button("remote-claim", t("remote.claim")))
    if state == PLAYING:
        buttons.append(button("remote-resign", t("remote.resign"), subtle=True))
    if state in ("lost", "interrupted", CONNECTING) and isinstance(game, TableGame):
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
    finished = state in (OVER, ENDED) or game.status == ENDED
    match = game.match
    disputed = state == PLAYING and not game.at_table and match is not None and match.disputed
    if (finished or disputed) and game.connected:
        if game.hosting:
            buttons.append(button("remote-again", t("remote.again", name=game.peer)))
        else:
            buttons.append(h("span", {"class": "hint"}, t("remote.they_start", name=game.peer)))
    if not finished and state != PLAYING:
        buttons.append(button("remote-leave", t("remote.leave"), subtle=True))
    return h(
        "div",
        {"class": "remote-bar", "data-remote": state},
        h(
            "p",
            {"class": "remote-status", "id": "remote-status", "role": "status"},
            bar_text(game, t),
        ),
        found(game, t),
        h("div", {"class": "remote-actions"}, buttons) if buttons else None,
    )


def asked_first(action: str, game, app, t) -> bool:
    """Resign and Claim the game ask first (the question, what it means, its button);
    True when the action was one of these."""
    then = {"remote-resign": game.resign, "remote-claim": game.claim}.get(action)
    if then is None:
        return False
    word = action.removeprefix("remote-")
    if action == "remote-claim" and game.at_table:
        key = "claim_detail_table_stalled" if game.set_up_stalled else "claim_detail_table"
        detail = t(f"remote.{key}", name=game.name_of(game.awaited))
    elif action == "remote-claim" and game.set_up_stalled:
        detail = t("remote.claim_detail_stalled", name=game.peer)
    else:
        detail = t(f"remote.{word}_detail", name=game.peer)
    app.ask(t(f"remote.{word}_question"), detail, t(f"remote.{word}"), then)
    return True


def button(action: str, label: str, subtle: bool = False):
    return h(
        "button",
        {"type": "button", "class": "button subtle" if subtle else "button", "data-action": action},
        label,
    )
