"""Straight Dominoes on the page: the table, your hand, the score sheet and dialogs.

All rules live in games.dominoes; this view only draws what a seat may see
(state.view_for) and turns clicks and keys into moves. Computer seats move
after a short delay through the engine's computer players.
"""

import random

from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.dominoes import State, new_game
from games.dominoes.ai import PLAYERS
from games.dominoes.ai import choose_move as computer_move

from .. import browser, router, saved_games, scores
from ..browser import found
from ..computer_turns import ComputerTurns
from ..html import h
from ..pointer_drag import PointerDrag, follow
from ..saved_game_view import SavedGameView

GAME = "dominoes"
MAX_SEED = 2**31 - 1
LEVELS = ("random", "greedy", "heuristic", "strong")
KINDS = ("human",) + LEVELS
DEFAULT_PLAYERS = ("human", "strong")
ARM_NAMES = ("W", "E", "N", "S")

# Pip positions in a 3 x 3 half (0 top-left .. 8 bottom-right).
PIPS = {0: (), 1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8)}
SIX = {"v": (0, 3, 6, 2, 5, 8), "h": (0, 1, 2, 6, 7, 8)}


def pip_positions(n: int, orient: str) -> tuple:
    if n == 6:
        return SIX[orient]
    if n in (2, 3) and orient == "h":
        return tuple({0: 2, 8: 6, 4: 4}[p] for p in PIPS[n])
    return PIPS[n]


def tile_name(t) -> str:
    return f"{t[0]}-{t[1]}"


def parse_tile(text: str):
    parts = (text or "").split("-")
    if len(parts) == 2 and all(p.isdigit() and len(p) == 1 for p in parts):
        a, b = int(parts[0]), int(parts[1])
        if a <= 6 and b <= 6:
            return (a, b) if a >= b else (b, a)
    return None


def parse_players(text) -> list | None:
    if not isinstance(text, str):
        return None
    players = text.split(",")
    return players if 2 <= len(players) <= 4 and all(p in KINDS for p in players) else None


def domino(
    a: int, b: int, orient: str, extra: str = "", props: dict | None = None, tag: str = "span"
):
    """A tile drawn with pips: halves a then b, left-right ("h") or top-bottom ("v")."""
    halves = [
        h(
            "span",
            {"class": "half"},
            [h("span", {"class": f"pip p{p}"}) for p in pip_positions(n, orient)],
        )
        for n in (a, b)
    ]
    return h(tag, {"class": f"dom {orient} {extra}".strip(), **(props or {})}, halves)


_on_screen = {"view": None, "listening": False}


def _resized(_event=None) -> None:
    view = _on_screen["view"]
    if view is not None and not view.closed and view.row_capacity() != view.drawn_capacity:
        view.redraw()


class DominoesView(ComputerTurns, SavedGameView):
    game = GAME
    computer_delay_ms = 750

    def __init__(self, app, route):
        super().__init__(app, route)
        self.state: State | None = None
        self.players: list = list(DEFAULT_PLAYERS)
        self.seed = 0
        self.ack = 0  # hand summaries the players have closed
        self.recorded = False
        self.revealed = None  # pass-and-play: the human seat whose hand is uncovered
        self.selected = None  # the tile picked from the hand, waiting for an end
        self.drawn = None  # the tile just drawn by the seat in view
        self.pop = None  # (points, seat) to float over the table once
        self.message = ""
        self.message_is_error = False
        self.closed = False
        self.setup = None  # the new-game dialog's choices while it is open
        self.drawn_capacity = 0
        self.final_layout = None  # the layout of a hand just finished, shown under its summary
        self.log: list = []  # the last few things that happened, shown under the table
        self.dragging = PointerDrag()  # a hand tile being dragged onto an end
        self._start_or_resume()

    # --- starting and saving -------------------------------------------------------
    def _start_or_resume(self) -> None:
        wanted = self._wanted_seed()
        saved = self.session.load_state(State.from_json)
        if saved is not None:
            state, meta = saved
            players = parse_players(
                ",".join(meta.get("players", [])) if isinstance(meta.get("players"), list) else None
            )
            if (
                players is not None
                and len(players) == state.table.seats
                and (wanted is None or wanted == meta.get("seed"))
            ):
                self.state, self.players = state, players
                self.seed = meta.get("seed") if isinstance(meta.get("seed"), int) else 0
                self.ack = (
                    meta.get("ack")
                    if isinstance(meta.get("ack"), int)
                    else len(state.hand_summaries)
                )
                self.recorded = bool(meta.get("recorded"))
                revealed = meta.get("revealed")
                self.revealed = revealed if isinstance(revealed, int) else None
                return
        players = parse_players(self.prefs.get("players")) or list(DEFAULT_PLAYERS)
        partners = bool(self.prefs.get("partners")) and len(players) == 4
        self._new_state(
            wanted if wanted is not None else random.randrange(1, MAX_SEED), players, partners
        )

    def _wanted_seed(self):
        return router.int_param(self.route.params, "seed", 0, MAX_SEED)

    def _new_state(self, seed: int, players: list, partners: bool) -> None:
        self.state = new_game({"seats": len(players), "partnerships": partners}, seed)
        self.players, self.seed = list(players), seed
        self.ack, self.recorded, self.revealed = 0, False, None
        self.selected = self.drawn = self.pop = self.final_layout = None
        self.message = ""
        self.session.reset_clock()
        self._save()

    def _save(self) -> None:
        meta = {
            "players": self.players,
            "seed": self.seed,
            "ack": self.ack,
            "recorded": self.recorded,
            "revealed": self.revealed,
        }
        if not self.session.save(self.state.to_json(), meta):
            self.take_newer_save()

    # --- who is who ------------------------------------------------------------------
    @property
    def humans(self) -> list:
        return [s for s, kind in enumerate(self.players) if kind == "human"]

    def is_computer(self, seat) -> bool:
        return seat is not None and self.players[seat] != "human"

    def name(self, seat: int) -> str:
        t = self.t
        humans = self.humans
        if self.players[seat] == "human":
            return t("dominoes.you") if len(humans) == 1 else t("dominoes.player", number=seat + 1)
        computers = [s for s in range(len(self.players)) if self.players[s] != "human"]
        return (
            t("dominoes.computer")
            if len(computers) == 1
            else t("dominoes.computer_n", number=seat + 1)
        )

    def team_name(self, team: int) -> str:
        members = self.state.table.members(team)
        return " & ".join(self.name(s) for s in members)

    def viewer(self):
        """The seat whose hand is drawn face up, or None."""
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        current = self.state.current_player
        if current in humans:
            return current if self.revealed == current else None
        return self.revealed if self.revealed in humans else None

    def covered(self) -> bool:
        """Pass-and-play: a human's turn whose hand is still behind the cover."""
        current = self.state.current_player
        return (
            len(self.humans) > 1
            and current in self.humans
            and self.revealed != current
            and not self.summary_pending()
        )

    def summary_pending(self) -> bool:
        return len(self.state.hand_summaries) > self.ack and not self.state.is_over

    def variant(self) -> str:
        table = self.state.table
        return f"{table.seats}p" if table.partnerships else str(table.seats)

    # --- the page ----------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.dominoes.name")

    def share_href(self) -> str:
        return router.href(GAME, seed=self.seed)

    def phase(self) -> str:
        state = self.state
        if state.is_over:
            return "over"
        if self.summary_pending():
            return "summary"
        if self.covered():
            return "cover"
        return "computer" if self.is_computer(state.current_player) else "human"

    def render(self):
        t, state = self.t, self.state
        return h(
            "section",
            {
                "class": "game-view dominoes",
                "data-game": GAME,
                "data-phase": self.phase(),
                "data-turn": state.current_player if state.current_player is not None else "",
                "data-hand": state.hand_number,
            },
            h(
                "div",
                {"class": "game-head"},
                h("h1", {"tabindex": "-1"}, t("game.dominoes.name")),
                h(
                    "div",
                    {"class": "dm-head-tools"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle",
                            "data-action": "new",
                            "aria-keyshortcuts": "N",
                        },
                        t("dominoes.new_game"),
                    ),
                    h(
                        "a",
                        {"class": "button subtle", "href": router.href("rules", GAME)},
                        t("hub.rules"),
                    ),
                ),
            ),
            self.render_scores(),
            self.render_seats(),
            self.render_table(),
            h(
                "p",
                {
                    "class": "dm-message" + (" error" if self.message_is_error else ""),
                    "data-message": True,
                },
                self.message or self.status_text(),
            ),
            self.render_hand(),
            h("ol", {"class": "dm-log", "data-log": True}, [h("li", {}, line) for line in self.log])
            if self.log
            else None,
            self.render_sheet(),
            h(
                "p",
                {"class": "dm-game-number hint"},
                t("dominoes.game_number"),
                " ",
                h("a", {"href": self.share_href(), "data-share": True}, str(self.seed)),
            ),
            h("p", {"class": "dm-keys hint"}, t("dominoes.keys_help")),
            self.render_summary(),
            self.render_game_over(),
            self.render_setup(),
        )

    def render_scores(self):
        t, state = self.t, self.state
        target = state.table.target
        items = []
        for team in range(state.table.team_count):
            score = state.scores[team]
            members = state.table.members(team)
            items.append(
                h(
                    "li",
                    {
                        "class": "dm-score" + (" turn" if state.current_player in members else ""),
                        "data-team": team,
                    },
                    h("span", {"class": "dm-score-name"}, self.team_name(team)),
                    h("span", {"class": "dm-score-points", "data-score": team}, t.number(score)),
                    h(
                        "span",
                        {"class": "dm-score-bar", "aria-hidden": "true"},
                        h("span", {"style": f"width:{min(100, 100 * score // target)}%"}),
                    ),
                )
            )
        return h(
            "ul",
            {"class": "dm-scores", "aria-label": t("dominoes.scores_label", target=target)},
            items,
        )

    def render_seats(self):
        t, state = self.t, self.state
        viewer = self.viewer()
        seats = []
        for seat in range(state.table.seats):
            if seat == viewer:
                continue
            size = len(state.hands[seat])
            seats.append(
                h(
                    "li",
                    {
                        "class": "dm-seat" + (" turn" if seat == state.current_player else ""),
                        "data-seat": seat,
                    },
                    h("span", {"class": "dm-seat-name"}, self.name(seat)),
                    h(
                        "span",
                        {"class": "dm-backs", "aria-hidden": "true"},
                        [h("span", {"class": "dm-back"}) for _ in range(size)],
                    ),
                    h("span", {"class": "dm-seat-count"}, t("dominoes.tiles_count", count=size)),
                )
            )
        seats.append(
            h(
                "li",
                {"class": "dm-seat dm-boneyard", "data-boneyard": len(state.boneyard)},
                h("span", {"class": "dm-seat-name"}, t("dominoes.boneyard")),
                h(
                    "span",
                    {"class": "dm-seat-count"},
                    t("dominoes.boneyard_count", count=len(state.boneyard)),
                ),
            )
        )
        return h("ul", {"class": "dm-seats"}, seats)

    def selected_ends(self) -> list:
        if self.selected is None:
            return []
        return [
            m["end"]
            for m in self.legal_for_viewer()
            if m["type"] == "play" and tuple(m["tile"]) == self.selected and m["end"] is not None
        ]

    def legal_for_viewer(self) -> list:
        state = self.state
        if self.phase() != "human" or state.current_player != self.viewer():
            return []
        return state.legal_moves()

    def shown_layout(self):
        if self.final_layout is not None and (self.summary_pending() or self.state.is_over):
            return self.final_layout
        return self.state.layout

    def render_table(self):
        t, layout = self.t, self.shown_layout()
        ends = {e.end: e for e in layout.open_ends()}
        targets = self.selected_ends()
        count = layout.count()

        def slot(arm):
            if arm not in targets:
                return None
            end = ends[arm]
            return h(
                "button",
                {
                    "type": "button",
                    "class": "dm-slot",
                    "data-action": "end",
                    "data-end": arm,
                    "id": f"dm-end-{arm}",
                    "aria-label": t(
                        "dominoes.end_label", end=t(f"dominoes.end.{arm}"), value=end.value
                    ),
                },
                str(end.value),
            )

        plays = [e for e in self.state.history if e["type"] == "play"]
        last = (
            tuple(sorted(plays[-1]["tile"], reverse=True))
            if plays and layout is self.state.layout
            else None
        )

        def mark(a, b, double):
            return " ".join(
                c
                for c in (
                    "double" if double else "",
                    "last" if (max(a, b), min(a, b)) == last else "",
                )
                if c
            )

        def arm_tiles(arm):
            pieces = []
            for inner, outer in layout.arms[arm]:
                double = inner == outer
                a, b = (outer, inner) if arm == "N" else (inner, outer)
                pieces.append(domino(a, b, "h" if double else "v", mark(a, b, double)))
            return pieces

        def line_arm(arm):
            """W and E bend like a snake: rows of as many tiles as fit, alternating direction."""
            cap = self.row_capacity()
            placed = layout.arms[arm]
            rows = [placed[i : i + cap] for i in range(0, len(placed), cap)] or [[]]
            end_slot = slot(arm)
            if end_slot is not None and len(rows[-1]) >= cap:
                rows.append([])
            out = []
            for number, row in enumerate(rows):
                # Row 0 grows away from the spinner; each next row turns back.
                leftward = (arm == "W") == (number % 2 == 0)
                pieces = []
                for inner, outer in row:
                    double = inner == outer
                    a, b = (outer, inner) if leftward else (inner, outer)
                    pieces.append(domino(a, b, "v" if double else "h", mark(a, b, double)))
                if number == len(rows) - 1 and end_slot is not None:
                    pieces.append(end_slot)
                out.append(
                    h(
                        "div",
                        {"class": "dm-row " + ("leftward" if leftward else "rightward")},
                        pieces,
                    )
                )
            return out

        if layout.is_empty:
            body = h("p", {"class": "dm-empty"}, t("dominoes.empty_layout"))
        else:
            root = layout.root
            spinner = layout.spinner is not None
            centre = domino(
                root[0],
                root[1],
                "v" if spinner else "h",
                ("spinner " if spinner else "root ") + mark(root[0], root[1], False),
                {"title": t("dominoes.spinner")} if spinner else None,
            )
            body = h(
                "div",
                {"class": "dm-layout", "role": "group", "aria-label": self.layout_description()},
                [
                    h(
                        "div",
                        {"class": f"dm-arm dm-arm-{arm.lower()}", "data-arm": arm},
                        line_arm(arm) if arm in ("W", "E") else [arm_tiles(arm), slot(arm)],
                    )
                    for arm in ARM_NAMES
                ],
                h("div", {"class": "dm-centre"}, centre),
            )
        pop = None
        if self.pop is not None:
            pop = h(
                "span",
                {"class": "dm-pop", "aria-hidden": "true"},
                t("dominoes.pop", points=self.pop[0]),
            )
        count_text = t("dominoes.count", count=count)
        return h(
            "div",
            {"class": "dm-table"},
            h(
                "p",
                {
                    "class": "dm-count" + (" scores" if count and count % 5 == 0 else ""),
                    "data-count": count,
                },
                count_text,
            ),
            body,
            pop,
        )

    def row_capacity(self) -> int:
        """How many lying tiles fit in one row of the W or E arm at this window width."""
        try:
            width = float(browser.document.documentElement.clientWidth)
        except Exception:
            width = 1000.0
        phone = width <= 480
        unit = 15 if phone else 22
        table = min(width - (24 if phone else 32), 900) - (12 if phone else 20)
        arm = (table - 2 * unit - 8) / 2
        return max(2, int(arm // (2 * unit + 5)))

    def layout_description(self) -> str:
        t, layout = self.t, self.shown_layout()
        parts = []
        root = layout.root
        if layout.spinner is not None:
            parts.append(t("dominoes.describe_spinner", tile=tile_name(root)))
        else:
            parts.append(t("dominoes.describe_root", tile=tile_name(root)))
        for end in layout.open_ends():
            parts.append(
                t(
                    "dominoes.describe_end",
                    end=t(f"dominoes.end.{end.end}"),
                    value=end.value,
                    tiles=len(layout.arms[end.end]),
                )
            )
        return " ".join(parts)

    def status_text(self) -> str:
        t, state = self.t, self.state
        phase = self.phase()
        if phase == "over":
            return t("dominoes.status_over")
        if phase == "summary":
            return t("dominoes.status_summary")
        if phase == "cover":
            return t("dominoes.cover_text", name=self.name(state.current_player))
        seat = state.current_player
        if phase == "computer":
            return t("dominoes.status_thinking", name=self.name(seat))
        legal = state.legal_moves()
        if legal[0]["type"] == "draw":
            return t("dominoes.status_draw")
        if legal[0]["type"] == "pass":
            return t("dominoes.status_pass")
        if state.layout.is_empty:
            return t("dominoes.status_lead")
        if self.selected is not None:
            return t("dominoes.status_choose_end", tile=tile_name(self.selected))
        return t("dominoes.status_play")

    def render_hand(self):
        t, state = self.t, self.state
        phase = self.phase()
        if phase == "cover":
            seat = state.current_player
            return h(
                "div",
                {"class": "dm-cover", "data-cover": seat},
                h("p", {}, t("dominoes.cover_text", name=self.name(seat))),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "reveal",
                        "id": "dm-reveal",
                    },
                    t("dominoes.cover_button", name=self.name(seat)),
                ),
            )
        viewer = self.viewer()
        if viewer is None:
            return None
        legal = self.legal_for_viewer()
        playable = {tuple(m["tile"]) for m in legal if m["type"] == "play"}
        tiles = []
        for _index, tile in enumerate(sorted(state.hands[viewer], key=lambda x: (-x[0], -x[1]))):
            classes = []
            if tile in playable:
                classes.append("playable")
            if tile == self.selected:
                classes.append("selected")
            if tile == self.drawn:
                classes.append("drawn")
            label = t(
                "dominoes.tile_playable" if tile in playable else "dominoes.tile_label",
                tile=tile_name(tile),
            )
            tiles.append(
                domino(
                    tile[0],
                    tile[1],
                    "v",
                    " ".join(classes),
                    {
                        "type": "button",
                        "data-action": "tile",
                        "data-tile": tile_name(tile),
                        "id": f"dm-t-{tile_name(tile)}",
                        "aria-label": label,
                        "aria-pressed": "true" if tile == self.selected else "false",
                    },
                    tag="button",
                )
            )
        kinds = {m["type"] for m in legal}
        buttons = h(
            "div",
            {"class": "dm-tools"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "data-action": "draw",
                    "id": "dm-draw",
                    "aria-keyshortcuts": "D",
                    "disabled": "draw" not in kinds,
                },
                t("dominoes.draw"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "data-action": "pass",
                    "id": "dm-pass",
                    "aria-keyshortcuts": "P",
                    "disabled": "pass" not in kinds,
                },
                t("dominoes.pass"),
            ),
        )
        heading = (
            t("dominoes.your_hand")
            if len(self.humans) == 1
            else t("dominoes.hand_of", name=self.name(viewer))
        )
        return h(
            "div",
            {"class": "dm-hand-area" + (" my-turn" if legal else ""), "data-viewer": viewer},
            h(
                "h2",
                {"class": "dm-hand-title"},
                heading,
                h(
                    "span",
                    {"class": "dm-pips"},
                    " · ",
                    t("dominoes.pips_in_hand", pips=sum(a + b for a, b in state.hands[viewer])),
                ),
            ),
            h("div", {"class": "dm-hand", "role": "group", "aria-label": heading}, tiles),
            buttons,
        )

    def render_sheet(self):
        t, state = self.t, self.state
        teams = range(state.table.team_count)
        rows = []
        for summary in state.hand_summaries:
            rows.append(
                h(
                    "tr",
                    {},
                    h("th", {"scope": "row"}, t("dominoes.sheet_hand", number=summary["hand"] + 1)),
                    [h("td", {}, t.number(summary["scores"][team])) for team in teams],
                )
            )
        rows.append(
            h(
                "tr",
                {"class": "now"},
                h("th", {"scope": "row"}, t("dominoes.sheet_now")),
                [h("td", {}, t.number(state.scores[team])) for team in teams],
            )
        )
        return h(
            "details",
            {"class": "dm-sheet", "open": True},
            h("summary", {}, t("dominoes.sheet_title")),
            h(
                "table",
                {"class": "dm-sheet-table"},
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        h("th", {"scope": "col"}, t("dominoes.sheet_hands")),
                        [h("th", {"scope": "col"}, self.team_name(team)) for team in teams],
                    ),
                ),
                h("tbody", {}, rows),
            ),
        )

    def summary_body(self, summary: dict):
        t, table = self.t, self.state.table
        if summary["reason"] == "domino":
            seat = summary["seat"]
            head = (
                t("dominoes.sum_domino_you")
                if self.players[seat] == "human" and len(self.humans) == 1
                else t("dominoes.sum_domino", name=self.name(seat))
            )
        else:
            head = t("dominoes.sum_blocked")
        rows = []
        for seat, pips in enumerate(summary["pips"]):
            tiles = summary["hands"][seat]
            rows.append(
                h(
                    "tr",
                    {},
                    h("th", {"scope": "row"}, self.name(seat)),
                    h(
                        "td",
                        {},
                        h(
                            "span",
                            {"class": "dm-sum-tiles"},
                            [domino(a, b, "h", "small") for a, b in tiles],
                        ),
                    ),
                    h("td", {}, t.number(pips)),
                )
            )
        winner = summary["winner_team"]
        if winner is None:
            result = [h("p", {"class": "dm-sum-result"}, t("dominoes.sum_tie"))]
        else:
            result = [
                h("p", {}, t("dominoes.sum_raw", raw=summary["raw"], points=summary["points"])),
                h(
                    "p",
                    {"class": "dm-sum-result"},
                    t("dominoes.sum_points", name=self.team_name(winner), points=summary["points"]),
                ),
            ]
        if table.partnerships:
            result.insert(
                0,
                h(
                    "p",
                    {},
                    " · ".join(
                        t("dominoes.sum_team_pips", name=self.team_name(team), pips=pips)
                        for team, pips in enumerate(summary["team_pips"])
                    ),
                ),
            )
        scores_line = h(
            "p",
            {"class": "dm-sum-scores"},
            " · ".join(
                f"{self.team_name(team)}: {t.number(score)}"
                for team, score in enumerate(summary["scores"])
            ),
        )
        return [
            h("p", {"class": "dm-sum-head"}, head),
            h(
                "table",
                {"class": "dm-sum-table"},
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        h("th", {"scope": "col"}, t("dominoes.sum_player")),
                        h("th", {"scope": "col"}, t("dominoes.sum_left")),
                        h("th", {"scope": "col"}, t("dominoes.sum_pips")),
                    ),
                ),
                h("tbody", {}, rows),
            ),
            result,
            scores_line,
        ]

    def render_summary(self):
        if not self.summary_pending():
            return None
        t = self.t
        summary = self.state.hand_summaries[self.ack]
        return h(
            "dialog",
            {
                "class": "dm-dialog dm-summary",
                "id": "dm-summary",
                "aria-labelledby": "dm-summary-title",
            },
            h(
                "h2",
                {"id": "dm-summary-title"},
                t("dominoes.sum_title", number=summary["hand"] + 1),
            ),
            self.summary_body(summary),
            h(
                "div",
                {"class": "actions"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "next-hand",
                        "autofocus": True,
                    },
                    t("dominoes.next_hand"),
                ),
            ),
        )

    def render_game_over(self):
        state = self.state
        if not state.is_over:
            return None
        t = self.t
        winner = state.result["winner_team"]
        members = state.table.members(winner)
        if len(self.humans) == 1 and self.humans[0] in members:
            head = t("dominoes.over_you_win")
        elif len(self.humans) == 1:
            head = t("dominoes.over_you_lose", name=self.team_name(winner))
        else:
            head = t("dominoes.over_wins", name=self.team_name(winner))
        last = state.hand_summaries[-1] if len(state.hand_summaries) > self.ack else None
        return h(
            "dialog",
            {"class": "dm-dialog dm-over", "id": "dm-over", "aria-labelledby": "dm-over-title"},
            h("h2", {"id": "dm-over-title"}, t("dominoes.over_title")),
            h("p", {"class": "dm-over-head"}, head),
            self.summary_body(last) if last else None,
            h(
                "ul",
                {"class": "dm-over-scores"},
                [
                    h(
                        "li",
                        {},
                        h("span", {}, self.team_name(team)),
                        " ",
                        h("strong", {}, t.number(score)),
                    )
                    for team, score in enumerate(state.scores)
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
                    t("dominoes.play_again"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "new"},
                    t("dominoes.new_game"),
                ),
            ),
        )

    def render_setup(self):
        if self.setup is None:
            return None
        t, setup = self.t, self.setup
        count = len(setup["players"])
        seat_rows = []
        for seat, kind in enumerate(setup["players"]):
            options = [
                h("option", {"value": k, "selected": k == kind}, t(f"dominoes.kind.{k}"))
                for k in KINDS
            ]
            seat_rows.append(
                h(
                    "label",
                    {"class": "dm-setup-seat"},
                    h("span", {}, t("dominoes.seat", number=seat + 1)),
                    h(
                        "select",
                        {
                            "data-action": "setup-player",
                            "data-seat": seat,
                            "name": f"dm-seat-{seat}",
                        },
                        options,
                    ),
                )
            )
        return h(
            "dialog",
            {"class": "dm-dialog dm-setup", "id": "dm-setup", "aria-labelledby": "dm-setup-title"},
            h("h2", {"id": "dm-setup-title"}, t("dominoes.setup_title")),
            h(
                "fieldset",
                {},
                h("legend", {}, t("dominoes.setup_seats")),
                h(
                    "div",
                    {"class": "dm-setup-counts"},
                    [
                        h(
                            "label",
                            {"class": "choice"},
                            h(
                                "input",
                                {
                                    "type": "radio",
                                    "name": "dm-count",
                                    "value": n,
                                    "data-action": "setup-count",
                                    "checked": n == count,
                                },
                            ),
                            h("span", {}, t("dominoes.setup_count", count=n)),
                        )
                        for n in (2, 3, 4)
                    ],
                ),
            ),
            h("fieldset", {}, h("legend", {}, t("dominoes.setup_players")), seat_rows),
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "checkbox",
                        "data-action": "setup-partners",
                        "name": "dm-partners",
                        "checked": bool(setup["partners"]) and count == 4,
                        "disabled": count != 4,
                    },
                ),
                h("span", {}, t("dominoes.setup_partners")),
            ),
            h("p", {"class": "hint"}, t("dominoes.setup_partners_hint")),
            h(
                "div",
                {"class": "actions"},
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "setup-start"},
                    t("dominoes.setup_start"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "setup-cancel"},
                    t("dominoes.cancel"),
                ),
            ),
        )

    # --- mounting, redrawing, the computer's turns -----------------------------------------------
    def mounted(self, root) -> None:
        browser.replace_hash(self.share_href())
        _on_screen["view"] = self
        self.drawn_capacity = self.row_capacity()
        if not _on_screen["listening"]:
            _on_screen["listening"] = True
            browser.listen(browser.window, "resize", _resized)
        follow(self)
        for dialog_id in ("dm-setup", "dm-over", "dm-summary"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node):
                browser.open_dialog(node)
                break
        self.pop = None
        self.schedule()

    def focus_lost(self, view_root, wanted_id: str) -> None:
        if wanted_id.startswith("dm-") and self.setup is None:
            # The focused tile or end is gone (played): keep keyboard players in their hand.
            for selector in (
                ".dm-hand .playable",
                "#dm-draw:not([disabled])",
                "#dm-pass:not([disabled])",
                "#dm-reveal",
                ".dm-hand [data-action='tile']",
            ):
                node = view_root.querySelector(selector)
                if found(node):
                    node.focus()
                    break

    def play_computer_move(self) -> None:
        state = self.state
        seat = state.current_player
        rng = SeededRng(
            self.seed * 1_000_003 + state.hand_number * 997 + len(state.history) * 31 + seat
        )
        level = self.players[seat] if self.players[seat] in PLAYERS else "strong"
        move = computer_move(state.view_for(seat), rng, level=level)
        self.perform(move)

    # --- playing -------------------------------------------------------------------------------------
    def perform(self, move: dict) -> bool:
        state = self.state
        seat = state.current_player
        hand_before = state.hand_number
        layout_before = state.layout.copy()
        try:
            events = state.apply(move)
        except IllegalMove as refusal:
            self.message = self.t(refusal.key, **{k: str(v) for k, v in refusal.params.items()})
            self.message_is_error = True
            self.app.announce(self.message)
            self.redraw()
            return False
        self.message, self.message_is_error = "", False
        self.selected = None
        self.drawn = None
        if state.hand_number != hand_before or state.is_over:
            # Keep the finished hand's layout on the table while its summary is read.
            final = next((e for e in events if e["type"] == "play"), None)
            if final is not None:
                layout_before.place(tuple(final["tile"]), final["end"])
            self.final_layout = layout_before
        said = []
        for event in events:
            kind = event["type"]
            if kind == "play":
                said.append(self.play_text(event, hand_before))
            elif kind == "score":
                self.pop = (event["points"], event["seat"])
                if said:  # "Ana plays 5-3 on the spinner: 15 points."
                    said[-1] = self.t(
                        "dominoes.announce.with_points",
                        play=said[-1].rstrip(".!"),
                        points=event["points"],
                    )
                else:
                    said.append(self.t("dominoes.announce.points", points=event["points"]))
            elif kind == "draw":
                if seat == self.viewer() and not self.is_computer(seat):
                    self.drawn = tuple(sorted(event["tile"], reverse=True))
                    said.append(self.t("dominoes.announce.you_draw", tile=tile_name(self.drawn)))
                else:
                    said.append(self.t("dominoes.announce.draws", name=self.name(seat)))
            elif kind == "pass":
                said.append(self.t("dominoes.announce.passes", name=self.name(event["seat"])))
            elif kind == "hand_end":
                if event["reason"] == "domino":
                    said.append(self.t("dominoes.announce.domino", name=self.name(event["seat"])))
                else:
                    said.append(self.t("dominoes.announce.blocked"))
                if event["winner_team"] is not None:
                    said.append(
                        self.t(
                            "dominoes.sum_points",
                            name=self.team_name(event["winner_team"]),
                            points=event["points"],
                        )
                    )
            elif kind == "game_over":
                said.append(
                    self.t("dominoes.announce.over", name=self.team_name(event["winner_team"]))
                )
        if state.is_over:
            self.finish()
        if len(self.humans) > 1 and state.current_player != seat:
            self.revealed = None
        self._save()
        self.log = (self.log + [s for s in said if s])[-4:]
        self.app.announce(" ".join(s for s in said if s))
        self.redraw()
        return True

    def play_text(self, event: dict, hand_before: int) -> str:
        t, layout = self.t, self.state.layout
        name = self.name(event["seat"])
        tile = tile_name(event["tile"])
        you = self.players[event["seat"]] == "human" and len(self.humans) == 1
        end = event["end"]
        if end is None:
            key = "lead"
            where = ""
        elif (
            self.state.hand_number == hand_before
            and layout.spinner is not None
            and not event["spinner"]
            and len(layout.arms[end]) == 1
        ):
            key, where = "on", t("dominoes.where_spinner")
        else:
            key, where = "on", t(f"dominoes.where.{end}")
        if event["spinner"]:
            key = "spinner_lead" if end is None else "spinner_new"
        return t(
            f"dominoes.announce.{'you_' if you else ''}{key}", name=name, tile=tile, where=where
        )

    def finish(self) -> None:
        if self.recorded:
            return
        state = self.state
        self.session.stop_clock()
        humans = self.humans
        if humans:
            team = state.table.team_of(humans[0])
            won = (
                any(s in state.result["winners"] for s in humans)
                if len(humans) == 1
                else state.result["winner_team"] == team
            )
            hands = len(state.hand_summaries) + (
                0
                if state.hand_summaries and state.hand_summaries[-1]["scores"] == state.scores
                else 1
            )
            scores.record_result(
                self.app.store,
                GAME,
                self.variant(),
                won=won,
                score=state.scores[team],
                figures={
                    "hands": hands,
                    "seed": str(self.seed),
                    "points_per_hand": round(state.scores[team] / max(1, hands), 1),
                },
                date=browser.today_iso(),
            )
        self.recorded = True

    def viewer_moves(self) -> list:
        if self.phase() != "human":
            return []
        return self.state.legal_moves()

    def press_tile(self, tile) -> None:
        legal = self.viewer_moves()
        if not legal:
            return
        if tile not in self.state.hands[self.state.current_player]:
            return
        plays = [m for m in legal if m["type"] == "play" and tuple(m["tile"]) == tile]
        if not plays:
            kind = legal[0]["type"]
            key = {"draw": "dominoes.must_draw", "pass": "dominoes.must_pass"}.get(
                kind, "dominoes.tile_cannot_play"
            )
            self.message, self.message_is_error = self.t(key, tile=tile_name(tile)), True
            self.selected = None
            self.app.announce(self.message)
            self.redraw()
            return
        if len(plays) == 1:
            self.perform(plays[0])
            return
        if self.selected == tile:
            self.selected = None
            self.redraw()
            return
        self.selected = tile
        self.message = ""
        self.app.announce(self.t("dominoes.status_choose_end", tile=tile_name(tile)))
        ends = [m["end"] for m in plays]
        self.redraw(focus_id=f"dm-end-{ends[0]}")

    def press_end(self, end: str) -> None:
        if self.selected is None or end not in self.selected_ends():
            return
        self.perform({"type": "play", "tile": list(self.selected), "end": end})

    def press_kind(self, kind: str) -> None:
        legal = self.viewer_moves()
        if not legal:
            return
        if legal[0]["type"] != kind:
            key = (
                "dominoes.must_play_not_draw"
                if kind == "draw"
                else (
                    "dominoes.must_play_not_pass"
                    if legal[0]["type"] == "play"
                    else "dominoes.must_draw_not_pass"
                )
            )
            self.message, self.message_is_error = self.t(key), True
            self.app.announce(self.message)
            self.redraw()
            return
        self.perform({"type": kind})
        focus = (
            "dm-draw"
            if self.phase() == "human" and self.state.legal_moves()[0]["type"] == "draw"
            else None
        )
        if focus:
            self.redraw(focus_id=focus)

    # --- dragging a tile onto an end ----------------------------------------------------------------
    def drag_begin(self, event):
        node = event.target.closest(".dm-hand .playable")
        tile = parse_tile(str(node.dataset.tile)) if found(node) else None
        return {"tile": tile} if tile is not None and self.viewer_moves() else None

    def drag_lift(self, drag):
        # Picking the tile up selects it, which shows the ends it fits as drop targets.
        self.selected, self.message = drag["tile"], ""
        self.redraw()
        ghost = browser.document.createElement("div")
        ghost.className = "dm-ghost"
        ghost.setAttribute("aria-hidden", "true")
        ghost.innerHTML = str(domino(drag["tile"][0], drag["tile"][1], "v"))
        browser.document.body.appendChild(ghost)
        return ghost

    def drag_move(self, drag, x, y) -> None:
        drag["ghost"].style.left = f"{x}px"
        drag["ghost"].style.top = f"{y}px"
        target = self.drop_target(x, y)
        for node in browser.element("view").querySelectorAll(".dm-slot, .dm-table"):
            node.classList.toggle("drop", found(target) and node.isSameNode(target))

    def drag_drop(self, drag, x, y) -> None:
        target = self.drop_target(x, y) if x is not None else None
        if not found(target):
            self.redraw()  # dropped elsewhere: the tile stays selected for a tap on an end
        elif self.state.layout.is_empty:
            self.press_tile(drag["tile"])  # the lead goes anywhere on the table
        else:
            self.press_end(str(target.dataset.end))

    def drop_target(self, x, y):
        """The open end under the point, or the table itself while it waits for the lead."""
        under = browser.document.elementFromPoint(x, y)
        if not found(under):
            return None
        return under.closest(".dm-table" if self.state.layout.is_empty else ".dm-slot")

    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("tile", "end") and self.dragging.swallows_click():
            return  # the click that ends a drag
        if action == "tile":
            tile = parse_tile(data.get("tile"))
            if tile is not None:
                self.press_tile(tile)
        elif action == "end":
            self.press_end(data.get("end", ""))
        elif action in ("draw", "pass"):
            self.press_kind(action)
        elif action == "reveal":
            if self.covered():
                self.revealed = self.state.current_player
                self._save()
                self.redraw()
        elif action == "next-hand":
            if self.summary_pending():
                self.ack = len(self.state.hand_summaries)
                self._save()
                leader = self.state.current_player
                self.app.announce(self.t("dominoes.announce.new_hand", name=self.name(leader)))
                self.redraw()
        elif action == "again":
            self._new_state(
                random.randrange(1, MAX_SEED), self.players, self.state.table.partnerships
            )
            self.app.announce(self.t("dominoes.announce.new_game"))
            self.redraw()
        elif action == "new":
            self.open_setup()
        elif action.startswith("setup-") and self.setup is not None:
            self.on_setup(action, data, event)

    # --- the new-game dialog ---------------------------------------------------------------------
    def open_setup(self) -> None:
        players = parse_players(self.prefs.get("players")) or list(DEFAULT_PLAYERS)
        self.setup = {"players": players, "partners": bool(self.prefs.get("partners"))}
        self.redraw()

    def on_setup(self, action: str, data: dict, event) -> None:
        setup = self.setup
        if action == "setup-count" and data.get("value") in ("2", "3", "4"):
            count = int(data["value"])
            players = setup["players"][:count]
            while len(players) < count:
                players.append("strong")
            setup["players"] = players
            self.redraw()
        elif action == "setup-player" and data.get("value") in KINDS:
            seat = int(data.get("seat", -1))
            if 0 <= seat < len(setup["players"]):
                setup["players"][seat] = data["value"]
        elif action == "setup-partners":
            setup["partners"] = bool(event.target.checked)
        elif action == "setup-cancel":
            self.setup = None
            self.redraw()
        elif action == "setup-start":
            players = setup["players"]
            partners = bool(setup["partners"]) and len(players) == 4
            self.set_prefs({"players": ",".join(players), "partners": partners})
            self.setup = None
            self._new_state(random.randrange(1, MAX_SEED), players, partners)
            self.app.announce(self.t("dominoes.announce.new_game"))
            self.redraw()

    def set_prefs(self, values: dict) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, values)

    # --- keyboard ----------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if str(event.key) == "Escape":
            # Esc closes a modal dialog by itself: keep the game's phase in step with it.
            if self.setup is not None:
                self.on_action("setup-cancel", {}, event)
                return
            if self.summary_pending():
                self.on_action("next-hand", {}, event)
                return
        if event.ctrlKey or event.metaKey or event.altKey or self.setup is not None:
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY"):
            return
        key = str(event.key)
        if (
            key in ("ArrowLeft", "ArrowRight")
            and str(target.getAttribute("data-action") or "") == "tile"
        ):
            event.preventDefault()
            buttons = list(
                browser.element("view").querySelectorAll(".dm-hand [data-action='tile']")
            )
            ids = [str(b.id) for b in buttons]
            index = ids.index(str(target.id)) if str(target.id) in ids else 0
            step = 1 if key == "ArrowRight" else -1
            buttons[(index + step) % len(buttons)].focus()
        elif key in ("d", "D"):
            self.press_kind("draw")
        elif key in ("p", "P"):
            self.press_kind("pass")
        elif key in ("n", "N"):
            self.open_setup()
        elif key == "Escape" and self.selected is not None:
            self.selected = None
            self.redraw()
        elif key in ("1", "2", "3", "4", "5", "6", "7", "8", "9") and self.viewer() is not None:
            hand = sorted(self.state.hands[self.viewer()], key=lambda x: (-x[0], -x[1]))
            index = int(key) - 1
            if index < len(hand):
                self.press_tile(hand[index])

    # --- leaving and other tabs ---------------------------------------------------------------------
    def close(self) -> None:
        self.closed = True
        self.dragging.abandon(self)
        if _on_screen["view"] is self:
            _on_screen["view"] = None
        self.suspend()


VIEW = DominoesView
