"""What the Dominoes page says: the players' names, a sentence about some seats in their
own words, what a move's events were, and the line under the table. Pure."""

from collections.abc import Iterable, Mapping
from typing import Any

from games.dominoes.choices import must

from ..frame.frontend import Translate
from .tiles import high_first, tile_name
from .ui import LEVELS, REMOTE_KIND, DominoesUi, Screen, humans, is_computer, is_you, phase


def name(ui: DominoesUi, seat: int, t: Translate) -> str:
    if ui.players[seat] == REMOTE_KIND:
        return ui.peer_names.get(seat) or ui.peer or "?"
    if ui.players[seat] == "human":
        return t("dominoes.you") if len(humans(ui)) == 1 else t("dominoes.player", number=seat + 1)
    computers = [s for s, kind in enumerate(ui.players) if kind in LEVELS]
    return (
        t("dominoes.computer") if len(computers) == 1 else t("dominoes.computer_n", number=seat + 1)
    )


def team_name(view: Mapping[str, Any], ui: DominoesUi, team: int, t: Translate) -> str:
    return " & ".join(name(ui, s, t) for s in view["teams"][team])


def about(
    t: Translate,
    key: str,
    view: Mapping[str, Any],
    ui: DominoesUi,
    seats: Iterable[int],
    **params: Any,
) -> str:
    """A sentence about some seats, in their own words: `key`.you (the one person
    at a table of computers), .we (that person and a partner: {partner}), .named
    (one seat: {name}) or .pair (two partners: {name}), so that neither English
    nor Welsh has "You passes" or "Mae Chi yn pasio"."""
    seats = list(seats)
    you = [seat for seat in seats if is_you(ui, seat)]
    if you and len(seats) == 1:
        return t(f"{key}.you", **params)
    if you:
        partner = next(seat for seat in seats if seat not in you)
        return t(f"{key}.we", partner=name(ui, partner, t), **params)
    form = "named" if len(seats) == 1 else "pair"
    return t(f"{key}.{form}", name=" & ".join(name(ui, s, t) for s in seats), **params)


def play_text(event: Mapping[str, Any], ui: DominoesUi, t: Translate) -> str:
    tile, end = tile_name(event["tile"]), event["end"]
    if end is None:
        key, where = "lead", ""
    elif event["onto_spinner"] and not event["spinner"]:
        key, where = "on", t("dominoes.where_spinner")
    else:
        key, where = "on", t(f"dominoes.where.{end}")
    if event["spinner"]:
        key = "spinner_lead" if end is None else "spinner_new"
    you = "you_" if is_you(ui, event["seat"]) else ""
    return t(
        f"dominoes.announce.{you}{key}", name=name(ui, event["seat"], t), tile=tile, where=where
    )


def narrate(
    events: list[dict[str, Any]], view: Mapping[str, Any], ui: DominoesUi, t: Translate
) -> list[str]:
    """The sentences announcing a move's events. `view` is the seat in view's
    after the move; a drawn tile is named only to the person who drew it."""
    said: list[str] = []
    for event in events:
        kind = event["type"]
        if kind == "play":
            said.append(play_text(event, ui, t))
        elif kind == "score":
            if said:  # "Ana plays 5-3 on the spinner: 15 points."
                said[-1] = t(
                    "dominoes.announce.with_points",
                    play=said[-1].rstrip(".!"),
                    points=event["points"],
                )
            else:
                said.append(t("dominoes.announce.points", points=event["points"]))
        elif kind == "draw":
            seat = event["seat"]
            if seat == view["seat"] and not is_computer(ui, seat):
                if "tile" in event:  # (between devices it comes later, from the deck)
                    said.append(drawn_text(high_first(event["tile"]), t))
            else:
                said.append(t("dominoes.announce.draws", name=name(ui, seat, t)))
        elif kind == "pass":
            said.append(about(t, "dominoes.announce.pass", view, ui, [event["seat"]]))
        elif kind == "hand_end":
            if event["reason"] == "domino":
                said.append(about(t, "dominoes.announce.domino", view, ui, [event["seat"]]))
            else:
                said.append(t("dominoes.announce.blocked"))
            if event["winner_team"] is not None:
                winners = view["teams"][event["winner_team"]]
                said.append(
                    about(t, "dominoes.sum_points", view, ui, winners, points=event["points"])
                )
        elif kind == "game_over":
            winners = view["teams"][event["winner_team"]]
            said.append(about(t, "dominoes.announce.over", view, ui, winners))
    return [s for s in said if s]


def drawn_text(tile: tuple[int, int], t: Translate) -> str:
    """The tile just drawn, named to the person who drew it alone."""
    return t("dominoes.announce.you_draw", tile=tile_name(tile))


def status_text(view: dict[str, Any], ui: Screen | DominoesUi, t: Translate) -> str:
    now, current = phase(view, ui), view["current_player"]
    if now == "over":
        return t("dominoes.status_over")
    if now == "summary":
        return t("dominoes.status_summary")
    if now == "cover":
        return t("dominoes.cover_text", name=name(ui, current, t))
    if now == "computer":
        return t("dominoes.status_thinking", name=name(ui, current, t))
    if now == "remote":
        return t("dominoes.status_remote", name=name(ui, current, t))
    if now == "checking":
        return t("dominoes.status_checking")
    if now == "dealing":
        return t("dominoes.status_dealing")
    if now == "stopped":
        return t("dominoes.status_stopped")
    needed = must(view)
    if needed == "draw":
        return t("dominoes.status_draw")
    if needed == "pass":
        return t("dominoes.status_pass")
    if view["layout"]["root"] is None:
        return t("dominoes.status_lead")
    if ui.selected is not None:
        return t("dominoes.status_choose_end", tile=tile_name(ui.selected))
    return t("dominoes.status_play")
