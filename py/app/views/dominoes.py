"""Straight Dominoes on the page: clicks, drags and keys turned into moves, and
the computer's turns on a timer.

All rules live in games.dominoes (the moves, and why one is refused, in
games.dominoes.choices); the game in progress is the midend's (app.midend:
starting, resuming, saving, who plays each seat, undo and redo, the computer's
moves and their random numbers, recording the result). The markup comes from
dominoes_draw, dominoes_summary and dominoes_setup, drawn from what the seat in
view may see (state.view_for, or public_view when no hand is face up).
"""

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.dominoes import State
from games.dominoes.choices import ends_for, hands_played, kind_refusal, must, tile_refusal
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.public_game import GAME as PUBLIC_DOMINOES
from games.dominoes.view import public_view

from .. import browser, router, saved_games, scores, sound
from ..browser import found
from ..computer_turns import ComputerTurns
from ..games_list import remote_slot
from ..midend import Midend, fresh_seed
from ..pointer_drag import PointerDrag, follow
from ..remote.match import CONNECTING, ENDED
from ..saved_game_view import SavedGameView
from . import dominoes_draw as draw
from . import dominoes_parts as parts
from . import dominoes_setup as setup_dialog
from . import dominoes_table
from .dominoes_input import DominoesInput
from .dominoes_parts import (
    DEFAULT_PLAYERS,
    GAME,
    Ui,
    frame_before_the_midend,
    parse_players,
    parse_tile,
    players_of,
    seats_for,
    settled_ack,
    tile_name,
    wanted_game,
)
from .dominoes_remote import DominoesRemoteParts

_on_screen = {"view": None, "listening": False}


def _resized(_event=None) -> None:
    view = _on_screen["view"]
    if view is not None and not view.closed and view.row_capacity() != view.ui.capacity:
        view.redraw()


class DominoesView(DominoesInput, DominoesRemoteParts, SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.remote_how = route.params.get("remote")  # a game with a friend: host, guest, resume
        self.link_game = None
        engine, slot = (PUBLIC_DOMINOES, remote_slot(GAME)) if self.remote_how else (DOMINOES, None)
        # Between devices the page keeps the replay itself, face up (remote_replay).
        self.midend = Midend(
            app.store, engine, browser.now_ms, browser.today_iso, slot, not self.remote_how
        )
        self.session = self.midend.session
        self.ui = Ui()
        self.computer = ComputerTurns(
            self.midend,
            browser.later,
            browser.now_ms,
            self.perform,
            self.computer_ready,
            # Between devices a computer of the host's plays from its own hand, here.
            choose=self.remote_computer_move if self.remote_how else None,
        )
        self.closed = False
        self.dragging = PointerDrag()  # a hand tile being dragged onto an end
        self.wanted = None  # a game asked for by its address, while one in progress waits
        self._start_or_resume()

    @property
    def state(self) -> State:
        return self.midend.state

    # --- starting and saving -------------------------------------------------------
    def _start_or_resume(self) -> None:
        if self.remote_how:
            self.start_remote()
            return
        players = parse_players(self.prefs.get("players")) or list(DEFAULT_PLAYERS)
        partners = bool(self.prefs.get("partners")) and len(players) == 4
        wanted = wanted_game(self.route.params, players, partners)
        meta = self.midend.resume(legacy=frame_before_the_midend)
        saved_players = players_of(self.midend.seats) if meta is not None else None
        if saved_players is not None:
            ui = self.ui
            ui.players, ui.seed = saved_players, self.midend.seed
            ack, revealed = meta.get("ack"), meta.get("revealed")
            ui.ack = ack if is_int(ack) else len(self.state.hand_summaries)
            ui.revealed = revealed if is_int(revealed) else None
            if wanted is None or wanted[0] == self.midend.seed:
                return
            if self.in_progress():  # another game by its address: asked once mounted
                self.wanted = wanted
                return
        if wanted is not None:  # a game by its number: whoever gave it may know the deal
            self._new_state(*wanted, known=True)
        else:
            self._new_state(
                fresh_seed(), players, {"seats": len(players), "partnerships": partners}
            )

    def _new_state(self, seed: int, players: list, options: dict, known: bool = False) -> None:
        self.midend.start(options, seed, seats_for(players), known=known)
        self.say_if_not_counted()
        ui = self.ui
        ui.players, ui.seed = list(players), seed
        ui.ack, ui.revealed = 0, None
        self.forget_position()
        ui.message, ui.log = "", []  # nothing said about the game before goes on
        self._save()

    def _save(self) -> None:
        # Who plays each seat is the midend's (its frame); the players and seed stay
        # in the meta too, as the app before the midend read them.
        if self.midend.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        ui = self.ui
        meta = {"players": ui.players, "seed": ui.seed, "ack": ui.ack, "revealed": ui.revealed}
        if self.link_game is not None:
            meta.update(self.remote_meta())
        if not self.midend.save(meta):
            self.take_newer_save()

    def forget_position(self) -> None:
        ui = self.ui
        ui.selected = ui.drawn = ui.pop = None  # (the new generation drops a computer move)

    def in_progress(self) -> bool:
        return parts.in_progress(self.public(), self.ui)

    def public(self) -> dict:
        """What every seat may see."""
        return self.remote_public() if self.link_game is not None else public_view(self.state)

    def unless_kept(self, start, on_no=None) -> None:
        """start() another game, asking first when that would throw away a game in
        progress; an unfinished game is never recorded, which the question says
        (docs/rules/dominoes.md 10.6)."""
        if not self.in_progress():
            start()
            return
        t = self.t
        self.app.ask(
            t("frame.confirm_new_title"),
            t("frame.confirm_uncounted"),
            t("frame.confirm_new_yes"),
            start,
            on_no,
        )

    def ask_about_the_wanted_game(self) -> None:
        """The address asked for another game while one is in progress here: that
        game, if the player says so; else the address goes back to this one."""
        wanted, self.wanted = self.wanted, None
        if wanted is None:
            return

        def start():
            self._new_state(*wanted, known=True)
            browser.replace_hash(self.share_href())
            self.app.announce(self.t("dominoes.announce.new_game"))
            self.redraw()

        self.unless_kept(start)

    # --- what the page may show ------------------------------------------------------
    def view(self) -> dict:
        """What the seat whose hand is face up may see; the public view when none is."""
        if self.link_game is not None:
            return self.remote_view()
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
        """This game's address: with its number only once that gives nothing away."""
        if self.link_game is not None:
            return self.remote_share_href()
        return router.href(GAME, **self.midend.game_id, players=",".join(self.ui.players))

    def render(self):
        if self.link_game is not None:
            if self.midend.state is None or self.link_game.status == CONNECTING:
                return self.remote_waiting_page()
            self.remote_dress()
        ui, midend = self.ui, self.midend
        ui.capacity = self.row_capacity()
        ui.can_undo, ui.can_redo = midend.can_undo, midend.can_redo
        ui.address, ui.seed_shown, ui.counted = self.share_href(), midend.seed_shown, midend.ranked
        return draw.page(self.view(), ui, self.t)

    def row_capacity(self) -> int:
        try:
            width = float(browser.document.documentElement.clientWidth)
        except Exception:
            width = 1000.0
        return dominoes_table.row_capacity(width)

    # --- mounting, redrawing, the computer's turns -----------------------------------------------
    def mounted(self, root) -> None:
        browser.replace_hash(self.share_href())
        _on_screen["view"] = self
        if not _on_screen["listening"]:
            _on_screen["listening"] = True
            browser.listen(browser.window, "resize", _resized)
        follow(self)
        if self.midend.state is None:
            return  # a game with a friend still being set up
        if self.state.is_over:
            self.session.stop_clock()
            if self.finish():
                self._save()
        else:
            self.session.start_clock()
        for dialog_id in ("dm-setup", "dm-over", "dm-summary"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node):
                browser.open_dialog(node)
                break
        self.ui.pop = None
        self.computer.schedule()
        self.ask_about_the_wanted_game()

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

    def computer_ready(self) -> bool:
        """Nothing on screen in the way of a computer's turn (a hand's summary, the
        new-game dialog)? Its turns are timed by app.computer_turns."""
        ready = self.phase() == "computer" and self.ui.setup is None
        return ready and (self.link_game is None or self.remote_computer_ready())

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, refusal: IllegalMove) -> None:
        sound.cue("invalid")
        self.ui.say(self.t(refusal.key, **{k: str(v) for k, v in refusal.params.items()}), True)
        self.app.announce(self.ui.message)
        self.redraw()

    def perform(self, move: dict) -> bool:
        seat = self.state.current_player
        try:
            events = (
                self.remote_play(move) if self.link_game is not None else self.midend.play(move)
            )
        except IllegalMove as refusal:
            self.refuse(refusal)
            return False
        except RuntimeError:  # between devices: not this device's move (yet)
            return False
        self.after_move(seat, events)
        return True

    def after_move(self, seat: int, events: list) -> None:
        """A move was played by `seat`: said, its points floated, saved and drawn."""
        state, ui = self.state, self.ui
        ui.say("")
        ui.selected = ui.drawn = None
        view = self.view()  # the seat in view's, after the move
        for event in events:
            if event["type"] == "score":
                ui.pop = (event["points"], event["seat"])
            elif event["type"] == "draw" and seat == view["seat"] and "tile" in event:
                if parts.is_computer(ui, seat):
                    continue
                # (Between devices the tile comes later, from the deck: no "tile" here.)
                ui.drawn = tuple(sorted(event["tile"], reverse=True))
        said = parts.narrate(events, view, ui, self.t)
        cue = parts.cue_for(events, ui)
        if cue is not None:
            sound.cue(cue)
        if state.is_over:
            self.finish()
        if len(parts.humans(ui)) > 1 and state.current_player != seat:
            ui.revealed = None
        self._save()
        ui.log = (ui.log + said)[-4:]
        if said:
            self.app.announce(" ".join(said))
        if self.link_game is not None:
            self.say_the_tile_drawn()  # if the deck gave it already
        self.redraw()

    def finish(self) -> bool:
        """Count the finished game once in the statistics when a person played in it
        (the midend asks only once, and not at all for a game against the computer
        that was taken back; a full device loses the record, not the game-over
        window). True when it was asked now: the save then has to say so."""
        ended = self.link_game is not None and self.link_game.status == ENDED
        if self.midend.recorded or not (self.state.is_over or ended):
            return False
        self.session.stop_clock()
        state, people = self.state, parts.humans(self.ui)

        def record():
            if not people:
                return None
            team = state.table.team_of(people[0])
            if self.link_game is not None:
                won = self.remote_won()
            else:
                won = (
                    any(s in state.result["winners"] for s in people)
                    if len(people) == 1
                    else state.result["winner_team"] == team
                )
            hands = hands_played(self.public())
            return scores.record_result(
                self.app.store,
                GAME,
                self.remote_variant() if self.link_game is not None else self.variant(),
                won=won,
                score=state.scores[team],
                figures={
                    "hands": hands,
                    "seed": str(self.ui.seed),
                    "points_per_hand": round(state.scores[team] / max(1, hands), 1),
                },
                date=browser.today_iso(),
            )

        self.midend.record_once(record, ended=ended)
        if self.link_game is not None and state.is_over:
            self.keep_remote_replay()
        return True

    # --- undo and redo ------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last move of a person here (with the computers' replies to
        it); a game with a computer in it then no longer counts in the statistics,
        which the page says once."""
        if self.ui.setup is not None or not self.midend.can_undo:
            return
        ranked = self.midend.ranked
        self.midend.undo()
        self.after_history("dominoes.announce.undo")
        if ranked and not self.midend.ranked:
            self.app.notice(
                f"{GAME}-not-ranked", lambda: self.t("frame.not_ranked"), about_view=True
            )

    def redo(self) -> None:
        if self.ui.setup is not None or not self.midend.can_redo:
            return
        try:
            self.midend.redo()
        except IllegalMove as refusal:  # a damaged redo list, now forgotten
            self.refuse(refusal)
            return
        self.after_history("dominoes.announce.redo")

    def after_history(self, said_key: str) -> None:
        """The position was replaced by undo or redo: what was picked and said goes,
        the hands' summaries closed stay closed as far as they still exist (one
        brought back by redo opens again), and a pass-and-play hand is covered."""
        ui = self.ui
        self.forget_position()
        ui.ack = settled_ack(public_view(self.state), ui.ack)
        ui.revealed = None
        ui.log = []
        ui.say("")
        self._save()
        self.app.announce(self.t(said_key) + " " + draw.status_text(self.view(), ui, self.t))
        self.redraw()

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
        sound.cue("select")
        self.ui.selected = tile
        self.ui.message = ""
        self.app.announce(self.t("dominoes.status_choose_end", tile=tile_name(tile)))
        self.redraw(focus_id=f"dm-end-{ends[0]}")

    def press_end(self, end: str) -> None:
        selected = self.ui.selected
        if selected is None or end not in dominoes_table.selected_ends(self.view(), self.ui):
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

    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("tile", "end") and self.dragging.swallows_click():
            return  # the click that ends a drag
        if self.link_game is not None and self.remote_action(
            "new-dialog" if action == "new" else action
        ):
            return
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
                said = parts.about(self.t, "dominoes.announce.new_hand", self.view(), ui, [leader])
                self.app.announce(said)
                self.redraw()
        elif action == "again":
            self.start(list(ui.players), dict(self.midend.options))
        elif action == "new":
            self.open_setup()
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action.startswith("setup-") and ui.setup is not None:
            self.on_setup(action, data, event)

    def start(self, players: list, options: dict) -> None:
        """A new game with a fresh seed: the same table again, or the one set up."""
        self._new_state(fresh_seed(), players, options)
        self.app.announce(self.t("dominoes.announce.new_game"))
        self.redraw()

    # --- the new-game dialog ---------------------------------------------------------------------
    def open_setup(self) -> None:
        if self.link_game is not None:  # a game of one's own is set up on its own page
            self.remote_action("new-dialog")
            return
        self.ui.setup = setup_dialog.choices_from_prefs(self.prefs)
        self.redraw()

    def on_setup(self, action: str, data: dict, event) -> None:
        ui = self.ui
        if action == "setup-cancel":
            ui.setup = None
            self.redraw()
        elif action == "setup-start":
            players, partners = setup_dialog.table_chosen(ui.setup)

            def start():
                self.set_prefs({"players": ",".join(players), "partners": partners})
                ui.setup = None
                self.start(players, {"seats": len(players), "partnerships": partners})

            def keep_playing():
                ui.setup = None
                self.redraw()

            self.unless_kept(start, keep_playing)
        else:
            checked = action == "setup-partners" and bool(event.target.checked)
            if setup_dialog.change(ui.setup, action, data, checked):
                self.redraw()

    def set_prefs(self, values: dict) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, values)

    # --- leaving and other tabs ---------------------------------------------------------------------
    def close(self) -> None:
        self.closed = True
        self.computer.close()
        self.dragging.abandon(self)
        if _on_screen["view"] is self:
            _on_screen["view"] = None
        self.suspend()
        self.release_remote()


VIEW = DominoesView
