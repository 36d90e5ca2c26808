"""The Settings page's section on internet play (the Nostr relays that carry one link's
signalling, and the STUN servers, for playing with a friend)."""

from ..html import h
from ..peer import prefs


def section(t, store):
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
    )


def on_action(change, action: str, value) -> bool:
    """Keep a change of this section; False if the action is not one of its own."""
    if action == "internet" and value in ("off", "on"):
        change(internet=value)
    elif action == "stun":
        change(stun=prefs.stun_list(value) or list(prefs.DEFAULT_STUN))
    elif action == "relays":
        change(relays=prefs.relay_list(value) or list(prefs.DEFAULT_RELAYS))
    else:
        return False
    return True
