"""The new-game dialog, with no browser: its markup from the choices being made
(`DominoesUi.setup`: {"players": [kind per seat], "partners": bool}) and how each
control changes those choices."""

from collections.abc import Mapping
from typing import Any

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from .seats import parse_players
from .ui import DEFAULT_PLAYERS, KINDS, DominoesUi

SEAT_COUNTS = (2, 3, 4)


def choices_from_prefs(prefs: Mapping[str, Any]) -> dict[str, Any]:
    """The dialog opens on the table last set up (the remembered choices)."""
    players = parse_players(prefs.get("players")) or list(DEFAULT_PLAYERS)
    return {"players": players, "partners": bool(prefs.get("partners"))}


def table_chosen(setup: Mapping[str, Any]) -> tuple[list[str], bool]:
    """(players, partners) to start: partners only with four at the table."""
    players = list(setup["players"])
    return players, bool(setup["partners"]) and len(players) == 4


def change(
    setup: Mapping[str, Any], action: str, data: Mapping[str, str], checked: bool = False
) -> dict[str, Any] | None:
    """The choices after one control's change (None: the control says nothing known). A
    count of seats changes the seats shown; a player or Partners shows itself as chosen."""
    players = list(setup["players"])
    if action == "setup-count" and data.get("value") in ("2", "3", "4"):
        count = int(data["value"])
        players = players[:count] + ["strong"] * (count - len(players))
        return {**setup, "players": players}
    if action == "setup-player" and data.get("value") in KINDS:
        seat = int(data.get("seat", -1))
        if 0 <= seat < len(players):
            players[seat] = data["value"]
            return {**setup, "players": players}
    elif action == "setup-partners":  # (each change turns the box over, when not told)
        partners = checked if "checked" in data else not setup["partners"]
        return {**setup, "partners": bool(partners)}
    return None


def setup_dialog(ui: DominoesUi, t: Translate) -> Markup | None:
    if ui.setup is None:
        return None
    setup = ui.setup
    count = len(setup["players"])
    seat_rows = []
    for seat, kind in enumerate(setup["players"]):
        options = [
            h("option", {"value": k, "selected": k == kind}, t(f"dominoes.kind.{k}")) for k in KINDS
        ]
        seat_rows.append(
            h(
                "label",
                {"class": "dm-setup-seat"},
                h("span", {}, t("dominoes.seat", number=seat + 1)),
                h(
                    "select",
                    {"data-action": "setup-player", "data-seat": seat, "name": f"dm-seat-{seat}"},
                    options,
                ),
            )
        )
    counts = [
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "radio",
                    "name": "dm-count",
                    "value": n,
                    "data-action": "setup-count",
                    "checked": n == count,
                },
            ),
            h("span", {}, t("dominoes.setup_count", count=n)),
        )
        for n in SEAT_COUNTS
    ]
    return h(
        "dialog",
        {
            "class": "dm-dialog dm-setup",
            "id": "dm-setup",
            "aria-labelledby": "dm-setup-title",
            "data-open": True,
        },
        h("h2", {"id": "dm-setup-title"}, t("dominoes.setup_title")),
        h(
            "fieldset",
            {},
            h("legend", {}, t("dominoes.setup_seats")),
            h("div", {"class": "dm-setup-counts"}, counts),
        ),
        h("fieldset", {}, h("legend", {}, t("dominoes.setup_players")), seat_rows),
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "checkbox",
                    "data-action": "setup-partners",
                    "name": "dm-partners",
                    "checked": bool(setup["partners"]) and count == 4,
                    "disabled": count != 4,
                },
            ),
            h("span", {}, t("dominoes.setup_partners")),
        ),
        h("p", {"class": "hint"}, t("dominoes.setup_partners_hint")),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "setup-start"},
                t("dominoes.setup_start"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "setup-cancel"},
                t("dominoes.cancel"),
            ),
        ),
        h(
            "p",
            {"class": "hint"},
            h(
                "a",
                {"href": router.href("invite", game="dominoes"), "data-friend": True},
                t("connect.title"),
            ),
        ),
    )
