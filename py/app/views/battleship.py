"""Battleship on the page: placement, your ocean and your target grid, the shot log,
the computer's shots, pass-and-play cover screens and the new-game dialog.

All rules live in games.battleship; this view draws what a player may see
(state.view_for(player)) and turns clicks and keys into moves.
"""

import random

from games.battleship import State, new_game
from games.battleship.ai import computer_player
from games.battleship.fleet import LENGTH, SHIP_IDS, ship_name_key
from games.battleship.options import MODES
from games.common.errors import IllegalMove
from games.common.rng import SeededRng

from .. import browser, router, saved_games, scores
from ..browser import found
from ..computer_turns import ComputerTurns
from ..html import h
from ..pointer_drag import PointerDrag, follow
from ..saved_game_view import SavedGameView

GAME = "battleship"
ROWS = "ABCDEFGHIJ"
SIZE = 10
MAX_SEED = 2**31 - 1
STRENGTHS = ("easy", "medium", "hard")
OPPONENTS = STRENGTHS + ("human",)
EDITIONS = ("modern", "classic")
KEY_STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def sq_name(index: int) -> str:
    return f"{ROWS[index // SIZE]}{index % SIZE + 1}"


def sq_index(name: str) -> int:
    return ROWS.index(name[0]) * SIZE + int(name[1:]) - 1


def parse_params(params: dict):
    """(seed, mode or None, opponent or None) from the address, or None without a valid seed."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    mode = params.get("mode") if params.get("mode") in MODES else None
    opponent = params.get("opponent") if params.get("opponent") in OPPONENTS else None
    return seed, mode, opponent


class BattleshipView(ComputerTurns, SavedGameView):
    game = GAME
    computer_delay_ms = 650

    def __init__(self, app, route):
        super().__init__(app, route)
        self.state: State | None = None
        self.seed = 0
        self.opponent = "hard"
        self.recorded = False
        self.revealed = 0  # the player whose screen is uncovered (pass-and-play), None: cover
        self.selected_ship: str | None = SHIP_IDS[0]
        self.orientation = "h"
        self.cursor = 0  # index of the keyboard cursor on the grid in use
        self.salvo: list[str] = []  # squares chosen for the next salvo
        self.focus_salvo: int | None = None  # Advanced Salvo: the salvo outlined in the list
        self.message = ""
        self.message_is_error = False
        self.setup = None  # the new-game dialog's choices while open
        self.closed = False
        self.think_ms = None  # how long the computer's last move took (for tests)
        self.dragging = PointerDrag()  # a ship being dragged from the dock or the ocean
        self._start_or_resume()

    # --- starting ------------------------------------------------------------------
    def _start_or_resume(self) -> None:
        wanted = parse_params(self.route.params)
        saved = self.session.load_state(State.from_json)
        if saved is not None:
            state, meta = saved
            if meta.get("opponent") in OPPONENTS and isinstance(meta.get("seed"), int):
                same = wanted is None or (
                    wanted[0] == meta["seed"]
                    and wanted[1] in (None, state.mode)
                    and wanted[2] in (None, meta["opponent"])
                )
                if same:
                    self.state, self.seed, self.opponent = state, meta["seed"], meta["opponent"]
                    self.recorded = bool(meta.get("recorded"))
                    self.revealed = 0 if self.opponent != "human" else None
                    self._after_load()
                    return
        options = self.pref_options()
        opponent = self.pref_opponent()
        seed = random.randrange(1, MAX_SEED)
        if wanted is not None:
            seed = wanted[0]
            options["mode"] = wanted[1] or options["mode"]
            opponent = wanted[2] or opponent
        self._new_state(seed, options, opponent)

    def pref_options(self) -> dict:
        p = self.prefs
        return {
            "mode": p.get("mode") if p.get("mode") in MODES else "classic",
            "edition": p.get("edition") if p.get("edition") in EDITIONS else "modern",
            "announce_ship": p.get("announce_ship")
            if isinstance(p.get("announce_ship"), bool)
            else True,
        }

    def pref_opponent(self) -> str:
        return self.prefs.get("opponent") if self.prefs.get("opponent") in OPPONENTS else "hard"

    def _new_state(self, seed: int, options: dict, opponent: str) -> None:
        self.seed, self.opponent = seed, opponent
        self.state = new_game(options, seed)
        if opponent != "human":
            rng = SeededRng(seed * 7919 + 17)
            for move in computer_player(opponent).choose_placement(1, rng):
                self.state.apply(move)
        self.session.reset_clock()
        self.recorded = False
        self.revealed = 0 if opponent != "human" else None
        self.message, self.message_is_error = "", False
        self._after_load()
        self._save()

    def _after_load(self) -> None:
        self.salvo = []
        self.focus_salvo = None
        self.selected_ship = self.next_unplaced()
        self.cursor = 0

    def _save(self) -> None:
        meta = {"seed": self.seed, "opponent": self.opponent, "recorded": self.recorded}
        if not self.session.save(self.state.to_json(), meta):
            self.take_newer_save()

    # --- who is looking ------------------------------------------------------------------
    @property
    def humans(self) -> bool:
        return self.opponent == "human"

    def viewer(self):
        """The player whose screen is shown, or None behind the pass-and-play cover."""
        if not self.humans:
            return 0
        if self.state.is_over:
            return self.revealed if self.revealed is not None else self.state.winner
        return self.revealed

    def active(self):
        """The player who must act now (placing or shooting), or None."""
        state = self.state
        if state.is_over:
            return None
        if state.phase == "placement":
            return 0 if not state.ready[0] else 1
        return state.current_player

    def phase(self) -> str:
        """over, cover, pass (show result, then hand over), computer, place, fire."""
        state = self.state
        if state.is_over:
            return "over"
        viewer, active = self.viewer(), self.active()
        if viewer is None:
            return "cover"
        if active != viewer:
            return "pass" if self.humans else "computer"
        return "place" if state.phase == "placement" else "fire"

    def name(self, player: int) -> str:
        if self.humans:
            return self.t(f"battleship.player.{player}")
        return self.t("battleship.you") if player == 0 else self.t("battleship.computer")

    def ship_name(self, ship_id: str) -> str:
        return self.t(ship_name_key(self.state.options["edition"], ship_id))

    def next_unplaced(self):
        player = self.active()
        if player is None or self.state.phase != "placement":
            return None
        fleet = self.state.fleets[player]
        return next((s for s in SHIP_IDS if s not in fleet), None)

    # --- the page ---------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.battleship.name")

    def share_href(self) -> str:
        return router.href(GAME, seed=self.seed, mode=self.state.mode, opponent=self.opponent)

    def render(self):
        t, state = self.t, self.state
        phase = self.phase()
        viewer = self.viewer()
        body = []
        if phase == "cover":
            body.append(self.render_cover())
        else:
            view = state.view_for(viewer)
            body.append(
                h(
                    "div",
                    {"class": "bs-boards"},
                    self.render_target(view, phase) if state.phase != "placement" else None,
                    self.render_ocean(view, phase),
                )
            )
            if state.phase == "placement" and phase == "place":
                body.append(self.render_placement_tools())
            body.append(self.render_log(view))
        mode_text = t(f"battleship.mode.{state.mode}")
        opponent_text = (
            t("battleship.opponent.human")
            if self.humans
            else t("battleship.against", strength=t(f"battleship.strength.{self.opponent}"))
        )
        return h(
            "section",
            {
                "class": "game-view battleship",
                "data-game": GAME,
                "data-phase": phase,
                "data-mode": state.mode,
                "data-think-ms": self.think_ms,
            },
            h(
                "div",
                {"class": "game-head"},
                h("h1", {"tabindex": "-1"}, t("game.battleship.name")),
                h(
                    "div",
                    {"class": "bs-head-tools"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle",
                            "data-action": "new",
                            "aria-keyshortcuts": "N",
                        },
                        t("battleship.new_game"),
                    ),
                    h(
                        "a",
                        {"class": "button subtle", "href": router.href("rules", GAME)},
                        t("hub.rules"),
                    ),
                ),
            ),
            h("p", {"class": "bs-sub"}, mode_text, " · ", opponent_text),
            h(
                "p",
                {
                    "class": f"bs-status bs-turn-{self.active() if self.active() is not None else 'none'}",
                    "data-status": True,
                    "role": "status",
                },
                self.status_text(phase),
            ),
            h(
                "p",
                {
                    "class": "bs-message" + (" error" if self.message_is_error else ""),
                    "data-message": True,
                },
                self.message,
            ),
            body,
            self.render_pass_button(phase),
            h("p", {"class": "bs-keys hint"}, t("battleship.keys_help")),
            self.render_game_over(),
            self.render_setup(),
        )

    def status_text(self, phase: str) -> str:
        t, state = self.t, self.state
        active = self.active()
        if phase == "over":
            return (
                t("battleship.status.over", name=self.name(state.winner))
                if self.humans
                else t("battleship.status.won" if state.winner == 0 else "battleship.status.lost")
            )
        if phase == "cover":
            return t("battleship.cover_text", name=self.name(active))
        if phase == "computer":
            return t("battleship.status.computer")
        if phase == "pass":
            return t("battleship.status.pass", name=self.name(active))
        if phase == "place":
            return (
                t("battleship.status.place", name=self.name(active))
                if self.humans
                else t("battleship.status.place_you")
            )
        count = state.shots_allowed(active)
        if state.mode == "classic":
            return (
                t("battleship.status.fire", name=self.name(active))
                if self.humans
                else t("battleship.status.fire_you")
            )
        if self.humans:
            return t(
                "battleship.status.salvo",
                name=self.name(active),
                count=count,
                chosen=len(self.salvo),
            )
        return t("battleship.status.salvo_you", count=count, chosen=len(self.salvo))

    def render_cover(self):
        active = self.active()
        return h(
            "div",
            {"class": "bs-cover", "data-cover": active},
            h("p", {}, self.t("battleship.cover_text", name=self.name(active))),
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "reveal", "id": "bs-reveal"},
                self.t("battleship.cover_button", name=self.name(active)),
            ),
        )

    def render_pass_button(self, phase: str):
        if phase != "pass":
            return None
        return h(
            "div",
            {"class": "bs-actions"},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "hide", "id": "bs-hide"},
                self.t("battleship.pass_button", name=self.name(self.active())),
            ),
        )

    def grid(self, grid_id: str, label: str, cells: list, interactive: bool, extra_class: str = ""):
        """A 10 x 10 grid with row letters and column numbers; cells: 100 (classes, content, label, action)."""
        prefix = grid_id[3]
        heads = [h("div", {"class": "bs-head corner", "aria-hidden": "true"})] + [
            h(
                "div",
                {"class": "bs-head", "aria-hidden": "true"},
                self.t("battleship.label", text=str(c + 1)),
            )
            for c in range(SIZE)
        ]
        rows = [h("div", {"class": "bs-row bs-row-head", "role": "presentation"}, heads)]
        for r in range(SIZE):
            row_cells = [
                h(
                    "div",
                    {"class": "bs-head", "aria-hidden": "true"},
                    self.t("battleship.label", text=ROWS[r]),
                )
            ]
            for c in range(SIZE):
                i = r * SIZE + c
                classes, content, cell_label, action = cells[i]
                if interactive and i == self.cursor:
                    classes = classes + " cursor"
                props = {
                    "class": "bs-cell " + classes,
                    "role": "gridcell",
                    "id": f"bs-{prefix}-{sq_name(i)}",
                    "data-sq": sq_name(i),
                    "aria-label": cell_label,
                }
                if action:
                    props["data-action"] = action
                row_cells.append(h("div", props, content))
            rows.append(h("div", {"class": "bs-row", "role": "row"}, row_cells))
        props = {
            "class": f"bs-grid {extra_class}",
            "role": "grid",
            "id": grid_id,
            "aria-label": label,
        }
        if interactive:
            props.update(
                tabindex=0, **{"aria-activedescendant": f"bs-{prefix}-{sq_name(self.cursor)}"}
            )
        return h("div", props, rows)

    def render_ocean(self, view: dict, phase: str):
        t = self.t
        cells = [
            ["water", None, t("battleship.cell.water", square=sq_name(i)), None] for i in range(100)
        ]
        for ship in view["fleet"]:
            for k, name in enumerate(ship["squares"]):
                i = sq_index(name)
                end = " bow" if k == 0 else (" stern" if k == len(ship["squares"]) - 1 else "")
                cls = f"ship ship-{ship['orientation']}{end}" + (" sunk" if ship["sunk"] else "")
                if phase == "place" and ship["ship"] == self.selected_ship:
                    cls += " chosen"
                cells[i][0] = cls
                cells[i][2] = t(
                    "battleship.cell.ship", square=name, ship=self.ship_name(ship["ship"])
                )
        for record in view["incoming"]:
            for shot in record["shots"]:
                i = sq_index(shot["square"])
                hit = shot["result"] == "hit"
                cells[i][1] = h("span", {"class": "peg " + ("hit" if hit else "miss")})
                cells[i][2] = t(
                    "battleship.cell.incoming_hit" if hit else "battleship.cell.incoming_miss",
                    square=shot["square"],
                )
        if phase == "place":
            for cell in cells:
                cell[3] = "place"
        placing = phase == "place"
        return h(
            "div",
            {"class": "bs-board bs-ocean-board" + (" active" if placing else "")},
            h("h2", {}, t("battleship.ocean")),
            self.grid("bs-ocean", t("battleship.ocean_label"), cells, placing),
        )

    def render_target(self, view: dict, phase: str):
        t, state = self.t, self.state
        cells = [
            ["open", None, t("battleship.cell.open", square=sq_name(i)), None] for i in range(100)
        ]
        advanced = state.mode == "advanced_salvo"
        salvo_items = []
        if advanced:
            proven_empty, proven_hit = set(), set()
            for record in view["shots"]:
                squares = [s["square"] for s in record["shots"]]
                if record["hits"] == 0:
                    proven_empty.update(squares)
                elif record["hits"] == len(squares):
                    proven_hit.update(squares)
            for number, record in enumerate(view["shots"], 1):
                k = len(record["shots"])
                focus = " focus" if self.focus_salvo == number else ""
                for shot in record["shots"]:
                    name = shot["square"]
                    i = sq_index(name)
                    cls = f"called salvo-{(number - 1) % 6}{focus}"
                    if name in proven_empty:
                        cls += " proven-empty"
                    elif name in proven_hit:
                        cls += " proven-hit"
                    cells[i][0] = cls
                    cells[i][1] = h(
                        "span", {"class": "salvo-no"}, t("battleship.label", text=str(number))
                    )
                    cells[i][2] = t(
                        "battleship.cell.in_salvo",
                        square=name,
                        number=number,
                        hits=record["hits"],
                        count=k,
                    )
                salvo_items.append(
                    h(
                        "li",
                        {},
                        h(
                            "button",
                            {
                                "type": "button",
                                "class": "bs-salvo-item salvo-" + str((number - 1) % 6) + focus,
                                "data-action": "focus-salvo",
                                "data-number": number,
                                "aria-pressed": "true" if focus else "false",
                            },
                            t(
                                "battleship.salvo_count",
                                number=number,
                                hits=record["hits"],
                                count=k,
                                squares=", ".join(s["square"] for s in record["shots"]),
                            ),
                        ),
                    )
                )
        else:
            for record in view["shots"]:
                for shot in record["shots"]:
                    i = sq_index(shot["square"])
                    hit = shot["result"] == "hit"
                    cells[i][0] = "called " + ("hit" if hit else "miss")
                    cells[i][1] = h("span", {"class": "peg " + ("hit" if hit else "miss")})
                    cells[i][2] = self.shot_text(shot)
            # Ships known to be sunk (their names were announced): shade their squares.
            sunk_ids = {s for r in view["shots"] for s in r.get("sunk", [])}
            if sunk_ids and state.options["announce_ship"]:
                for record in view["shots"]:
                    for shot in record["shots"]:
                        if shot.get("ship") in sunk_ids:
                            cells[sq_index(shot["square"])][0] += " sunk"
        if state.is_over:
            # The game is over: the other fleet is shown.
            opponent = 1 - (self.viewer() or 0)
            for ship in state.view_for(opponent)["fleet"]:
                for name in ship["squares"]:
                    cells[sq_index(name)][0] += " revealed"
        firing = phase == "fire"
        if firing:
            for cell in cells:
                if cell[0] == "open":
                    cell[3] = "shoot"
            for name in self.salvo:
                i = sq_index(name)
                cells[i][0] = "open chosen"
                cells[i][1] = h("span", {"class": "peg placeholder"})
                cells[i][2] = t("battleship.cell.chosen", square=name)
        extra = []
        if firing and state.mode != "classic":
            count = state.shots_allowed(self.active())
            extra.append(
                h(
                    "div",
                    {"class": "bs-actions"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button",
                            "data-action": "fire",
                            "id": "bs-fire",
                            "aria-keyshortcuts": "F",
                            "disabled": len(self.salvo) != count,
                        },
                        t("battleship.fire_salvo", chosen=len(self.salvo), count=count),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle",
                            "data-action": "clear-salvo",
                            "disabled": not self.salvo,
                        },
                        t("battleship.clear_salvo"),
                    ),
                )
            )
        if salvo_items:
            extra.append(
                h(
                    "div",
                    {"class": "bs-salvos"},
                    h("h3", {}, t("battleship.salvos")),
                    h("ol", {"class": "bs-salvo-list"}, list(reversed(salvo_items))),
                )
            )
        return h(
            "div",
            {"class": "bs-board bs-target-board" + (" active" if firing else "")},
            h("h2", {}, t("battleship.target")),
            self.grid("bs-target", t("battleship.target_label"), cells, firing),
            extra,
        )

    def render_placement_tools(self):
        t, state = self.t, self.state
        player = self.active()
        fleet = state.fleets[player]
        ships = []
        for ship_id in SHIP_IDS:
            placed = ship_id in fleet
            ships.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "bs-ship-pick" + (" placed" if placed else ""),
                        "data-action": "pick-ship",
                        "data-ship": ship_id,
                        "aria-pressed": "true" if ship_id == self.selected_ship else "false",
                    },
                    h("span", {"class": "bs-ship-name"}, self.ship_name(ship_id)),
                    h(
                        "span",
                        {"class": "bs-ship-len", "aria-hidden": "true"},
                        [h("span", {"class": "bs-hole"}) for _ in range(LENGTH[ship_id])],
                    ),
                    h(
                        "span",
                        {"class": "bs-ship-state"},
                        t("battleship.placed" if placed else "battleship.not_placed_yet"),
                    ),
                )
            )
        orientation = t(f"battleship.orientation.{self.orientation}")
        return h(
            "div",
            {"class": "bs-placement"},
            h("p", {"class": "hint"}, t("battleship.place_help")),
            h(
                "div",
                {"class": "bs-ship-list", "role": "group", "aria-label": t("battleship.fleet")},
                ships,
            ),
            h(
                "div",
                {"class": "bs-actions"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button subtle",
                        "data-action": "rotate",
                        "id": "bs-rotate",
                        "aria-keyshortcuts": "R",
                    },
                    t("battleship.rotate", orientation=orientation),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "random-fleet"},
                    t("battleship.random_fleet"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "clear-fleet"},
                    t("battleship.clear_fleet"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "ready", "id": "bs-ready"},
                    t("battleship.ready"),
                ),
            ),
        )

    # --- texts ------------------------------------------------------------------------------
    def shot_text(self, shot: dict) -> str:
        t = self.t
        if shot["result"] == "miss":
            return t("battleship.shot.miss", square=shot["square"])
        if shot.get("ship") and self.state.options["announce_ship"]:
            return t(
                "battleship.shot.hit_ship", square=shot["square"], ship=self.ship_name(shot["ship"])
            )
        return t("battleship.shot.hit", square=shot["square"])

    def record_text(self, record: dict, viewer: int) -> str:
        """One turn as the viewer is told it."""
        t = self.t
        shooter = record["player"]
        if self.state.mode == "advanced_salvo" and shooter == viewer:
            return t(
                "battleship.log.count",
                name=self.name(shooter),
                squares=", ".join(s["square"] for s in record["shots"]),
                hits=record["hits"],
                count=len(record["shots"]),
            )
        parts = [
            t(
                "battleship.log.shots",
                name=self.name(shooter),
                shots="; ".join(self.shot_text(s) for s in record["shots"]),
            )
        ]
        for ship_id in record.get("sunk", []):
            if shooter == viewer:
                parts.append(t("battleship.sunk", ship=self.ship_name(ship_id)))
            else:
                parts.append(
                    t("battleship.log.lost", name=self.name(shooter), ship=self.ship_name(ship_id))
                )
        return " ".join(parts)

    def render_log(self, view: dict):
        viewer = view["player"]
        mine, theirs = list(view["shots"]), list(view["incoming"])
        records = []
        for number in range(len(mine) + len(theirs)):
            source = mine if number % 2 == viewer else theirs
            index = number // 2
            if index < len(source):
                records.append(source[index])
        items = [h("li", {}, self.record_text(r, viewer)) for r in reversed(records)]
        return h(
            "section",
            {"class": "bs-log"},
            h("h2", {}, self.t("battleship.log")),
            h("ol", {"class": "bs-log-list", "reversed": True, "data-log": True}, items)
            if items
            else h("p", {"class": "empty"}, self.t("battleship.log_empty")),
        )

    def render_game_over(self):
        state = self.state
        if not state.is_over:
            return None
        t = self.t
        result = state.result
        winner = result["winner"]
        hits = sum(r["hits"] for r in state.turns if r["player"] == winner)
        shots = result["shots"][winner]
        if self.humans:
            title = t("battleship.over.winner", name=self.name(winner))
        else:
            title = t("battleship.over.won" if winner == 0 else "battleship.over.lost")
        rows = [
            ("battleship.over.shots", t.number(shots)),
            ("battleship.over.turns", t.number(result["turns"])),
            (
                "battleship.over.accuracy",
                t("battleship.percent", value=round(100 * hits / max(1, shots))),
            ),
        ]
        return h(
            "dialog",
            {"class": "bs-dialog bs-over", "id": "bs-over", "aria-labelledby": "bs-over-title"},
            h("h2", {"id": "bs-over-title"}, title),
            h(
                "p",
                {},
                t("battleship.over.figures_yours")
                if not self.humans and winner == 0
                else t("battleship.over.figures_of", name=self.name(winner)),
            ),
            h(
                "dl",
                {"class": "bs-over-figures"},
                [h("div", {}, h("dt", {}, t(k)), h("dd", {}, v)) for k, v in rows],
            ),
            h(
                "div",
                {"class": "actions"},
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "new", "autofocus": True},
                    t("battleship.new_game"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "close-over"},
                    t("battleship.see_boards"),
                ),
            ),
        )

    def render_setup(self):
        if self.setup is None:
            return None
        t, s = self.t, self.setup

        def radios(name, values, current, label_key):
            return [
                h(
                    "label",
                    {"class": "choice"},
                    h(
                        "input",
                        {
                            "type": "radio",
                            "name": f"bs-{name}",
                            "value": v,
                            "data-action": f"setup-{name}",
                            "checked": v == current,
                        },
                    ),
                    h("span", {}, t(label_key.format(v))),
                )
                for v in values
            ]

        return h(
            "dialog",
            {"class": "bs-dialog bs-setup", "id": "bs-setup", "aria-labelledby": "bs-setup-title"},
            h("h2", {"id": "bs-setup-title"}, t("battleship.setup.title")),
            h(
                "fieldset",
                {},
                h("legend", {}, t("battleship.setup.mode")),
                radios("mode", MODES, s["mode"], "battleship.mode.{}"),
            ),
            h("p", {"class": "hint"}, t("battleship.setup.mode_hint")),
            h(
                "fieldset",
                {},
                h("legend", {}, t("battleship.setup.opponent")),
                radios("opponent", OPPONENTS, s["opponent"], "battleship.opponent.{}"),
            ),
            h(
                "fieldset",
                {},
                h("legend", {}, t("battleship.setup.edition")),
                radios("edition", EDITIONS, s["edition"], "battleship.edition.{}"),
            ),
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "checkbox",
                        "data-action": "setup-announce",
                        "name": "bs-announce",
                        "checked": bool(s["announce_ship"]),
                    },
                ),
                h("span", {}, t("battleship.setup.announce")),
            ),
            h(
                "div",
                {"class": "actions"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "setup-start",
                        "id": "bs-start",
                    },
                    t("battleship.setup.start"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "setup-cancel"},
                    t("battleship.cancel"),
                ),
            ),
        )

    # --- mounting, redrawing, the computer's turns -----------------------------------------------
    def mounted(self, root) -> None:
        browser.replace_hash(self.share_href())
        follow(self)
        for dialog_id in ("bs-setup", "bs-over"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node) and not (dialog_id == "bs-over" and getattr(self, "over_closed", False)):
                browser.open_dialog(node)
                break
        if self.state.is_over:
            self.session.stop_clock()
        else:
            self.session.start_clock()
        self.schedule()

    def play_computer_move(self) -> None:
        state = self.state
        rng = SeededRng(self.seed * 1_000_003 + len(state.turns) * 31 + 1)
        started = browser.now_ms()
        # Every strength thinks with its own default budget, the one bench/battleship.py
        # measures (hard: about 150 ms p95 inside Pyodide).
        move = computer_player(self.opponent).choose_move(state.view_for(1), rng)
        self.think_ms = round(browser.now_ms() - started)
        self.perform(move)

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, refusal: IllegalMove) -> None:
        params = {
            k: (self.ship_name(v) if k in ("ship", "other") and v in LENGTH else v)
            for k, v in refusal.params.items()
        }
        self.message, self.message_is_error = self.t(refusal.key, **params), True
        self.app.announce(self.message)

    def perform(self, move: dict) -> bool:
        state = self.state
        try:
            events = state.apply(move)
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return False
        self.message, self.message_is_error = "", False
        said = []
        for event in events:
            if event["type"] == "shots":
                # Told from the viewer's side: their own shots as announced to them,
                # the other's shots as they land on the viewer's ocean.
                viewer = self.viewer() if self.viewer() is not None else event["player"]
                view = state.view_for(viewer)
                record = view["shots"][-1] if event["player"] == viewer else view["incoming"][-1]
                said.append(self.record_text(record, viewer))
            elif event["type"] == "game_over":
                self.finish()
                said.append(self.status_text("over"))
        if said:
            self.message = " ".join(said)
            self.app.announce(self.message)
        self._save()
        self.redraw()
        return True

    def finish(self) -> None:
        """Record a finished game against the computer once, in the statistics."""
        state = self.state
        self.session.stop_clock()
        if self.recorded or self.humans:
            self.recorded = True
            return
        result = state.result
        shots = result["shots"][0]
        hits = sum(r["hits"] for r in state.turns if r["player"] == 0)
        won = result["winner"] == 0
        scores.record_result(
            self.app.store,
            GAME,
            state.mode,
            won=won,
            score=shots if won else None,
            figures={
                "shots": shots,
                "hits": hits,
                "accuracy": round(100 * hits / max(1, shots)),
                "turns": result["turns"],
            },
            date=browser.today_iso(),
            higher_is_better=False,
        )
        self.recorded = True

    def press_target(self, name: str) -> None:
        if self.phase() != "fire":
            return
        state = self.state
        i = sq_index(name)
        self.cursor = i
        if state.mode == "classic":
            self.perform({"type": "fire", "squares": [name]})
            return
        if state.called[self.active()] >> i & 1:
            self.refuse(IllegalMove("battleship.already_called", square=name))
        elif name in self.salvo:
            self.salvo.remove(name)
            self.message = ""
        elif len(self.salvo) >= state.shots_allowed(self.active()):
            self.message, self.message_is_error = self.t("battleship.salvo_full"), True
            self.app.announce(self.message)
        else:
            self.salvo.append(name)
            self.message, self.message_is_error = "", False
            self.app.announce(
                self.t(
                    "battleship.announce.chosen",
                    square=name,
                    chosen=len(self.salvo),
                    count=state.shots_allowed(self.active()),
                )
            )
        self.redraw()

    def fire_salvo(self) -> None:
        if self.phase() != "fire" or self.state.mode == "classic":
            return
        squares, self.salvo = self.salvo, []
        if not self.perform({"type": "fire", "squares": squares}):
            self.salvo = squares
            self.redraw()

    def press_ocean(self, name: str) -> None:
        if self.phase() != "place":
            return
        player = self.active()
        i = sq_index(name)
        self.cursor = i
        # A tap on a placed ship (not the one in hand) picks that ship up.
        for ship_id, (_bow, orientation) in self.state.fleets[player].items():
            view_ship = next(
                s for s in self.state.view_for(player)["fleet"] if s["ship"] == ship_id
            )
            if name in view_ship["squares"] and ship_id != self.selected_ship:
                self.selected_ship, self.orientation = ship_id, orientation
                self.message, self.message_is_error = (
                    self.t("battleship.picked", ship=self.ship_name(ship_id)),
                    False,
                )
                self.app.announce(self.message)
                self.redraw()
                return
        if self.selected_ship is None:
            self.message, self.message_is_error = self.t("battleship.pick_first"), True
            self.redraw()
            return
        self.place(self.selected_ship, name)

    def place(self, ship_id: str, name: str) -> None:
        """Put a ship's top or left end on square `name`, or say why it may not go there."""
        move = {
            "type": "place",
            "player": self.active(),
            "ship": ship_id,
            "square": name,
            "orientation": self.orientation,
        }
        try:
            self.state.apply(move)
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return
        self.message, self.message_is_error = (
            self.t(
                "battleship.announce.placed",
                ship=self.ship_name(ship_id),
                square=name,
                orientation=self.t(f"battleship.orientation.{self.orientation}"),
            ),
            False,
        )
        self.app.announce(self.message)
        self.selected_ship = self.next_unplaced()
        self._save()
        self.redraw()

    def placement_move(self, kind: str) -> None:
        if self.phase() != "place":
            return
        player = self.active()
        try:
            self.state.apply({"type": kind, "player": player})
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return
        if kind == "ready":
            self.message, self.message_is_error = (
                self.t("battleship.announce.ready", name=self.name(player)),
                False,
            )
            self.app.announce(self.message)
            if self.state.phase == "battle":
                self.salvo = []
                self.cursor = 0
        else:
            self.message, self.message_is_error = "", False
            self.selected_ship = self.next_unplaced()
            self.app.announce(self.t(f"battleship.announce.{kind.replace('_', '-')}"))
        self._save()
        self.redraw()

    # --- dragging a ship from the dock, or a placed ship, onto the ocean ---------------------------
    def drag_lift(self, drag):
        self.selected_ship, self.message = drag["ship"], ""
        if drag["orientation"]:
            self.orientation = drag["orientation"]
        self.redraw()
        ghost = browser.document.createElement("div")
        ghost.setAttribute("aria-hidden", "true")
        ghost.style.setProperty("--bs-cell", f"{drag['size']}px")
        ghost.innerHTML = "".join(
            '<span class="bs-hole"></span>' for _ in range(LENGTH[drag["ship"]])
        )
        browser.document.body.appendChild(ghost)
        return ghost

    def drag_move(self, drag, x, y) -> None:
        ghost, size, k = drag["ghost"], drag["size"], drag["hole"]
        ghost.className = f"bs-ghost ship-{self.orientation}"
        along_x = self.orientation == "h"
        ghost.style.left = f"{x - size * ((k if along_x else 0) + 0.5)}px"
        ghost.style.top = f"{y - size * ((0 if along_x else k) + 0.5)}px"
        self.mark_drop(drag, self.drop_bow(x, y, drag))

    def drag_drop(self, drag, x, y) -> None:
        bow = self.drop_bow(x, y, drag) if x is not None else None
        if bow is None:
            self.redraw()  # dropped off the ocean: the ship stays in hand
        elif bow == "off":
            self.refuse(IllegalMove("battleship.off_grid", ship=drag["ship"]))
            self.redraw()
        else:
            self.place(drag["ship"], sq_name(bow))

    def drag_begin(self, event):
        """The drag a press may start: on a ship in the dock, or on a placed ship."""
        if self.phase() != "place":
            return None
        target = event.target
        pick = target.closest(".bs-ship-pick")
        cell = target.closest("#bs-ocean .bs-cell.ship")
        hole, orientation = 0, None
        if found(pick):
            ship_id = str(pick.dataset.ship)
            holes = list(pick.querySelectorAll(".bs-hole"))
            grabbed = target.closest(".bs-hole")
            hole = next(
                (k for k, node in enumerate(holes) if found(grabbed) and node.isSameNode(grabbed)),
                0,
            )
        elif found(cell):
            square = str(cell.dataset.sq)
            ship = next(
                (s for s in self.state.view_for(self.active())["fleet"] if square in s["squares"]),
                None,
            )
            if ship is None:
                return None
            ship_id, orientation, hole = (
                ship["ship"],
                ship["orientation"],
                ship["squares"].index(square),
            )
        else:
            return None
        if ship_id not in LENGTH:
            return None
        size = browser.element("bs-o-A1").getBoundingClientRect().width
        return {"ship": ship_id, "hole": hole, "orientation": orientation, "size": size}

    def drop_bow(self, x, y, drag):
        """Where the ship's top or left end would go: a square, "off" (off the grid), or None (not over the ocean)."""
        under = browser.document.elementFromPoint(x, y)
        cell = under.closest("#bs-ocean .bs-cell") if found(under) else None
        if not found(cell):
            return None
        row, col = divmod(sq_index(str(cell.dataset.sq)), SIZE)
        if self.orientation == "h":
            col -= drag["hole"]
        else:
            row -= drag["hole"]
        return row * SIZE + col if row >= 0 and col >= 0 else "off"

    def mark_drop(self, drag, bow) -> None:
        """Shade the squares the dragged ship would cover (red when it cannot go there)."""
        grid = browser.element("bs-ocean")
        for node in grid.querySelectorAll(".drop"):
            node.classList.remove("drop", "bad")
        if bow is None or bow == "off":
            return
        row, col = divmod(bow, SIZE)
        step = (0, 1) if self.orientation == "h" else (1, 0)
        squares = [(row + k * step[0], col + k * step[1]) for k in range(LENGTH[drag["ship"]])]
        inside = [r * SIZE + c for r, c in squares if r < SIZE and c < SIZE]
        nodes = [browser.element(f"bs-o-{sq_name(i)}") for i in inside]
        bad = len(inside) < len(squares) or any(
            node.classList.contains("ship") and not node.classList.contains("chosen")
            for node in nodes
        )
        for node in nodes:
            node.classList.add("drop")
            if bad:
                node.classList.add("bad")

    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("place", "pick-ship") and self.dragging.swallows_click():
            return  # the click that ends a drag
        if action.startswith("setup-"):
            self.on_setup(action, data, event)
        elif action == "shoot" and "sq" in data:
            self.press_target(data["sq"])
        elif action == "place" and "sq" in data:
            self.press_ocean(data["sq"])
        elif action == "pick-ship" and data.get("ship") in LENGTH:
            self.selected_ship = data["ship"]
            self.message = ""
            self.redraw()
        elif action == "rotate":
            self.rotate()
        elif action in ("random-fleet", "clear-fleet", "ready"):
            self.placement_move(
                {"random-fleet": "random_fleet", "clear-fleet": "clear", "ready": "ready"}[action]
            )
        elif action == "fire":
            self.fire_salvo()
        elif action == "clear-salvo":
            self.salvo = []
            self.redraw()
        elif action == "focus-salvo":
            number = int(data.get("number", 0))
            self.focus_salvo = None if self.focus_salvo == number else number
            self.redraw()
        elif action == "reveal":
            self.revealed = self.active()
            self.message = ""
            self.cursor = 0
            self.selected_ship = self.next_unplaced()
            self.redraw(focus_id="bs-target" if self.state.phase == "battle" else "bs-ocean")
        elif action == "hide":
            self.revealed = None
            self.message = ""
            self.salvo = []
            self.redraw(focus_id="bs-reveal")
        elif action == "new":
            self.open_setup()
        elif action == "close-over":
            self.over_closed = True
            node = browser.element("view").querySelector("#bs-over")
            if found(node):
                node.close()

    def rotate(self) -> None:
        if self.phase() != "place":
            return
        self.orientation = "v" if self.orientation == "h" else "h"
        self.app.announce(
            self.t(
                "battleship.rotate",
                orientation=self.t(f"battleship.orientation.{self.orientation}"),
            )
        )
        self.redraw()

    # --- the new-game dialog ---------------------------------------------------------------------
    def open_setup(self) -> None:
        self.setup = {**self.pref_options(), "opponent": self.pref_opponent()}
        self.redraw(focus_id="bs-start")

    def on_setup(self, action: str, data: dict, event) -> None:
        s = self.setup
        if s is None:
            return
        value = data.get("value")
        if action == "setup-mode" and value in MODES:
            s["mode"] = value
        elif action == "setup-opponent" and value in OPPONENTS:
            s["opponent"] = value
        elif action == "setup-edition" and value in EDITIONS:
            s["edition"] = value
        elif action == "setup-announce":
            s["announce_ship"] = bool(event.target.checked)
        elif action == "setup-cancel":
            self.setup = None
            self.redraw()
        elif action == "setup-start":
            self.set_prefs(dict(s))
            self.setup = None
            self.over_closed = False
            options = {k: s[k] for k in ("mode", "edition", "announce_ship")}
            self._new_state(random.randrange(1, MAX_SEED), options, s["opponent"])
            self.app.announce(self.t("battleship.announce.new_game"))
            self.redraw(focus_id="bs-ocean")

    def set_prefs(self, values: dict) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, values)

    # --- keyboard ----------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.setup is not None:
            if str(event.key) == "Escape":
                self.setup = None
                self.redraw()
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY") or (
            str(target.tagName) == "BUTTON" and event.key in ("Enter", " ")
        ):
            return
        key = str(event.key)
        grid_id = str(target.id) if found(target) else ""
        on_grid = grid_id in ("bs-target", "bs-ocean")
        if key in KEY_STEPS and on_grid:
            event.preventDefault()
            dr, dc = KEY_STEPS[key]
            row, col = divmod(self.cursor, SIZE)
            self.cursor = min(SIZE - 1, max(0, row + dr)) * SIZE + min(SIZE - 1, max(0, col + dc))
            self.redraw(focus_id=grid_id)
        elif key in ("Enter", " ") and on_grid:
            event.preventDefault()
            name = sq_name(self.cursor)
            if grid_id == "bs-target":
                self.press_target(name)
            else:
                self.press_ocean(name)
            new_root = browser.element("view").querySelector(f"#{grid_id}")
            if found(new_root):
                new_root.focus()
        elif key in ("r", "R"):
            self.rotate()
        elif key in ("f", "F"):
            self.fire_salvo()
        elif key in ("n", "N"):
            self.open_setup()

    # --- leaving and other tabs ---------------------------------------------------------------------
    def close(self) -> None:
        self.closed = True
        self.dragging.abandon(self)
        self.suspend()


VIEW = BattleshipView
