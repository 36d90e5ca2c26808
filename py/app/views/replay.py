"""A finished game replayed move by move: "#/replay/<game>?r=<token>&at=<move>"
(a game with several modes names it: "#/replay/wordle?mode=tournament&r=...").

The token (app.replays) carries the game's ID and moves; the positions are
rebuilt by the engine, so a damaged or forged link shows a message, never a
wrong game. Each game lends the drawing of one position: the function
`replay_board(state, t)` of its drawing module, app.<game>.draw for a game with a folder
(games_list.GAME_FOLDERS), else app.views.<game>_draw (the Game's name, a "-" in it
written "_"), or of its loader (LOADED_FIRST) when that has one (the practice
duel's: app.wordle_duel.draw's); a drawing may also word each step,
`replay_step(state, t, at, total)` (else the step is its move's notation).
"""

import importlib
import inspect

from .. import replays, router
from ..games_list import GAME_FOLDERS, game_info
from ..html import Markup, h
from .base import View

GAMES_ON_THE_PROTOCOL = ("marbles", "battleship", "deblockle", "dominoes")
# Games built from data the page loads first, by a module (named from app.views) that gives
# loading_text(t) and load_game(token, ready): ready(a Replayable or None), maybe at once.
# By (route, mode): the practice duel and the tournament, for their words.
LOADED_FIRST = {
    ("wordle", None): ".wordle_duel_replay",
    ("wordle", "tournament"): "..tournament.replay",
}
STEP_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


class ReplayView(View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.game: replays.Replayable | None = None
        self.entry: dict | None = None
        self.states: list = []
        self.at = 0
        self.loading = ""  # what the page waits for, if anything
        self.drawing = None  # the module drawing the positions, once the game is known
        mode = route.params.get("mode")
        self.mode = {"mode": mode} if mode else {}  # kept in the page's links
        loaded_first = LOADED_FIRST.get((route.detail, mode))
        if route.detail in GAMES_ON_THE_PROTOCOL:  # imported on first use, not at start-up
            self._take(importlib.import_module(f"games.{route.detail}.game").GAME)
        elif loaded_first is not None:
            loader = importlib.import_module(loaded_first, __package__)
            self.drawing = loader if hasattr(loader, "replay_board") else None
            self.loading = loader.loading_text(self.t)
            loader.load_game(route.params.get("r", ""), self._loaded)

    def _take(self, game: replays.Replayable | None) -> None:
        """The game, and the positions of the link's replay of it."""
        self.game = game
        if game is not None:
            try:
                self.entry = replays.from_token(self.route.params.get("r", ""))
                self.states = replays.positions(game, self.entry)
            except ValueError:
                self.entry, self.states = None, []
        if self.states:
            self.at = router.int_param(self.route.params, "at", 0, len(self.states) - 1, default=0)

    def _loaded(self, game: replays.Replayable | None) -> None:
        self.loading = ""
        self._take(game)
        if self.app.view is self:
            self.app.render()

    def title(self) -> str:
        info = game_info(self.route.detail or "")
        return self.t("replay.title", game=self.t(info.name_key) if info else "")

    def href(self, at: int) -> str:
        r = self.route.params.get("r", "")
        return router.href("replay", self.route.detail, **self.mode, r=r, at=at)

    def render(self) -> Markup:
        t = self.t
        head = h("h1", {"tabindex": "-1"}, self.title())
        if self.loading:
            return h(
                "section",
                {"class": "page replay", "data-page": "replay"},
                head,
                h("p", {"class": "notice-text", "data-replay-loading": True}, self.loading),
            )
        if not self.states or self.entry is None or self.game is None:
            return h(
                "section",
                {"class": "page replay", "data-page": "replay"},
                head,
                h("p", {"class": "notice-text", "data-replay-bad": True}, t("replay.bad")),
                h(
                    "p",
                    {},
                    h("a", {"class": "button", "href": router.href("hub")}, t("nav.back_to_hub")),
                ),
            )
        moves, at = self.entry["moves"], self.at
        drawing = self.drawing or importlib.import_module(
            f"app.{self.game.name}.draw"
            if self.game.name in GAME_FOLDERS
            else f"{__package__}.{self.game.name.replace('-', '_')}_draw"
        )
        draw = getattr(drawing, "replay_board", None)
        if hasattr(drawing, "replay_step"):
            step = drawing.replay_step(self.states[at], t, at, len(moves))
        elif at:
            step = t("replay.step", number=at, total=len(moves), move=moves[at - 1])
        else:
            step = t("replay.start", total=len(moves))
        buttons = [
            ("first", "replay.first", at == 0),
            ("back", "replay.back", at == 0),
            ("forward", "replay.forward", at == len(moves)),
            ("last", "replay.last", at == len(moves)),
        ]
        return h(
            "section",
            {"class": "page replay", "data-page": "replay", "data-at": at},
            head,
            h(
                "div",
                {"class": "replay-controls", "role": "group", "aria-label": t("replay.controls")},
                [
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button",
                            "id": f"replay-{action}",
                            "data-action": f"replay-{action}",
                            "disabled": disabled,
                        },
                        t(key),
                    )
                    for action, key, disabled in buttons
                ],
            ),
            h("p", {"class": "replay-step", "aria-live": "polite", "data-step": True}, step),
            self._board(draw, self.states[at], t) if draw else None,
            h(
                "p",
                {"class": "actions"},
                h(
                    "a",
                    {"class": "button subtle", "href": self.href(at), "data-replay-link": True},
                    t("replay.link"),
                ),
                h(
                    "a",
                    {
                        "class": "button subtle",
                        "href": router.href(self.route.detail or "", **self.mode),
                    },
                    t("rules.play"),
                ),
            ),
        )

    def go(self, at: int) -> None:
        from .. import browser  # the page only: this module is imported by views at start-up

        self.at = max(0, min(len(self.states) - 1, at))
        browser.replace_hash(self.href(self.at))
        self.app.render()
        focus = browser.element("view").querySelector(f"#replay-{self.last_action}")
        if browser.found(focus) and not focus.disabled:
            focus.focus()

    last_action = "forward"

    def on_action(self, action: str, data: dict, event) -> None:
        targets = {
            "replay-first": 0,
            "replay-back": self.at - 1,
            "replay-forward": self.at + 1,
            "replay-last": len(self.states) - 1,
        }
        if action in targets and self.states:
            self.last_action = action.removeprefix("replay-")
            self.go(targets[action])

    def on_key(self, event) -> None:
        key = str(event.key)
        if not self.states or str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if key in STEP_KEYS:
            event.preventDefault()
            self.go(self.at + STEP_KEYS[key])
        elif key in ("Home", "End"):
            event.preventDefault()
            self.go(0 if key == "Home" else len(self.states) - 1)

    def _board(self, draw, state, t):
        """The position drawn, with who sat where for a drawing that names the players
        (a duel against the computer or with a friend on another device)."""
        if "seats" in inspect.signature(draw).parameters:
            return draw(state, t, seats=self.entry.get("seats") if self.entry else None)
        return draw(state, t)


VIEW = ReplayView
