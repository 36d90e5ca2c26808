"""Straight Dominoes on the page: events, timers and saving.

All rules live in games.dominoes (the moves, and why one is refused, in
games.dominoes.choices); the markup in dominoes_draw, dominoes_summary and
dominoes_setup, drawn from what the seat in view may see (state.view_for, or
public_view when no hand is face up). This class turns clicks, drags and keys
into moves and computer seats move after a short delay.
"""

import random

from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.dominoes import State, new_game
from games.dominoes.ai import PLAYERS
from games.dominoes.ai import choose_move as computer_move
from games.dominoes.choices import ends_for, hands_played, kind_refusal, must, tile_refusal
from games.dominoes.view import public_view

from .. import browser, router, saved_games, scores
from ..browser import found
from ..computer_turns import ComputerTurns
from ..pointer_drag import PointerDrag, follow
from ..saved_game_view import SavedGameView
from . import dominoes_draw as draw
from . import dominoes_parts as parts
from . import dominoes_setup as setup_dialog
from .dominoes_parts import DEFAULT_PLAYERS, GAME, Ui, domino, parse_players, parse_tile, tile_name

MAX_SEED = 2**31 - 1

_on_screen = {"view": None, "listening": False}


def _resized(_event=None) -> None:
    view = _on_screen["view"]
    if view is not None and not view.closed and view.row_capacity() != view.ui.capacity:
        view.redraw()


class DominoesView(ComputerTurns, SavedGameView):
    game = GAME
    computer_delay_ms = 750

    def __init__(self, app, route):
        super().__init__(app, route)
        self.state: State | None = None
        self.ui = Ui()
        self.recorded = False
        self.closed = False
        self.dragging = PointerDrag()  # a hand tile being dragged onto an end
        self._start_or_resume()

    @property
    def setup(self):  # the new-game dialog's choices while it is open (ComputerTurns)
        return self.ui.setup

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
                ui = self.ui
                self.state, ui.players = state, players
                ui.seed = meta.get("seed") if isinstance(meta.get("seed"), int) else 0
                ack = meta.get("ack")
                ui.ack = ack if isinstance(ack, int) else len(state.hand_summaries)
                self.recorded = bool(meta.get("recorded"))
                revealed = meta.get("revealed")
                ui.revealed = revealed if isinstance(revealed, int) else None
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
        ui = self.ui
        ui.players, ui.seed = list(players), seed
        ui.ack, ui.revealed, self.recorded = 0, None, False
        ui.selected = ui.drawn = ui.pop = None
        ui.message = ""
        self.session.reset_clock()
        self._save()

    def _save(self) -> None:
        ui = self.ui
        meta = {
            "players": ui.players,
            "seed": ui.seed,
            "ack": ui.ack,
            "recorded": self.recorded,
            "revealed": ui.revealed,
        }
        if not self.session.save(self.state.to_json(), meta):
            self.take_newer_save()

    # --- what the page may show ------------------------------------------------------
    def view(self) -> dict:
        """What the seat whose hand is face up may see; the public view when none is."""
        seat = parts.viewer(self.ui, self.state.current_player)
        return public_view(self.state) if seat is None else self.state.view_for(seat)

    def phase(self) -> str:
        return parts.phase(self.view(), self.ui)

    def name(self, seat: int) -> str:
        return parts.name(self.ui, seat, self.t)

    def variant(self) -> str:
        table = self.state.table
        return f"{table.seats}p" if table.partnerships else str(table.seats)

    def title(self) -> str:
        return self.t("game.dominoes.name")

    def share_href(self) -> str:
        return draw.share_href(self.ui)

    def render(self):
        self.ui.capacity = self.row_capacity()
        return draw.page(self.view(), self.ui, self.t)

    def row_capacity(self) -> int:
        try:
            width = float(browser.document.documentElement.clientWidth)
        except Exception:
            width = 1000.0
        return draw.row_capacity(width)

    # --- mounting, redrawing, the computer's turns -----------------------------------------------
    def mounted(self, root) -> None:
        browser.replace_hash(self.share_href())
        _on_screen["view"] = self
        if not _on_screen["listening"]:
            _on_screen["listening"] = True
            browser.listen(browser.window, "resize", _resized)
        follow(self)
        for dialog_id in ("dm-setup", "dm-over", "dm-summary"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node):
                browser.open_dialog(node)
                break
        self.ui.pop = None
        self.schedule()

    def focus_lost(self, view_root, wanted_id: str) -> None:
        if wanted_id.startswith("dm-") and self.ui.setup is None:
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
            self.ui.seed * 1_000_003 + state.hand_number * 997 + len(state.history) * 31 + seat
        )
        kind = self.ui.players[seat]
        move = computer_move(state.view_for(seat), rng, level=kind if kind in PLAYERS else "strong")
        self.perform(move)

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, refusal: IllegalMove) -> None:
        self.ui.say(self.t(refusal.key, **{k: str(v) for k, v in refusal.params.items()}), True)
        self.app.announce(self.ui.message)
        self.redraw()

    def perform(self, move: dict) -> bool:
        state, ui = self.state, self.ui
        seat = state.current_player
        try:
            events = state.apply(move)
        except IllegalMove as refusal:
            self.refuse(refusal)
            return False
        ui.say("")
        ui.selected = ui.drawn = None
        view = self.view()  # the seat in view's, after the move
        for event in events:
            if event["type"] == "score":
                ui.pop = (event["points"], event["seat"])
            elif (
                event["type"] == "draw" and seat == view["seat"] and not parts.is_computer(ui, seat)
            ):
                ui.drawn = tuple(sorted(event["tile"], reverse=True))
        said = parts.narrate(events, view, ui, self.t)
        if state.is_over:
            self.finish()
        if len(parts.humans(ui)) > 1 and state.current_player != seat:
            ui.revealed = None
        self._save()
        ui.log = (ui.log + said)[-4:]
        self.app.announce(" ".join(said))
        self.redraw()
        return True

    def finish(self) -> None:
        if self.recorded:
            return
        state = self.state
        self.session.stop_clock()
        people = parts.humans(self.ui)
        if people:
            team = state.table.team_of(people[0])
            won = (
                any(s in state.result["winners"] for s in people)
                if len(people) == 1
                else state.result["winner_team"] == team
            )
            hands = hands_played(public_view(state))
            scores.record_result(
                self.app.store,
                GAME,
                self.variant(),
                won=won,
                score=state.scores[team],
                figures={
                    "hands": hands,
                    "seed": str(self.ui.seed),
                    "points_per_hand": round(state.scores[team] / max(1, hands), 1),
                },
                date=browser.today_iso(),
            )
        self.recorded = True

    def viewer_view(self) -> dict | None:
        """The view of the seat to move when its person may act now, else None."""
        view = self.view()
        return view if parts.moves_shown(view, self.ui) else None

    def press_tile(self, tile) -> None:
        view = self.viewer_view()
        if view is None or list(tile) not in view["hand"]:
            return
        refusal = tile_refusal(view, tile)
        if refusal is not None:
            self.ui.selected = None
            self.refuse(refusal)
            return
        ends = ends_for(view, tile)
        if len(ends) == 1:
            self.perform({"type": "play", "tile": list(tile), "end": ends[0]})
            return
        if self.ui.selected == tile:
            self.ui.selected = None
            self.redraw()
            return
        self.ui.selected = tile
        self.ui.message = ""
        self.app.announce(self.t("dominoes.status_choose_end", tile=tile_name(tile)))
        self.redraw(focus_id=f"dm-end-{ends[0]}")

    def press_end(self, end: str) -> None:
        selected = self.ui.selected
        if selected is None or end not in draw.selected_ends(self.view(), self.ui):
            return
        self.perform({"type": "play", "tile": list(selected), "end": end})

    def press_kind(self, kind: str) -> None:
        view = self.viewer_view()
        if view is None:
            return
        refusal = kind_refusal(view, kind)
        if refusal is not None:
            self.refuse(refusal)
            return
        self.perform({"type": kind})
        after = self.viewer_view()
        if after is not None and must(after) == "draw":
            self.redraw(focus_id="dm-draw")

    # --- dragging a tile onto an end ----------------------------------------------------------------
    def table_is_empty(self) -> bool:
        return self.view()["layout"]["root"] is None

    def drag_begin(self, event):
        node = event.target.closest(".dm-hand .playable")
        tile = parse_tile(str(node.dataset.tile)) if found(node) else None
        return {"tile": tile} if tile is not None and self.viewer_view() else None

    def drag_lift(self, drag):
        # Picking the tile up selects it, which shows the ends it fits as drop targets.
        self.ui.selected, self.ui.message = drag["tile"], ""
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
        elif self.table_is_empty():
            self.press_tile(drag["tile"])  # the lead goes anywhere on the table
        else:
            self.press_end(str(target.dataset.end))

    def drop_target(self, x, y):
        """The open end under the point, or the table itself while it waits for the lead."""
        under = browser.document.elementFromPoint(x, y)
        if not found(under):
            return None
        return under.closest(".dm-table" if self.table_is_empty() else ".dm-slot")

    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("tile", "end") and self.dragging.swallows_click():
            return  # the click that ends a drag
        ui = self.ui
        if action == "tile":
            tile = parse_tile(data.get("tile"))
            if tile is not None:
                self.press_tile(tile)
        elif action == "end":
            self.press_end(data.get("end", ""))
        elif action in ("draw", "pass"):
            self.press_kind(action)
        elif action == "reveal":
            if parts.covered(self.view(), ui):
                ui.revealed = self.state.current_player
                self._save()
                self.redraw()
        elif action == "next-hand":
            if parts.summary_pending(self.view(), ui):
                ui.ack = len(self.state.hand_summaries)
                self._save()
                leader = self.state.current_player
                self.app.announce(self.t("dominoes.announce.new_hand", name=self.name(leader)))
                self.redraw()
        elif action == "again":
            self.start(list(ui.players), self.state.table.partnerships)
        elif action == "new":
            self.open_setup()
        elif action.startswith("setup-") and ui.setup is not None:
            self.on_setup(action, data, event)

    def start(self, players: list, partners: bool) -> None:
        self._new_state(random.randrange(1, MAX_SEED), players, partners)
        self.app.announce(self.t("dominoes.announce.new_game"))
        self.redraw()

    # --- the new-game dialog ---------------------------------------------------------------------
    def open_setup(self) -> None:
        self.ui.setup = setup_dialog.choices_from_prefs(self.prefs)
        self.redraw()

    def on_setup(self, action: str, data: dict, event) -> None:
        ui = self.ui
        if action == "setup-cancel":
            ui.setup = None
            self.redraw()
        elif action == "setup-start":
            players, partners = setup_dialog.table_chosen(ui.setup)
            self.set_prefs({"players": ",".join(players), "partners": partners})
            ui.setup = None
            self.start(players, partners)
        else:
            checked = action == "setup-partners" and bool(event.target.checked)
            if setup_dialog.change(ui.setup, action, data, checked):
                self.redraw()

    def set_prefs(self, values: dict) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, values)

    # --- keyboard ----------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        ui = self.ui
        if str(event.key) == "Escape":
            # Esc closes a modal dialog by itself: keep the game's phase in step with it.
            if ui.setup is not None:
                self.on_action("setup-cancel", {}, event)
                return
            if parts.summary_pending(self.view(), ui):
                self.on_action("next-hand", {}, event)
                return
        if event.ctrlKey or event.metaKey or event.altKey or ui.setup is not None:
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
        elif key == "Escape" and ui.selected is not None:
            ui.selected = None
            self.redraw()
        elif key in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
            hand = parts.hand_order(self.view())
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
