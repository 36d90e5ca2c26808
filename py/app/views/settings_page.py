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
    # The TURN server's fields as typed but refused, and why (settings_internet.save_turn):
    # shown again until corrected, never saved.
    turn_draft: dict[str, str] | None = None
    turn_problem: str | None = None

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
                settings_internet.section(t, self.app.store, self.turn_draft, self.turn_problem),
            ),
            h("p", {"class": "hint"}, t("settings.saved_here")),
        )

    def on_action(self, action, data, event):
        if action == "turn_field":  # typed: kept by the button (nothing to draw yet)
            return
        if action == "turn":
            self.save_turn()
            return
        if action == "relay_only":
            data = {"value": "on" if event.target.checked else "off"}
        if settings_internet.on_action(self.app.change_connection_prefs, action, data.get("value")):
            self.app.render()
            kept = f'input[name="internet"][value="{data.get("value")}"]'
            field = {
                "internet": kept,
                "relays": "#settings-relays",
                "relay_only": "#settings-relay-only",
            }.get(action, "#settings-stun")
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

    def save_turn(self) -> None:
        """The TURN server's three fields, kept together, or refused with the reason."""
        typed = {}
        for name in settings_internet.TURN_FIELDS:
            found = self.app_root_query(f"#settings-turn-{name}")
            typed[name] = str(found.value) if found else ""
        problem = settings_internet.save_turn(self.app.change_connection_prefs, typed)
        self.turn_draft, self.turn_problem = (typed, problem) if problem else (None, None)
        self.app.render()
        wrong = problem if problem in settings_internet.TURN_FIELDS else None
        if problem == "missing":
            wrong = next((n for n in settings_internet.TURN_FIELDS if not typed[n].strip()), None)
        focused = self.app_root_query(
            f"#settings-turn-{wrong}" if wrong else "[data-action='turn']"
        )
        if focused:
            focused.focus()
        self.app.announce(
            self.t(f"settings.turn.bad.{problem}") if problem else self.t("settings.turn.saved")
        )

    def app_root_query(self, selector: str):
        from ..browser import element

        return element("view").querySelector(selector)
