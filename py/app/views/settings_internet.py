"""The Settings page's section on internet play (STUN servers for playing with a friend)."""

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
    )


def on_action(change, action: str, value) -> bool:
    """Keep a change of this section; False if the action is not one of its own."""
    if action == "internet" and value in ("off", "on"):
        change(internet=value)
    elif action == "stun":
        change(stun=prefs.stun_list(value) or list(prefs.DEFAULT_STUN))
    else:
        return False
    return True
