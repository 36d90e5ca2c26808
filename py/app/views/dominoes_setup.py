"""The new-game dialog, with no browser: its markup from the choices being made
(`Ui.setup`: {"players": [kind per seat], "partners": bool}) and how each
control changes those choices."""

from ..html import Markup, h
from .dominoes_parts import DEFAULT_PLAYERS, KINDS, Ui, parse_players

SEAT_COUNTS = (2, 3, 4)


def choices_from_prefs(prefs: dict) -> dict:
    """The dialog opens on the table last set up (the remembered choices)."""
    players = parse_players(prefs.get("players")) or list(DEFAULT_PLAYERS)
    return {"players": players, "partners": bool(prefs.get("partners"))}


def table_chosen(setup: dict) -> tuple:
    """(players, partners) to start: partners only with four at the table."""
    players = list(setup["players"])
    return players, bool(setup["partners"]) and len(players) == 4


def change(setup: dict, action: str, data: dict, checked: bool = False) -> bool:
    """Apply one control's change to the choices; True when the dialog must be
    drawn again (the seats shown changed)."""
    if action == "setup-count" and data.get("value") in ("2", "3", "4"):
        count = int(data["value"])
        players = setup["players"][:count]
        while len(players) < count:
            players.append("strong")
        setup["players"] = players
        return True
    if action == "setup-player" and data.get("value") in KINDS:
        seat = int(data.get("seat", -1))
        if 0 <= seat < len(setup["players"]):
            setup["players"][seat] = data["value"]
    elif action == "setup-partners":
        setup["partners"] = bool(checked)
    return False


def setup_dialog(ui: Ui, t) -> Markup | None:
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
        {"class": "dm-dialog dm-setup", "id": "dm-setup", "aria-labelledby": "dm-setup-title"},
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
    )
