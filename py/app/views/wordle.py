"""Wordle's home page (language, practice duel, tournament) and the pages of a Wordle
Tournament group across devices (the leader's and a member's screens: render / key /
page-life methods; this view routes actions and keys to the one showing). The duel and the
Tournament on one device are the one game view's (app.wordle_duel.loading,
app.tournament.loading).
"""

from games.wordle.letters import LANGUAGES
from games.wordle.players import LEVELS

from .. import router
from ..html import h
from ..wordle_duel import saved
from .base import View
from .wordle_parts import default_language, language_select

GAME = "wordle"
DEFAULT_PREFS = {"lang": "en", "level": "skilled"}
LEVEL_ORDER = ("beginner", "casual", "skilled", "expert")


GROUP_SCREENS = ("group-host", "group-member")


def group_screen(remote: str):
    if remote == "group-host":
        from ..tournament.group_leader import GroupLeaderScreen

        return GroupLeaderScreen
    from ..tournament.group_member import GroupMemberScreen

    return GroupMemberScreen


class WordleView(View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.root = None
        # (a player who chose no word language plays in the interface language's)
        unchosen = {**DEFAULT_PREFS, "lang": default_language(app.t.language)}
        self.prefs = {**unchosen, **self._saved_prefs()}
        mode = route.params.get("mode")
        self.screen = None
        remote = route.params.get("remote")
        if mode == "tournament" and remote in GROUP_SCREENS:  # a group across devices
            self.screen = group_screen(remote)(self)

    def _saved_prefs(self) -> dict:
        data = self.app.store.load(f"prefs:{GAME}").data
        prefs = {}
        if isinstance(data, dict):
            if data.get("lang") in LANGUAGES:
                prefs["lang"] = data["lang"]
            if data.get("level") in LEVELS:
                prefs["level"] = data["level"]
        return prefs

    @property
    def colour_blind(self) -> bool:
        return self.app.settings["colour_blind"] == "on"

    def set_prefs(self, **changes) -> None:
        self.app.remember_choices(GAME, self.prefs, changes)
        self.prefs.update(changes)  # (what is stored holds only the choices ever made)

    # --- drawing ------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.wordle.name")

    def refresh(self) -> None:
        if self.root is not None and self.app.view is self:
            self.root.innerHTML = self.render()
            self.mounted(self.root)

    def render(self):
        t = self.t
        cls = "wordle-view" + (" wd-colour-blind" if self.colour_blind else "")
        body = self.screen.render() if self.screen is not None else self._home()
        return h(
            "div",
            {"class": cls, "data-game": GAME},
            h("h1", {"tabindex": "-1"}, t("game.wordle.name")),
            body,
            h(
                "p",
                {"class": "wd-links"},
                h("a", {"href": "#/wordle"}, t("wordle.home")) if self.screen is not None else None,
                " ",
                h("a", {"href": router.href("rules", "wordle")}, t("wordle.rules_link")),
            ),
        )

    def _home(self):
        t = self.t
        languages = language_select(t, "wd-lang", "wd-lang", self.prefs["lang"])
        levels = h(
            "select",
            {"id": "wd-level", "data-action": "wd-level"},
            [
                h(
                    "option",
                    {"value": level, "selected": level == self.prefs["level"]},
                    t(f"wordle.level.{level}"),
                )
                for level in LEVEL_ORDER
            ],
        )
        saved_duel = saved.has_saved(self.app.store)
        return h(
            "section",
            {"class": "wd-home"},
            h("p", {}, t("wordle.home_intro")),
            h(
                "div",
                {"class": "wd-form"},
                h("label", {"for": "wd-lang"}, t("wordle.language")),
                languages,
                h("label", {"for": "wd-level"}, t("wordle.opponent")),
                levels,
                h(
                    "label",
                    {"class": "wd-check"},
                    h(
                        "input",
                        {
                            "type": "checkbox",
                            "data-action": "wd-colour-blind",
                            "checked": self.colour_blind,
                        },
                    ),
                    " ",
                    t("wordle.colour_blind"),
                ),
            ),
            h(
                "div",
                {"class": "wd-actions"},
                h(
                    "a",
                    {"class": "button primary", "href": "#/wordle?mode=tournament"},
                    t("wordle.play_tournament"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "wd-new-duel"},
                    t("wordle.practice_duel"),
                ),
                h("a", {"class": "button", "href": "#/wordle?mode=duel"}, t("wordle.continue_duel"))
                if saved_duel
                else None,
            ),
            h(
                "p",
                {"class": "hint"},
                h(
                    "a",
                    {"href": router.href("invite", game="wordle"), "data-friend": True},
                    t("connect.title"),
                ),
            ),
        )

    def mounted(self, root) -> None:
        self.root = root

    # --- events -----------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action == "wd-lang" and data.get("value") in LANGUAGES:
            self.set_prefs(lang=data["value"])
        elif action == "wd-level" and data.get("value") in LEVELS:
            self.set_prefs(level=data["value"])
        elif action == "wd-colour-blind":
            # A shortcut to the setting every game honours (Settings)
            self.app.change_setting("colour_blind", "off" if self.colour_blind else "on")
        elif action == "wd-new-duel":
            self.new_duel_unless_kept()
        elif self.screen is not None and hasattr(self.screen, "on_action"):
            self.screen.on_action(action, data, event)

    def new_duel_unless_kept(self) -> None:
        """A new practice duel, asking first when that would throw away one in
        progress (a row played, not over): it would be lost and not counted
        (docs/rules/wordle-tournament.md 13.4)."""
        if not saved.unfinished_saved(self.app.store):
            self.new_duel()
            return
        t = self.t
        self.app.ask(
            t("wordle.confirm_new_title"),
            t("wordle.confirm_uncounted"),
            t("wordle.confirm_new_yes"),
            self.new_duel,
        )

    def new_duel(self) -> None:
        """A new practice duel, on the one game view (app.wordle_duel.loading)."""
        self.app.forget_saved_game(saved.GAME)
        self.app.navigate("#/wordle?mode=duel")

    def on_key(self, event) -> None:
        if self.screen is None or event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(getattr(event.target, "tagName", "") or "")
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if hasattr(self.screen, "on_key"):
            self.screen.on_key(event)
            return
        key = str(event.key)
        if key == "Enter":
            if tag in ("BUTTON", "A"):
                return  # Enter on a focused button presses that button
            event.preventDefault()
            self.screen.key("enter")
        elif key == "Backspace":
            event.preventDefault()
            self.screen.key("back")
        elif len(key) == 1 and key.strip():
            self.screen.key(key)

    def on_storage_change(self, name) -> None:
        """Another tab changed a record: drawn again."""
        self.app.render()

    def suspend(self) -> None:
        if self.screen is not None:
            self.screen.suspend()

    def resume(self) -> None:
        if self.screen is not None:
            self.screen.resume()

    def close(self) -> None:
        if self.screen is not None:
            self.screen.close()


VIEW = WordleView
