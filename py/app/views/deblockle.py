"""Deblockle on the page: the board, the blocks as small nets, tipping and
hopping by clicks or keys, the computer's turns, the set-up ceremony and the
new-game dialog.

All rules live in games.deblockle: this view draws its state, shows what
state.tip_options offers and turns clicks into moves.
"""

import random

from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.deblockle import FACE_NAMES, State, choose_move, new_game, parse_square, square_name
from games.deblockle.cube import ORIENTATION_OF, faces

from .. import browser, router, saved_games, scores
from ..browser import found
from ..html import Markup, h
from ..saved_game_view import SavedGameView

GAME = "deblockle"
MAX_SEED = (1 << 62) - 1
OPPONENTS = ("strong", "greedy", "random", "human")
STARS = ("d2", "d6")
THINK_MS = 700  # the computer waits this long so a person can follow
TIP_MS = 300
STEP_MS = 130
DIRS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
KEY_STEPS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
SIDE_FACES = {  # which side faces can look north with a given face on top
    name: [f for f in FACE_NAMES if f not in (name, FACE_NAMES[FACE_NAMES.index(name) ^ 1])]
    for name in FACE_NAMES
}

# The six symbols, drawn once in the page and used by reference.
SYMBOLS = {
    "star": '<path d="M12 2.5l2.8 6.1 6.7.7-5 4.5 1.4 6.6L12 17l-5.9 3.4 1.4-6.6-5-4.5 6.7-.7z"/>',
    "stop": '<path d="M8 2.5h8l5.5 5.5v8L16 21.5H8L2.5 16V8z M6.5 10.5v3h11v-3z" fill-rule="evenodd"/>',
    "cross": '<path d="M9.5 3h5v6.5H21v5h-6.5V21h-5v-6.5H3v-5h6.5z"/>',
    "x": '<path d="M5.6 2.1L12 8.5l6.4-6.4 3.5 3.5-6.4 6.4 6.4 6.4-3.5 3.5-6.4-6.4-6.4 6.4-3.5-3.5 6.4-6.4-6.4-6.4z"/>',
    "slider": '<path d="M2 10.5h14V6l6.5 6-6.5 6v-4.5H2z M2 4.5h8v2.5H2z M2 17h8v2.5H2z"/>',
    "hoops": '<path d="M9 4.5a7.5 7.5 0 1 0 0.01 0z M9 7.5a4.5 4.5 0 1 1-0.01 0z M15 4.5a7.5 7.5 0 1 0 0.01 0z'
    ' M15 7.5a4.5 4.5 0 1 1-0.01 0z" fill-rule="evenodd"/>',
}


def symbol_defs() -> Markup:
    return Markup(
        '<svg class="db-defs" aria-hidden="true" focusable="false" width="0" height="0"><defs>'
        + "".join(
            f'<symbol id="db-sym-{name}" viewBox="0 0 24 24">{path}</symbol>'
            for name, path in SYMBOLS.items()
        )
        + "</defs></svg>"
    )


def sym(name: str, cls: str = "") -> Markup:
    return Markup(
        f'<svg class="db-sym db-sym-{name} {cls}" aria-hidden="true" focusable="false">'
        f'<use href="#db-sym-{name}"></use></svg>'
    )


def xy(name: str) -> tuple:
    return "abcdefg".index(name[0]), int(name[1]) - 1


def parse_params(params: dict):
    """The seed and opponent asked for in "#/deblockle?seed=N&opponent=human"."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    opponent = params.get("opponent")
    return seed, opponent if opponent in OPPONENTS else None


class DeblockleView(SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.state: State | None = None
        self.seed = 0
        self.opponent = "strong"
        self.selected: str | None = None  # the block picked to tip
        self.tip: dict | None = (
            None  # the tip chosen (shown, not yet played) while the hop is chosen
        )
        self.roll: str | None = None  # set-up: the rolled symbol picked to place
        self.turns: dict = {}  # set-up: the north face chosen for each rolled symbol
        self.cursor = "d4"
        self.message = ""
        self.message_is_error = False
        self.busy = False
        self.recorded = False
        self.last: list = []  # squares of the last turn, highlighted
        self.generation = 0  # bumps when a new game starts: late timers then do nothing
        self.thinking = False
        self.root = None
        self._start_or_resume()

    # --- starting and saving ------------------------------------------------------------
    def _start_or_resume(self) -> None:
        wanted = parse_params(self.route.params)
        saved = self.session.load_state(State.from_json)
        if saved is not None:
            state, meta = saved
            seed = meta.get("seed")
            if isinstance(seed, int) and (wanted is None or wanted[0] == seed):
                self.state, self.seed = state, seed
                self.opponent = (
                    meta.get("opponent") if meta.get("opponent") in OPPONENTS else "strong"
                )
                self.recorded = bool(meta.get("recorded"))
                self.last = [s for s in meta.get("last", []) if isinstance(s, str)][:12]
                return
        if wanted is not None:
            self._new_game(wanted[0], wanted[1])
        else:
            self._new_game(random.randrange(1, 2**31))

    def pref(self, name: str, default, allowed):
        value = self.prefs.get(name, default)
        return value if value in allowed else default

    def game_options(self) -> dict:
        return {
            "blocks": [
                self.pref("blocks_gold", 4, (1, 2, 3, 4)),
                self.pref("blocks_blue", 4, (1, 2, 3, 4)),
            ],
            "no_side_by_side": bool(self.prefs.get("no_side_by_side", False)),
            "first": 1 if self.pref("first", "gold", ("gold", "blue")) == "blue" else 0,
            "quick_setup": self.pref("setup", "quick", ("quick", "ceremony")) == "quick",
        }

    def _new_game(self, seed: int, opponent: str | None = None) -> None:
        self.generation += 1
        self.seed = seed
        self.opponent = opponent or self.pref("opponent", "strong", OPPONENTS)
        self.state = new_game(self.game_options(), seed)
        self.session.reset_clock()
        self.selected = self.tip = self.roll = None
        self.turns = {}
        self.recorded, self.message, self.last, self.busy, self.thinking = (
            False,
            "",
            [],
            False,
            False,
        )
        self._save()

    def _save(self) -> None:
        meta = {
            "seed": self.seed,
            "opponent": self.opponent,
            "recorded": self.recorded,
            "last": self.last,
        }
        if not self.session.save(self.state.to_json(), meta):
            self.take_newer_save()

    def forget_position(self) -> None:
        self.generation += 1  # a computer move still being timed is dropped
        self.selected = self.tip = self.roll = None
        self.busy = self.thinking = False

    # --- who is who -----------------------------------------------------------------------
    def is_computer(self, player: int) -> bool:
        return self.opponent != "human" and player == 1

    def human_to_act(self) -> bool:
        return not self.state.is_over and not self.is_computer(self.state.current_player)

    def player_name(self, player: int) -> str:
        return self.t(f"deblockle.player.{'gold' if player == 0 else 'blue'}")

    def symbol_name(self, name: str) -> str:
        return self.t(f"deblockle.symbol.{name}")

    # --- the page ---------------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.deblockle.name")

    def share_href(self) -> str:
        return router.href(GAME, seed=self.seed)

    def render(self):
        t = self.t
        return h(
            "section",
            {
                "class": "game-view deblockle",
                "data-game": GAME,
                "data-phase": self.state.phase,
                "data-current": self.state.current_player,
                "data-busy": "yes" if self.busy else "no",
            },
            symbol_defs(),
            h(
                "div",
                {"class": "db-head"},
                h("h1", {"tabindex": "-1"}, t("game.deblockle.name")),
                h(
                    "div",
                    {"class": "db-head-tools"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button",
                            "data-action": "new-dialog",
                            "aria-keyshortcuts": "N",
                        },
                        t("deblockle.new_game"),
                    ),
                    h(
                        "a",
                        {"class": "button subtle", "href": router.href("rules", GAME)},
                        t("hub.rules"),
                    ),
                ),
            ),
            self.render_status(),
            self.render_tray(),
            self.render_board(),
            h(
                "p",
                {
                    "class": "db-message" + (" error" if self.message_is_error else ""),
                    "data-message": True,
                },
                self.message,
            ),
            self.render_tools(),
            self.render_cube(),
            h(
                "p",
                {"class": "db-game-number"},
                t("deblockle.game_number"),
                " ",
                h("a", {"href": self.share_href(), "data-share": True}, str(self.seed)),
                " · ",
                t(f"deblockle.opponent.{self.opponent}"),
            ),
            h("p", {"class": "db-keys hint"}, t("deblockle.keys_help")),
            self.render_new_dialog(),
            self.render_game_over(),
        )

    def render_status(self):
        t, state = self.t, self.state
        sides = []
        for player in (0, 1):
            blocks = state.options["blocks"][player]
            off = state.position.removed[player]
            who = (
                t("deblockle.you")
                if self.opponent != "human" and player == 0
                else t("deblockle.computer")
                if self.is_computer(player)
                else None
            )
            sides.append(
                h(
                    "div",
                    {
                        "class": f"db-side db-side-{player}"
                        + (
                            " current"
                            if state.current_player == player and not state.is_over
                            else ""
                        ),
                        "data-side": player,
                    },
                    h("span", {"class": f"db-chip db-p{player}"}, sym("star")),
                    h(
                        "span",
                        {"class": "db-side-name"},
                        self.player_name(player),
                        h("small", {}, " (", who, ")") if who else None,
                    ),
                    h(
                        "span",
                        {"class": "db-off", "data-off": player},
                        t("deblockle.off", off=off, total=blocks),
                    ),
                )
            )
        return h(
            "div",
            {"class": "db-status"},
            sides,
            h("p", {"class": "db-turn", "data-turn": True, "aria-live": "off"}, self.turn_text()),
        )

    def turn_text(self) -> str:
        t, state = self.t, self.state
        if state.is_over:
            return self.result_text()
        player = state.current_player
        if state.phase == "setup":
            owner = 1 - player
            if self.is_computer(player):
                return t("deblockle.status.computer_places")
            return t(
                "deblockle.status.place",
                placer=self.player_name(player),
                owner=self.player_name(owner),
            )
        if self.is_computer(player):
            return t("deblockle.status.thinking")
        if self.tip is not None:
            return t("deblockle.status.hop", symbol=self.symbol_name(self.tip["top"]))
        if self.selected is not None:
            return t("deblockle.status.tip")
        if self.opponent == "human":
            return t("deblockle.status.turn_of", player=self.player_name(player))
        return t("deblockle.status.your_turn")

    def result_text(self) -> str:
        result = self.state.result or {}
        winner = result.get("winner")
        if winner is None:
            return self.t("deblockle.over.draw")
        if self.opponent != "human":
            return self.t(
                "deblockle.over.you_win" if winner == 0 else "deblockle.over.computer_wins"
            )
        return self.t("deblockle.over.wins", player=self.player_name(winner))

    # --- drawing the blocks -----------------------------------------------------------------------
    def block_html(self, player: int, faces: dict, cls: str = "") -> Markup:
        """A block seen from above: the top symbol large, the four side faces as strips."""
        return h(
            "span",
            {"class": f"db-block db-p{player} {cls}".strip()},
            h("span", {"class": "db-top"}, sym(faces["top"])),
            [
                h("span", {"class": f"db-face db-face-{side}"}, sym(faces[side]))
                for side in ("north", "east", "south", "west")
            ],
        )

    def block_label(self, player: int, faces: dict) -> str:
        return self.t(
            "deblockle.block_label",
            player=self.player_name(player),
            top=self.symbol_name(faces["top"]),
            north=self.symbol_name(faces["north"]),
            east=self.symbol_name(faces["east"]),
            south=self.symbol_name(faces["south"]),
            west=self.symbol_name(faces["west"]),
        )

    def hop_choices(self) -> dict:
        """For the tip being shown: end square -> (move notation, squares of the path)."""
        choices = {}
        if self.tip is None:
            return choices
        for path, move in zip(self.tip["hops"], self.tip["moves"]):
            choices.setdefault(path[-1], (move, path))
        return choices

    def tip_targets(self) -> dict:
        if self.selected is None or self.tip is not None:
            return {}
        return {option["to"]: option for option in self.state.tip_options(self.selected)}

    def render_board(self):
        state = self.state
        blocks = {b["square"]: b for b in state.blocks()}
        tips = self.tip_targets()
        hops = self.hop_choices()
        tip = self.tip
        placing = self.placing_squares()
        if tip is not None:
            moving = blocks.pop(self.selected)
            blocks[tip["to"]] = {"player": moving["player"], "square": tip["to"], **tip["faces"]}
        rows = []
        for row in range(6, -1, -1):
            for col in range(7):
                name = "abcdefg"[col] + str(row + 1)
                classes = ["db-cell", "dark" if (row + col) % 2 else "light"]
                content = []
                if name in STARS:
                    classes.append("db-star")
                    content.append(sym("star", "db-star-mark"))
                block = blocks.get(name)
                label_key = None
                if block is not None:
                    content.append(
                        self.block_html(
                            block["player"],
                            block,
                            "db-tipped" if tip is not None and name == tip["to"] else "",
                        )
                    )
                    label = self.block_label(block["player"], block)
                elif name in STARS:
                    label = self.t(
                        "deblockle.cell.star", player=self.player_name(STARS.index(name))
                    )
                else:
                    label = self.t("deblockle.cell.empty")
                if name == self.selected and tip is None:
                    classes.append("selected")
                if name in tips:
                    option = tips[name]
                    classes.append("db-tip-target")
                    content.append(
                        h(
                            "span",
                            {"class": "db-preview" + (" db-removes" if option["removes"] else "")},
                            self.block_html(state.current_player, option["faces"], "db-ghost"),
                        )
                    )
                    label_key = (
                        "deblockle.cell.tip_remove" if option["removes"] else "deblockle.cell.tip"
                    )
                    label = self.t(label_key, symbol=self.symbol_name(option["top"]), text=label)
                if name in hops:
                    classes.append("db-hop-end")
                    content.append(h("span", {"class": "db-dot"}))
                    label = self.t("deblockle.cell.hop", text=label)
                if name in placing:
                    classes.append("db-place-target")
                    label = self.t("deblockle.cell.place", text=label)
                if name in self.last:
                    classes.append("db-last")
                if name == self.cursor:
                    classes.append("cursor")
                rows.append(
                    h(
                        "div",
                        {
                            "class": " ".join(classes),
                            "role": "gridcell",
                            "id": f"db-c-{name}",
                            "data-action": "cell",
                            "data-sq": name,
                            "data-col": "abcdefg"[col] if row == 0 else None,
                            "data-row": str(row + 1) if col == 0 else None,
                            "aria-label": self.t("deblockle.cell", square=name, text=label),
                            "aria-selected": "true" if name == self.selected else "false",
                        },
                        content,
                    )
                )
        grid_rows = [
            h("div", {"class": "db-row", "role": "row"}, rows[r * 7 : (r + 1) * 7])
            for r in range(7)
        ]
        return h(
            "div",
            {"class": "db-board-wrap"},
            h(
                "div",
                {
                    "class": "db-board",
                    "role": "grid",
                    "tabindex": 0,
                    "id": "db-board",
                    "aria-label": self.t("deblockle.board"),
                    "aria-activedescendant": f"db-c-{self.cursor}",
                },
                grid_rows,
                self.render_paths(hops),
            ),
        )

    def render_paths(self, hops: dict):
        """The hop paths of the tip being shown, drawn over the board (one per end square)."""
        if not hops:
            return None
        lines = []
        for end, (_, path) in hops.items():
            points = " ".join(f"{xy(sq)[0] + 0.5},{6.5 - xy(sq)[1]}" for sq in path)
            focus = " focus" if end == self.cursor else ""
            lines.append(f'<polyline class="db-path{focus}" data-end="{end}" points="{points}"/>')
        # Pointing at an end square brings its path forward.
        hover = "".join(
            f".db-board:has(#db-c-{end}:hover) .db-path[data-end='{end}']{{opacity:1;stroke-width:0.1;"
            "stroke-dasharray:none}"
            for end in hops
        )
        return Markup(
            f"<style>{hover}</style>"
            '<svg class="db-paths" viewBox="0 0 7 7" aria-hidden="true" focusable="false">'
            + "".join(lines)
            + "</svg>"
        )

    def render_tools(self):
        t = self.t
        buttons = []
        if self.tip is not None and self.human_to_act():
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button subtle",
                        "data-action": "untip",
                        "aria-keyshortcuts": "Escape",
                    },
                    t("deblockle.untip"),
                )
            )
        if self.state.phase == "setup" and self.human_to_act():
            if self.roll is not None:
                buttons.append(
                    h(
                        "button",
                        {"type": "button", "class": "button subtle", "data-action": "turn"},
                        t("deblockle.setup.turn"),
                    )
                )
            buttons.append(
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "place-random"},
                    t("deblockle.setup.random"),
                )
            )
        return h("div", {"class": "db-tools"}, buttons) if buttons else None

    def render_cube(self):
        """The whole cube of the selected block, as a net: every face, the bottom too."""
        square = self.selected or (
            self.cursor if self.cursor in {b["square"] for b in self.state.blocks()} else None
        )
        block = next((b for b in self.state.blocks() if b["square"] == square), None)
        faces = None
        if self.tip is not None:
            block, faces = {"player": self.state.current_player}, self.tip["faces"]
        elif block is not None:
            faces = block
        if faces is None:
            return h(
                "div",
                {"class": "db-cube db-cube-empty"},
                h("p", {"class": "hint"}, self.t("deblockle.cube_hint")),
            )
        player = block["player"]
        cells = [
            ("north", "db-net-n"),
            ("west", "db-net-w"),
            ("top", "db-net-t"),
            ("east", "db-net-e"),
            ("south", "db-net-s"),
            ("bottom", "db-net-b"),
        ]
        return h(
            "div",
            {"class": "db-cube", "data-cube": True},
            h("p", {"class": "db-cube-title"}, self.t("deblockle.cube_title")),
            h(
                "div",
                {
                    "class": "db-net",
                    "role": "img",
                    "aria-label": self.block_label(player, faces)
                    + " "
                    + self.t("deblockle.bottom_label", symbol=self.symbol_name(faces["bottom"])),
                },
                [
                    h(
                        "span",
                        {"class": f"db-net-face db-p{player} {cls}", "data-face": side},
                        sym(faces[side]),
                    )
                    for side, cls in cells
                ],
            ),
            h(
                "ul",
                {"class": "db-legend"},
                [
                    h(
                        "li",
                        {},
                        sym(name),
                        " ",
                        h("span", {}, self.symbol_name(name)),
                        h("small", {}, " ", self.t(f"deblockle.symbol_rule.{name}")),
                    )
                    for name in FACE_NAMES
                ],
            ),
        )

    # --- set-up ceremony ---------------------------------------------------------------------------
    def placing_squares(self) -> set:
        state = self.state
        if state.phase != "setup" or self.roll is None or not self.human_to_act():
            return set()
        owner = 1 - state.current_player
        return {
            square_name(sq) for sq in state.start_squares[owner] if state.position.cells[sq] < 0
        }

    def north_for(self, top: str) -> str:
        north = self.turns.get(top)
        return north if north in SIDE_FACES[top] else SIDE_FACES[top][0]

    def render_tray(self):
        state = self.state
        if state.phase != "setup":
            return None
        t = self.t
        owner = 1 - state.current_player
        tops = [FACE_NAMES[top] for top in state.to_place[owner]]
        items = []
        for index, top in enumerate(tops):
            north = self.north_for(top)
            faces = self.faces_for(top, north)
            chosen = top == self.roll and index == tops.index(top)
            items.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "db-roll" + (" selected" if chosen else ""),
                        "data-action": "roll",
                        "data-top": top,
                        "aria-pressed": "true" if chosen else "false",
                        "disabled": not self.human_to_act(),
                        "aria-label": self.t(
                            "deblockle.setup.roll_label", symbol=self.symbol_name(top)
                        ),
                    },
                    self.block_html(owner, faces),
                )
            )
        return h(
            "div",
            {"class": "db-tray", "data-tray": True},
            h("p", {}, t("deblockle.setup.rolled", owner=self.player_name(owner))),
            h("div", {"class": "db-rolls"}, items),
        )

    def faces_for(self, top: str, north: str) -> dict:
        return faces(ORIENTATION_OF[(FACE_NAMES.index(top), FACE_NAMES.index(north))])

    # --- after drawing ----------------------------------------------------------------------------------
    def mounted(self, root) -> None:
        self.root = root
        browser.replace_hash(self.share_href())
        if self.state.is_over:
            self.session.stop_clock()
            self.finish()
            browser.open_dialog(root.querySelector("#db-over"))
        else:
            self.session.start_clock()
            self.schedule_computer()

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    # --- actions ---------------------------------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action == "cell":
            self.cursor = data.get("sq", self.cursor)
            self.press(self.cursor)
        elif action == "untip":
            self.untip()
        elif action == "roll":
            self.pick_roll(data.get("top"))
        elif action == "turn":
            self.turn_roll()
        elif action == "place-random":
            self.place_randomly()
        elif action == "new-dialog":
            over = browser.element("db-over")
            if found(over) and over.open:
                over.close()
            browser.open_dialog(browser.element("db-new"))
        elif action == "close-dialog":
            dialog = browser.element("db-new")
            if found(dialog):
                dialog.close()
        elif action == "pref":
            self.change_pref(data.get("name", ""), data.get("value", ""))
        elif action == "start":
            dialog = browser.element("db-new")
            if found(dialog):
                dialog.close()
            self.start_new()
        elif action == "again":
            self.start_new()

    def start_new(self) -> None:
        self._new_game(random.randrange(1, 2**31))
        self.app.announce(
            self.t("deblockle.announce.new", opponent=self.t(f"deblockle.opponent.{self.opponent}"))
        )
        self.redraw()

    def change_pref(self, name: str, value: str) -> None:
        allowed = {
            "opponent": OPPONENTS,
            "first": ("gold", "blue"),
            "setup": ("quick", "ceremony"),
            "blocks_gold": ("1", "2", "3", "4"),
            "blocks_blue": ("1", "2", "3", "4"),
            "no_side_by_side": ("on", "off"),
        }
        if name not in allowed:
            return
        if name == "no_side_by_side":
            value = not bool(self.prefs.get("no_side_by_side"))
        elif value not in allowed[name]:
            return
        elif name.startswith("blocks_"):
            value = int(value)
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, {name: value})

    def press(self, name: str) -> None:
        """A click, Enter or Space on a square."""
        if self.busy or not self.human_to_act() or parse_square(name) < 0:
            return
        if self.state.phase == "setup":
            self.press_setup(name)
            return
        self.message = ""
        player = self.state.current_player
        owner = self.state.position.owner(parse_square(name))
        if self.tip is not None:
            hops = self.hop_choices()
            if name in hops:
                self.hop(*hops[name])
                return
            if name in (self.tip["to"], self.selected):
                self.untip()
                return
            if owner == player:
                self.tip = None
                self.select(name)
                return
            self.say(
                self.t("deblockle.pick_hop", symbol=self.symbol_name(self.tip["top"])), error=True
            )
            self.redraw()
            return
        if self.selected is not None:
            tips = self.tip_targets()
            if name in tips:
                self.do_tip(tips[name])
                return
            if name == self.selected:
                self.selected = None
                self.redraw()
                return
            if owner != player:
                self.explain_tip(name)
                return
        if owner == player:
            self.select(name)
        elif owner >= 0:
            self.say(self.t("deblockle.not_your_block", square=name), error=True)
            self.redraw()
        else:
            self.say(self.t("deblockle.pick_block"), error=True)
            self.redraw()

    def select(self, name: str) -> None:
        self.selected = name
        options = self.state.tip_options(name)
        if options:
            tips = ", ".join(
                self.t("deblockle.tip_choice", square=o["to"], symbol=self.symbol_name(o["top"]))
                for o in options
            )
            self.app.announce(self.t("deblockle.announce.selected", square=name, tips=tips))
        else:
            self.say(self.t("deblockle.no_tips", square=name), error=True)
            self.app.announce(self.message)
        self.redraw()

    def explain_tip(self, name: str) -> None:
        """Why the selected block cannot tip to `name`, in the engine's words."""
        col, row = xy(self.selected)
        tcol, trow = xy(name)
        direction = next(
            (d for d, (dc, dr) in DIRS.items() if (col + dc, row + dr) == (tcol, trow)), None
        )
        if direction is None and self.state.position.owner(parse_square(name)) >= 0:
            self.say(self.t("deblockle.not_your_block", square=name), error=True)
        elif direction is None:
            self.say(self.t("deblockle.tip_next_to"), error=True)
        else:
            try:
                self.state.copy().apply(f"{self.selected}{direction}")
                self.say(self.t("deblockle.tip_next_to"), error=True)
            except IllegalMove as refusal:
                self.say(self.t(refusal.key, **refusal.params), error=True)
        self.app.announce(self.message)
        self.redraw()
        cell = browser.element(f"db-c-{name}")
        if found(cell):
            cell.classList.add("refused")

    def untip(self) -> None:
        if self.tip is None or self.busy:
            return
        self.tip = None
        self.app.announce(self.t("deblockle.announce.untipped"))
        self.redraw()

    # --- playing a turn -------------------------------------------------------------------------------
    def do_tip(self, option: dict) -> None:
        """The player chose a tip: roll the block over, then show its hops (or play it
        at once when nothing is left to choose: Stop, or a removal at the star)."""
        source = self.selected
        block = next(b for b in self.state.blocks() if b["square"] == source)
        player = self.state.current_player

        def after_tip():
            if option["removes"] or option["top"] == "stop":
                self.play(option["moves"][0], animate_hop=False)
                return
            self.busy = False
            self.tip = option
            ends = ", ".join(sorted(self.hop_choices()))
            self.app.announce(
                self.t(
                    "deblockle.announce.tipped",
                    square=option["to"],
                    symbol=self.symbol_name(option["top"]),
                    ends=ends,
                )
            )
            self.redraw()

        self.set_busy()
        self.animate_tip(
            player, source, option["to"], block, option["faces"], option["removes"], after_tip
        )

    def hop(self, move: str, path: list) -> None:
        self.set_busy()
        player = self.state.current_player
        faces = self.tip["faces"]
        self.animate_hop(player, path, faces, lambda: self.play(move, animate_hop=False))

    def play(self, move: str, animate_hop: bool) -> None:
        try:
            events = self.state.apply(move)
        except IllegalMove as refusal:  # the view offered only legal turns: this should not happen
            self.busy = False
            self.tip = None
            self.say(self.t(refusal.key, **refusal.params), error=True)
            self.redraw()
            return
        self.after_turn(events)

    def after_turn(self, events: list) -> None:
        self.busy = False
        self.selected = self.tip = None
        said = []
        for event in events:
            kind = event["type"]
            who = self.player_name(event.get("player", 0))
            if kind == "tip":
                self.last = [event["from"], event["to"]]
                said.append(
                    self.t(
                        "deblockle.announce.tip",
                        player=who,
                        source=event["from"],
                        target=event["to"],
                        symbol=self.symbol_name(event["top"]),
                    )
                )
            elif kind == "hop":
                path = event["path"]
                self.last = [self.last[0]] + path[1:] if self.last and len(path) > 1 else self.last
                if len(path) > 1:
                    said.append(self.t("deblockle.announce.hop", target=path[-1]))
                else:
                    said.append(self.t("deblockle.announce.stop"))
            elif kind == "remove":
                said.append(
                    self.t(
                        "deblockle.announce.remove",
                        player=who,
                        removed=event["removed"],
                        left=event["left"],
                    )
                )
            elif kind == "pass":
                text = self.t("deblockle.announce.pass", player=who)
                said.append(text)
                self.say(text)
            elif kind == "game_over":
                said.append(self.result_text())
        if not any(e["type"] == "pass" for e in events):
            self.message = ""
        if self.state.is_over:
            self.finish()
        self._save()
        self.app.announce(" ".join(said))
        self.redraw()

    def finish(self) -> None:
        """Count the finished game once in the statistics."""
        if self.recorded or not self.state.is_over:
            return
        self.session.stop_clock()
        result = self.state.result or {}
        winner = result.get("winner")
        removed = self.state.position.removed
        variant = self.variant()
        won = None if self.opponent == "human" else winner == 0
        try:
            scores.record_result(
                self.app.store,
                GAME,
                variant,
                won=won,
                figures={
                    "removed": removed[0],
                    "opponent_removed": removed[1],
                    "turns": len(self.state.history),
                    "time_s": round(self.session.elapsed_ms()) // 1000,
                    "seed": str(self.seed),
                },
                date=browser.today_iso(),
            )
        except Exception:
            pass  # storage full: the player has been told
        self.recorded = True
        self._save()

    def variant(self) -> str:
        options = self.state.options
        name = self.opponent
        if options["blocks"] != [4, 4]:
            name += "-fewer"
        if options["no_side_by_side"]:
            name += "-nsbs"
        return name

    # --- the computer ------------------------------------------------------------------------------------
    def schedule_computer(self) -> None:
        if (
            self.thinking
            or self.busy
            or self.state.is_over
            or not self.is_computer(self.state.current_player)
        ):
            return
        self.thinking = True
        generation = self.generation
        browser.later(THINK_MS, lambda: self.computer_turn(generation))

    def computer_turn(self, generation: int) -> None:
        if generation != self.generation or self.root is None:
            return
        self.thinking = False
        state = self.state
        if state.is_over or not self.is_computer(state.current_player) or self.busy:
            return
        level = self.opponent if self.opponent in ("strong", "greedy", "random") else "strong"
        rng = SeededRng(self.seed ^ (len(state.history) * 0x9E3779B1))
        move = choose_move(state, rng, None, level)
        if state.phase == "setup":
            self.after_placement(state.apply(move))
            return
        player = state.current_player
        source = square_name(move.square)
        block = next(b for b in state.blocks() if b["square"] == source)
        events = state.apply(move)
        tip = events[0]
        self.set_busy()

        def after_tip():
            if generation != self.generation:
                return
            if events[1]["type"] == "hop" and len(events[1]["path"]) > 1:
                self.animate_hop(
                    player, events[1]["path"], tip["faces"], lambda: self.after_turn(events)
                )
            else:
                self.after_turn(events)

        self.animate_tip(
            player, source, tip["to"], block, tip["faces"], events[1]["type"] == "remove", after_tip
        )

    # --- set-up by clicks ------------------------------------------------------------------------------
    def pick_roll(self, top) -> None:
        if self.state.phase != "setup" or not self.human_to_act() or top not in FACE_NAMES:
            return
        self.roll = None if self.roll == top else top
        if self.roll:
            self.app.announce(self.t("deblockle.setup.picked", symbol=self.symbol_name(top)))
        self.redraw()

    def turn_roll(self) -> None:
        if self.roll is None:
            return
        sides = SIDE_FACES[self.roll]
        self.turns[self.roll] = sides[(sides.index(self.north_for(self.roll)) + 1) % 4]
        self.redraw()

    def press_setup(self, name: str) -> None:
        if name not in self.placing_squares():
            self.say(
                self.t(
                    "deblockle.setup.pick_roll"
                    if self.roll is None
                    else "deblockle.setup.pick_square"
                ),
                error=True,
            )
            self.redraw()
            return
        try:
            events = self.state.apply(f"{name}:{self.roll}:{self.north_for(self.roll)}")
        except IllegalMove as refusal:
            self.say(self.t(refusal.key, **refusal.params), error=True)
            self.redraw()
            return
        self.roll = None
        self.after_placement(events)

    def place_randomly(self) -> None:
        """Place the rolled blocks still waiting on free start squares, each turned at random."""
        if self.state.phase != "setup" or not self.human_to_act():
            return
        rng = random.Random()
        placer = self.state.current_player
        events = []
        while self.state.phase == "setup" and self.state.current_player == placer:
            events += self.state.apply(rng.choice(self.state.legal_moves()))
        self.roll = None
        self.after_placement(events)

    def after_placement(self, events: list) -> None:
        self.message = ""
        said = [
            self.t(
                "deblockle.announce.placed",
                player=self.player_name(e["player"]),
                square=e["square"],
                symbol=self.symbol_name(e["top"]),
            )
            for e in events
            if e["type"] == "place"
        ]
        if any(e["type"] == "start" for e in events):
            said.append(
                self.t(
                    "deblockle.announce.start", player=self.player_name(self.state.options["first"])
                )
            )
        passes = [e for e in events if e["type"] == "pass"]
        for e in passes:
            self.say(self.t("deblockle.announce.pass", player=self.player_name(e["player"])))
            said.append(self.message)
        self._save()
        self.app.announce(" ".join(said))
        self.redraw()

    # --- animation ----------------------------------------------------------------------------------------
    def set_busy(self) -> None:
        """A block is moving: clicks wait, and the page says so (data-busy) until the redraw."""
        self.busy = True
        section = browser.document.querySelector("[data-game='deblockle']")
        if found(section):
            section.dataset.busy = "yes"

    def board_node(self):
        return browser.element("db-board")

    def traveller(self, player: int, faces: dict, at: str):
        board = self.board_node()
        node = browser.document.createElement("span")
        node.className = "db-traveller"
        node.innerHTML = self.block_html(player, faces)
        col, row = xy(at)
        node.style.transform = f"translate({col * 100}%, {(6 - row) * 100}%)"
        board.appendChild(node)
        return node

    def hide_block(self, square: str) -> None:
        node = browser.element(f"db-c-{square}")
        block = node.querySelector(".db-block:not(.db-ghost)") if found(node) else None
        if found(block):
            block.classList.add("departed")

    def animate_tip(self, player, source, target, old_faces, new_faces, removes, then) -> None:
        if self.app.reduced_motion or not found(self.board_node()):
            then()
            return
        for node in browser.document.querySelectorAll(".db-preview"):
            node.remove()
        self.hide_block(source)
        col, row = xy(source)
        tcol, trow = xy(target)
        mid_x, mid_y = (col + tcol) / 2, (row + trow) / 2
        axis = "X" if col == tcol else "Y"
        sign = (1 if trow > row else -1) if axis == "X" else (1 if tcol > col else -1)
        start = f"translate({col * 100}%, {(6 - row) * 100}%)"
        middle = f"translate({mid_x * 100}%, {(6 - mid_y) * 100}%)"
        end = f"translate({tcol * 100}%, {(6 - trow) * 100}%)"
        node = self.traveller(player, old_faces, source)

        def second_half():
            node.innerHTML = self.block_html(player, new_faces)
            frames = [
                {
                    "transform": f"{middle} perspective(200px) rotate{axis}({-90 * sign}deg) scale(0.9)"
                },
                {"transform": f"{end} perspective(200px) rotate{axis}(0deg) scale(1)"},
            ]
            if removes:
                frames.append({"transform": f"{end} scale(0.1)", "opacity": 0})
            self.run_animation(
                node, frames, TIP_MS / 2 + (250 if removes else 0), then, remove=True
            )

        self.run_animation(
            node,
            [
                {"transform": f"{start} perspective(200px) rotate{axis}(0deg)"},
                {
                    "transform": f"{middle} perspective(200px) rotate{axis}({90 * sign}deg) scale(0.9)"
                },
            ],
            TIP_MS / 2,
            second_half,
        )

    def animate_hop(self, player, path, faces, then) -> None:
        if self.app.reduced_motion or not found(self.board_node()) or len(path) < 2:
            then()
            return
        self.hide_block(path[0])
        for node in browser.document.querySelectorAll(".db-paths, .db-dot"):
            node.remove()
        node = self.traveller(player, faces, path[0])
        frames = []
        for sq in path:
            col, row = xy(sq)
            frames.append({"transform": f"translate({col * 100}%, {(6 - row) * 100}%)"})
        self.run_animation(node, frames, STEP_MS * (len(path) - 1), then, remove=True)

    def run_animation(self, node, frames, duration_ms, then, remove=False) -> None:
        """Play the frames, then go on exactly once: when the animation ends, or a
        little later if a redraw took the node away first. Nothing happens once
        a new game has started or the player has left the page."""
        generation = self.generation
        done = []

        def finish():
            if done:
                return
            done.append(True)
            if remove:
                node.remove()
            if generation == self.generation and self.root is not None:
                then()

        browser.animate(node, frames, duration_ms, finish)
        browser.later(duration_ms + 400, finish)

    # --- dialogs ----------------------------------------------------------------------------------------------
    def render_new_dialog(self):
        t = self.t

        def radios(name, values, current, label_prefix):
            return [
                h(
                    "label",
                    {"class": "choice"},
                    h(
                        "input",
                        {
                            "type": "radio",
                            "name": f"db-{name}",
                            "value": v,
                            "data-action": "pref",
                            "data-name": name,
                            "checked": v == current,
                        },
                    ),
                    h("span", {}, t(f"{label_prefix}{v}")),
                )
                for v in values
            ]

        def count(name, default):
            current = str(self.pref(name, default, (1, 2, 3, 4)))
            return h(
                "label",
                {"class": "db-count"},
                h("span", {}, t(f"deblockle.new.{name}")),
                h(
                    "select",
                    {"data-action": "pref", "data-name": name},
                    [
                        h("option", {"value": str(n), "selected": str(n) == current}, str(n))
                        for n in (1, 2, 3, 4)
                    ],
                ),
            )

        return h(
            "dialog",
            {"class": "db-dialog", "id": "db-new", "aria-labelledby": "db-new-title"},
            h("h2", {"id": "db-new-title"}, t("deblockle.new.title")),
            h(
                "fieldset",
                {},
                h("legend", {}, t("deblockle.new.opponent")),
                radios(
                    "opponent",
                    OPPONENTS,
                    self.pref("opponent", "strong", OPPONENTS),
                    "deblockle.opponent.",
                ),
            ),
            h(
                "fieldset",
                {},
                h("legend", {}, t("deblockle.new.first")),
                radios(
                    "first",
                    ("gold", "blue"),
                    self.pref("first", "gold", ("gold", "blue")),
                    "deblockle.first.",
                ),
            ),
            h(
                "fieldset",
                {},
                h("legend", {}, t("deblockle.new.blocks")),
                h("div", {"class": "db-counts"}, count("blocks_gold", 4), count("blocks_blue", 4)),
                h("p", {"class": "hint"}, t("deblockle.new.handicap")),
            ),
            h(
                "fieldset",
                {},
                h("legend", {}, t("deblockle.new.variants")),
                h(
                    "label",
                    {"class": "choice"},
                    h(
                        "input",
                        {
                            "type": "checkbox",
                            "data-action": "pref",
                            "data-name": "no_side_by_side",
                            "checked": bool(self.prefs.get("no_side_by_side")),
                        },
                    ),
                    h("span", {}, t("deblockle.new.no_side_by_side")),
                ),
            ),
            h(
                "fieldset",
                {},
                h("legend", {}, t("deblockle.new.setup")),
                radios(
                    "setup",
                    ("quick", "ceremony"),
                    self.pref("setup", "quick", ("quick", "ceremony")),
                    "deblockle.setup.",
                ),
            ),
            h(
                "div",
                {"class": "actions"},
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "start"},
                    t("deblockle.new.start"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "close-dialog"},
                    t("deblockle.new.cancel"),
                ),
            ),
        )

    def render_game_over(self):
        if not self.state.is_over:
            return None
        t = self.t
        removed = self.state.position.removed
        blocks = self.state.options["blocks"]
        return h(
            "dialog",
            {"class": "db-dialog db-over", "id": "db-over", "aria-labelledby": "db-over-title"},
            h("h2", {"id": "db-over-title"}, t("deblockle.over.title")),
            h("p", {"class": "db-over-result", "data-result": True}, self.result_text()),
            h("p", {}, t("deblockle.over.both_stuck"))
            if (self.state.result or {}).get("reason") == "both_stuck"
            else None,
            h(
                "dl",
                {"class": "db-over-figures"},
                [
                    h(
                        "div",
                        {},
                        h("dt", {}, self.player_name(p)),
                        h("dd", {}, t("deblockle.off", off=removed[p], total=blocks[p])),
                    )
                    for p in (0, 1)
                ],
            ),
            h(
                "div",
                {"class": "actions"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "again",
                        "autofocus": True,
                    },
                    t("deblockle.new_game"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "new-dialog"},
                    t("deblockle.over.choose"),
                ),
            ),
        )

    # --- keyboard -------------------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY") or (
            str(target.tagName) == "BUTTON" and event.key in ("Enter", " ")
        ):
            return
        if self.busy or found(browser.document.querySelector("dialog[open]")):
            return
        key = str(event.key)
        on_board = str(target.id) == "db-board"
        if key in KEY_STEPS and on_board:
            event.preventDefault()
            dc, dr = KEY_STEPS[key]
            col, row = xy(self.cursor)
            self.cursor = "abcdefg"[min(6, max(0, col + dc))] + str(min(6, max(0, row + dr)) + 1)
            self.redraw()
        elif key in ("Enter", " ") and on_board:
            event.preventDefault()
            self.press(self.cursor)
        elif key == "Escape":
            if self.tip is not None:
                self.untip()
            elif self.selected is not None:
                self.selected = None
                self.redraw()
        elif key in ("n", "N"):
            browser.open_dialog(browser.element("db-new"))

    # --- leaving and other tabs ----------------------------------------------------------------------------
    def close(self) -> None:
        self.generation += 1
        self.root = None
        self.suspend()


VIEW = DeblockleView
