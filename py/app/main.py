"""The app: boots, owns the translator, the store and the current view."""

import random
from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document, window

from . import browser, router, saved_games, scores, sound, thinker
from .daily import records as daily_records
from .daily.games import DAILIES, daily_slot
from .games_list import GAME_ROUTES, REMOTE_GAMES, remote_slot
from .html import h
from .i18n import Translator
from .nav import nav_links
from .peer import prefs as peer_prefs
from .peer import room_links
from .question import NO, YES, Question
from .question import dialog as question_dialog
from .router import Route
from .settings import (
    SETTINGS_SCHEMA,
    adopt_game_choices,
    effective_language,
    reduce_motion,
    sound_on,
)
from .storage import Store
from .storage_problems import storage_area
from .views import make_view
from .views.base import View
from .wordle import records as wordle_tournament_records
from .wordle.tournament_move import move_to_frame

REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)"
ROOM_ELSEWHERE = "room-elsewhere"


class App:
    def __init__(self):
        pseudo = "pseudo=1" in str(window.location.search)
        self.t = Translator("en", pseudo=pseudo)
        self.store = Store(browser.LocalStorageBackend(), on_problem=self._storage_problem)
        self.store.register(SETTINGS_SCHEMA)
        framed_tournament = (wordle_tournament_records.FRAME_GAME,)  # (its save, choices, stats)
        scores.register(self.store, GAME_ROUTES + framed_tournament)
        saved_games.register(self.store, GAME_ROUTES + framed_tournament)
        saved_games.register_remote(self.store, [remote_slot(game) for game in REMOTE_GAMES])
        wordle_tournament_records.register(self.store)  # ratings, group, tournament in progress
        daily_records.register(self.store, GAME_ROUTES)  # today's games, apart from the rest
        saved_games.register_remote(self.store, [daily_slot(game) for game in DAILIES])
        move_to_frame(self.store)  # (once: a tournament the old one-device page saved)
        self.view: View | None = None
        self.route: Route | None = None
        # (id, text maker, action): the text is made at each render, in the current language.
        self._notices: list[tuple[str, Callable[[], str], str | None]] = []
        self._view_notices: set[str] = set()  # ids of the notices about the view shown
        self.question = Question()
        adopt_game_choices(self.store)  # colour-blind choices the games kept before Settings did
        self.settings = self.store.load("settings").data
        self.apply_settings()
        self.store.check_all()  # bad records are reset now, not when a game first reads them
        room_links.on_elsewhere = self._room_held_elsewhere

    # --- settings -------------------------------------------------------------
    def apply_settings(self) -> None:
        self.t.language = effective_language(self.settings, str(window.navigator.language or ""))
        root = document.documentElement
        root.lang = self.t.language
        root.dataset.theme = self.settings["theme"]
        root.dataset.colourBlind = self.settings["colour_blind"]  # every game's sheet honours it
        system_reduced = browser.media_matches(REDUCED_MOTION_QUERY)
        reduce = reduce_motion(self.settings, system_reduced)
        root.dataset.motion = "reduce" if reduce else "full"
        sound.set_on(sound_on(self.settings, system_reduced))
        root.dataset.sound = "on" if sound.is_on() else "off"

    @property
    def reduced_motion(self) -> bool:
        return document.documentElement.dataset.motion == "reduce"

    def change_setting(self, name: str, value) -> None:
        def change(settings):
            settings[name] = value
            return settings

        try:
            self.settings = self.store.update("settings", change).data
        except Exception:  # storage full: keep the choice for this visit anyway
            self.settings = {**self.settings, name: value}
        self.apply_settings()
        self.render()

    # --- what pages keep (views never write storage: they ask the app) --------------
    def remember_choices(
        self, game: str, prefs: Mapping[str, Any], changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """A game's remembered choices with `changes` kept (a page's language, a level)."""
        return saved_games.update_prefs(self.store, game, prefs, changes)

    def forget_saved_game(self, game: str) -> None:
        """A game saved on this device replaced by a new one the player asked for."""
        saved_games.clear(self.store, game)

    def change_connection_prefs(self, **changes: Any) -> dict[str, Any]:
        """The name and internet choices for playing with friends, kept (app.peer.prefs)."""
        return peer_prefs.change(self.store, **changes)

    # --- messages to the player -------------------------------------------------
    def announce(self, text: str) -> None:
        """Tell screen-reader users what happened (the aria-live region)."""
        region = browser.element("announcer")
        region.textContent = ""
        region.textContent = text

    def notice(
        self, notice_id: str, make_text, action: str | None = None, about_view: bool = False
    ) -> None:
        """Show a message until dismissed; make_text() gives it in the current language.
        A notice `about_view` (this game is not counted...) goes when the view does."""
        if about_view:
            self._view_notices.add(notice_id)
        if any(n[0] == notice_id for n in self._notices):
            return
        self._notices.append((notice_id, make_text, action))
        if self.route is not None:
            self.render_notices()

    def _storage_problem(self, name: str, kind: str) -> None:
        def text():
            what = storage_area(self.t, name)
            return self.t(f"storage.problem.{kind}", what=what)

        self.notice(f"storage-{kind}-{name}", text)

    def _room_held_elsewhere(self, held: bool | None) -> None:
        """Another tab of this device has this game's room (room.js's holdRoom): this tab
        waits, and says why, until that one closes (held False): then the page opens again
        from what that tab saved last, and takes the game up."""
        self._notices = [n for n in self._notices if n[0] != ROOM_ELSEWHERE]
        if held:
            self.notice(ROOM_ELSEWHERE, lambda: self.t("invite.elsewhere"))
        elif held is False and self.route is not None:
            self.go(str(window.location.hash), focus=False)
        elif self.route is not None:
            self.render_notices()

    def render_notices(self) -> None:
        items = []
        for notice_id, make_text, action in self._notices:
            buttons = []
            if action:
                buttons.append(
                    h(
                        "button",
                        {"type": "button", "data-action": action, "class": "button"},
                        self.t(f"notice.{action}"),
                    )
                )
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button subtle",
                        "data-action": "dismiss",
                        "data-notice": notice_id,
                        "aria-label": self.t("notice.dismiss"),
                    },
                    "×",
                )
            )
            items.append(
                h(
                    "div",
                    {"class": "notice", "role": "status", "data-notice-id": notice_id},
                    h("p", {}, make_text()),
                    h("div", {"class": "notice-actions"}, buttons),
                )
            )
        browser.element("notices").innerHTML = "".join(items)

    def ask(self, title: str, detail: str, yes: str, on_yes, on_no=None, no: str = "") -> None:
        """Ask the player before something they could regret; on_yes() if they
        confirm, on_no() (if given) if they do not."""
        root = browser.element("question-root")
        root.innerHTML = question_dialog(title, detail, yes, no or self.t("frame.keep_playing"))
        self.question.ask(on_yes, on_no)
        browser.open_dialog(root.querySelector("#question"))

    def answer(self, action: str) -> None:
        node = browser.element("question-root").querySelector("#question")
        if browser.found(node):
            node.close()
        browser.element("question-root").innerHTML = ""
        self.question.answer(action)

    # --- routing and rendering --------------------------------------------------
    def go(self, hash_text: str, focus: bool = True) -> None:
        route = router.parse(hash_text)
        if self.question.on_yes is not None:
            self.answer(NO)  # leaving the view answers its question: nothing is lost
        if self.view is not None:
            self.view.close()
        self._notices = [n for n in self._notices if n[0] not in self._view_notices]
        self._view_notices = set()
        self.route = route
        self.view = make_view(self, route)
        self.render(focus=focus)

    def showing(self) -> View:
        """The view on the page (the app opens one before any event can reach it)."""
        if self.view is None:
            raise RuntimeError("no view yet")
        return self.view

    def navigate(self, href: str) -> None:
        window.location.hash = href

    def render(self, focus: bool = False) -> None:
        self.render_nav()
        self.render_notices()
        view_root = browser.element("view")
        view_root.innerHTML = self.showing().render()
        document.title = (
            self.showing().title() + " · Gemau"
            if self.route is not None and self.route.page != "hub"
            else "Gemau"
        )
        self.showing().mounted(view_root)
        if focus:
            self.focus_heading()

    def focus_heading(self) -> None:
        view_root = browser.element("view")
        heading = view_root.querySelector("h1")
        (heading or view_root).focus()

    def render_nav(self) -> None:
        current = self.route.page if self.route else "hub"
        browser.element("topnav").innerHTML = nav_links(self.t, current)
        browser.element("topnav").setAttribute("aria-label", self.t("nav.main"))

    # --- events -------------------------------------------------------------------
    def close_menus(self, keep=None) -> bool:
        """Close every open menu (a details.game-menu) but `keep`; True if one was open."""
        closed = False
        for menu in browser.element("view").querySelectorAll("details.game-menu[open]"):
            if keep is None or not menu.isSameNode(keep):
                menu.open = False
                closed = True
        return closed

    def menu_choice(self, target) -> bool:
        """A choice made in a game menu closes it (it would stay over the board); True if so."""
        if not browser.found(target.closest("details.game-menu")):
            return False
        self.close_menus()
        return True

    def back_to_menu(self) -> None:
        """After a menu's choice, focus that was in it goes back to the menu's button."""
        active = browser.document.activeElement
        if not browser.found(active) or active.isSameNode(browser.document.body):
            summary = browser.element("view").querySelector("details.game-menu summary")
            if browser.found(summary):
                summary.focus()

    def on_click(self, event) -> None:
        self.close_menus(keep=event.target.closest("details.game-menu"))  # a click outside
        target = event.target.closest("[data-action]")
        if not target or target.tagName in ("INPUT", "SELECT"):
            return
        data = browser.dataset_of(target)
        action = data.pop("action")
        if action == "dismiss":
            self._notices = [n for n in self._notices if n[0] != data.get("notice")]
            self.render_notices()
        elif action == "reload":
            window.gemauBoot.applyUpdate()
        elif action in (YES, NO):
            self.answer(action)
        else:
            chosen = self.menu_choice(target)
            self.showing().on_action(action, data, event)
            if chosen:
                self.back_to_menu()

    def on_change(self, event) -> None:
        target = event.target.closest("[data-action]")
        if target:
            data = browser.dataset_of(target)
            chosen = self.menu_choice(target)
            self.showing().on_action(
                data.pop("action"), {**data, "value": str(event.target.value)}, event
            )
            if chosen:
                self.back_to_menu()

    def on_key(self, event) -> None:
        if self.question.on_yes is not None:  # the question is modal: its keys are its own
            if str(event.key) == "Escape":
                self.answer(NO)
            return
        if str(event.key) == "Escape" and self.close_menus():
            summary = browser.element("view").querySelector("details.game-menu summary")
            if browser.found(summary):
                summary.focus()
            return
        if self.view is not None:
            self.view.on_key(event)

    def on_storage(self, event) -> None:
        name = Store.name_of(event.key)
        if event.key is None or name == "settings":  # None: storage cleared in another tab
            self.settings = self.store.load("settings").data
            self.apply_settings()
        if name is not None or event.key is None:
            self.showing().on_storage_change(name)

    def on_visibility(self, _event) -> None:
        if self.view is not None:
            self.view.suspend() if str(document.visibilityState) == "hidden" else self.view.resume()

    def on_system_motion(self, _event) -> None:
        self.apply_settings()


def start_thinker(on_message):
    """The thinker's worker; the root says when it is ready and how many moves it
    has chosen (data-thinker, data-thinker-moves: for tests and the bench)."""
    root, moves = document.documentElement, [0]

    def received(message: dict) -> None:
        if message.get("ready") is True:
            root.dataset.thinker = "ready"
        elif "failed" in message:
            root.dataset.thinker = "failed"
        elif "move" in message:
            moves[0] += 1
            root.dataset.thinkerMoves = str(moves[0])
        on_message(message)

    # The release after the "#" lets the worker start from this device's memory snapshot.
    release = str(getattr(window, "gemauCode", "") or "")
    return browser.start_worker(f"static/js/thinker.js#{release}", received)


def start() -> None:
    window.gemauBoot.stage("code")
    random.seed()  # Python may have started from a memory snapshot: a state of its own

    thinker.shared = thinker.Thinker(start_thinker)
    app = App()
    sound.use(sound.WebAudio())
    # Sound may start only in a gesture (autoplay): the first one after Sound is on makes
    # the AudioContext; a touch's pointerdown does not count yet, its pointerup does.
    for gesture in ("pointerdown", "pointerup", "keydown"):
        browser.listen(document, gesture, lambda _e: sound.wake())
    root = browser.element("app")
    browser.listen(root, "click", app.on_click)
    browser.listen(root, "change", app.on_change)
    browser.listen(document, "keydown", app.on_key)
    browser.listen(window, "hashchange", lambda _e: app.go(str(window.location.hash)))
    browser.listen(window, "storage", app.on_storage)
    browser.listen(document, "visibilitychange", app.on_visibility)
    browser.listen(window, "pagehide", lambda _e: app.showing().suspend())
    browser.listen(window.matchMedia(REDUCED_MOTION_QUERY), "change", app.on_system_motion)
    browser.listen(
        window,
        "gemau:update-available",
        lambda _e: app.notice("update", lambda: app.t("notice.update"), "reload"),
    )
    # A link the player reached on the page drawn before Python (static/js/shell.js)
    # keeps the focus when the app draws the same page over it.
    reached = browser.focused_href("view")
    app.go(str(window.location.hash), focus=reached is None)
    if reached is not None and not browser.focus_href("view", reached):
        app.focus_heading()
    if getattr(window.gemauBoot, "updateAvailable", False):
        app.notice("update", lambda: app.t("notice.update"), "reload")
    root.hidden = False
    browser.element("loading").hidden = True
    window.gemauBoot.stage("ready")
    document.documentElement.dataset.app = "ready"
