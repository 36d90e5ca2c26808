"""The Settings page's section on internet play (the Nostr relays that carry one link's
signalling, the STUN servers, and a TURN server of the player's own, for playing with a
friend)."""

from ..html import h
from ..peer import prefs

TURN_FIELDS = ("url", "username", "credential")


def section(t, store, turn_draft: dict[str, str] | None = None, turn_problem: str | None = None):
    """turn_draft: the TURN server's fields as typed but refused (turn_problem says why), shown
    again as they were rather than the saved ones."""
    settings = prefs.load(store)
    options = [
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "radio",
                    "name": "internet",
                    "value": value,
                    "data-action": "internet",
                    "checked": value == settings["internet"],
                },
            ),
            h("span", {}, t(f"settings.internet.{value}")),
        )
        for value in ("off", "on")
    ]
    return h(
        "fieldset",
        {
            "class": "setting",
            "data-setting-group": "internet",
            "aria-describedby": "settings-internet-hint",
        },
        h("legend", {}, t("settings.internet")),
        h("p", {"class": "hint", "id": "settings-internet-hint"}, t("settings.internet.hint")),
        options,
        h(
            "p",
            {},
            h("label", {"for": "settings-stun"}, t("settings.stun")),
            h(
                "textarea",
                {
                    "id": "settings-stun",
                    "rows": 3,
                    "spellcheck": "false",
                    "data-action": "stun",
                    "data-authored": True,  # the player's own list, not the app's words
                    "disabled": settings["internet"] != "on",
                },
                "\n".join(settings["stun"]),
            ),
        ),
        h(
            "p",
            {},
            h("label", {"for": "settings-relays"}, t("settings.relays")),
            h(
                "textarea",
                {
                    "id": "settings-relays",
                    "rows": 4,
                    "spellcheck": "false",
                    "data-action": "relays",
                    "data-authored": True,  # the player's own list, not the app's words
                    "disabled": settings["internet"] != "on",
                },
                "\n".join(settings["relays"]),
            ),
        ),
        turn_group(t, settings, turn_draft, turn_problem),
    )


def turn_group(t, settings, draft: dict[str, str] | None, problem: str | None):
    """The player's own TURN server: its address, user name and password, saved together by
    the button, and the choice to connect only through it."""
    saved = settings["turn"] or {}
    typed = draft if draft is not None else {f: saved.get(f, "") for f in TURN_FIELDS}
    off = settings["internet"] != "on"
    kinds = {"url": "text", "username": "text", "credential": "password"}

    def field(name: str):
        wrong = problem == name or (problem == "missing" and not typed.get(name, "").strip())
        return h(
            "p",
            {},
            h("label", {"for": f"settings-turn-{name}"}, t(f"settings.turn.{name}")),
            h(
                "input",
                {
                    "id": f"settings-turn-{name}",
                    "type": kinds[name],
                    "value": typed.get(name, ""),
                    "autocomplete": "off",
                    "spellcheck": "false",
                    "autocapitalize": "off",
                    "maxlength": 300 if name == "url" else 128,
                    "data-action": "turn_field",
                    "data-field": name,
                    "data-authored": True,  # the player's own, not the app's words
                    "disabled": off,
                    "aria-invalid": "true" if wrong else None,
                    "aria-describedby": "settings-turn-problem" if wrong else None,
                },
            ),
        )

    return h(
        "div",
        {"class": "settings-turn", "data-turn": "set" if settings["turn"] else "none"},
        h("p", {"class": "hint", "id": "settings-turn-hint"}, t("settings.turn.hint")),
        [field(name) for name in TURN_FIELDS],
        h(
            "p",
            {"class": "connect-problem", "id": "settings-turn-problem", "role": "alert"},
            t(f"settings.turn.bad.{problem}"),
        )
        if problem
        else None,
        h(
            "p",
            {},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "turn", "disabled": off},
                t("settings.turn.save"),
            ),
        ),
        h(
            "p",
            {},
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "checkbox",
                        "id": "settings-relay-only",
                        "data-action": "relay_only",
                        "checked": settings["relay_only"],
                        "disabled": off or settings["turn"] is None,
                        "aria-describedby": "settings-turn-hint",
                    },
                ),
                h("span", {}, t("settings.turn.relay_only")),
            ),
        ),
    )


def save_turn(change, typed: dict[str, str]) -> str | None:
    """Keep the TURN server as typed (all three fields empty: no server, and so not
    relay-only); why it was refused (settings.turn.bad.<problem>), None once kept."""
    url, username, credential = (typed.get(name, "") for name in TURN_FIELDS)
    given = [text.strip() for text in (url, username, credential)]
    if not any(given):
        change(turn=None, relay_only=False)
        return None
    if not all(given):
        return "missing"
    problem = prefs.turn_problem(url, username, credential)
    if problem is None:
        change(turn=prefs.turn_server(url, username, credential))
    return problem


def on_action(change, action: str, value) -> bool:
    """Keep a change of this section; False if the action is not one of its own."""
    if action == "internet" and value in ("off", "on"):
        change(internet=value)
    elif action == "stun":
        change(stun=prefs.stun_list(value) or list(prefs.DEFAULT_STUN))
    elif action == "relays":
        change(relays=prefs.relay_list(value) or list(prefs.DEFAULT_RELAYS))
    elif action == "relay_only" and value in ("on", "off"):
        change(relay_only=value == "on")
    else:
        return False
    return True
