"""Settings: language, theme, motion, colour-blind help and sound, saved at once."""

from .. import sound
from ..html import h
from ..settings import COLOUR_BLIND, MOTIONS, SOUNDS, THEMES
from . import settings_internet
from .base import View

CHOICES = {
    "language": ("en", "cy"),
    "theme": THEMES,
    "motion": MOTIONS,
    "colour_blind": COLOUR_BLIND,
    "sound": SOUNDS,
}


class SettingsView(View):
    def title(self) -> str:
        return self.t("settings.title")

    def current(self, name: str):
        if name == "language":
            return self.t.language
        return self.app.settings[name]

    def render(self):
        t = self.t
        groups = []
        for name, choices in CHOICES.items():
            options = [
                h(
                    "label",
                    {"class": "choice"},
                    h(
                        "input",
                        {
                            "type": "radio",
                            "name": name,
                            "value": value,
                            "data-action": "setting",
                            "data-setting": name,
                            "checked": value == self.current(name),
                        },
                    ),
                    h("span", {}, t(f"settings.{name}.{value}")),
                )
                for value in choices
            ]
            hint = t(f"settings.{name}.hint") if t.has(f"settings.{name}.hint") else None
            groups.append(
                h(
                    "fieldset",
                    {
                        "class": "setting",
                        "data-setting-group": name,
                        "aria-describedby": f"settings-{name}-hint" if hint else None,
                    },
                    h("legend", {}, t(f"settings.{name}")),
                    h("p", {"class": "hint", "id": f"settings-{name}-hint"}, hint)
                    if hint
                    else None,
                    options,
                )
            )
        return h(
            "section",
            {"class": "page settings", "data-page": "settings"},
            h("h1", {"tabindex": "-1"}, t("settings.title")),
            h(
                "form",
                {"class": "settings-form", "onsubmit": None},
                groups,
                settings_internet.section(t, self.app.store),
            ),
            h("p", {"class": "hint"}, t("settings.saved_here")),
        )

    def on_action(self, action, data, event):
        if settings_internet.on_action(self.app.change_connection_prefs, action, data.get("value")):
            self.app.render()
            kept = f'input[name="internet"][value="{data.get("value")}"]'
            field = {"internet": kept, "relays": "#settings-relays"}.get(action, "#settings-stun")
            focused = self.app_root_query(field)
            if focused:
                focused.focus()
            return
        name, value = data.get("setting"), data.get("value")
        if action == "setting" and name in CHOICES and value in CHOICES[name]:
            self.app.change_setting(name, value)
            if name == "sound":
                sound.wake()  # this choice is a gesture: sound may start now
                sound.cue("select")  # heard only if it is on now
            focused = self.app_root_query(f'input[name="{name}"][value="{value}"]')
            if focused:
                focused.focus()

    def app_root_query(self, selector: str):
        from ..browser import element

        return element("view").querySelector(selector)
