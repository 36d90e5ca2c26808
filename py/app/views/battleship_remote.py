"""Battleship with a friend on another device ("#/battleship?remote=host|guest|resume").

The page's midend runs the public engine (games.battleship.public_game: what both devices
know, no fleet in it), and app.remote.battleship_match this device's fleet beside it, with
no referee: the fleet is placed and kept here, sealed at Ready, each answer and the reveal
made by this device from it, and both fleets checked against their seals and every answer
once the battle is decided (docs/rules/battleship.md 12). The page draws from this
device's person's view, in the ordinary view's shape, so the grids, the log and the end
are drawn as in a game against the computer; the friend is named where the computer is.

The host proposes its New game choices (mode, ship names, whether hits name their ship);
both devices' coin flip draws who is Red, who shoots first. A game in which the check
finds a lie has no winner and counts for nobody (variant "remote-<mode>" otherwise).
"""

from dataclasses import replace

from games.battleship.game import GAME as BATTLESHIP
from games.battleship.grid import square_index
from games.battleship.private import PLACEMENT_MOVES
from games.common.errors import IllegalMove

from .. import browser, replays, router, saved_games, scores, sound
from ..battleship import setup, texts
from ..battleship.over import figures
from ..battleship.ui import BattleshipUi, first_unplaced
from ..games_list import remote_slot
from ..midend import HUMAN, REMOTE
from ..remote.battleship_match import BattleshipMatch
from ..remote.match import CONNECTING, ENDED, OVER, PLAYING
from .remote_bar import remote_bar
from .remote_game import RemoteGameParts

GAME = "battleship"
SLOT = remote_slot(GAME)
OPPONENT = "remote"  # the page's opponent: a friend on another device


class BattleshipRemoteParts(RemoteGameParts):
    """Needs the view's midend, link_game, state, me, ui, prefs, t, app, seen(), screen(),
    finish(), _save() and redraw(); the view asks `remote_*`."""

    bm: BattleshipMatch | None = None

    # --- what app.views.remote_game asks of a game's page -------------------------------
    def remote_match_made(self, match) -> None:
        resumed = match.status != CONNECTING
        saved = self._saved_meta().get("fleet") if resumed else None
        try:
            self.bm = BattleshipMatch(match, on_change=self._bm_changed, saved=saved)
        except ValueError:  # a damaged record: this device's fleet is lost (the page says so)
            self.bm = BattleshipMatch(match, on_change=self._bm_changed)

    def _saved_meta(self) -> dict:
        data = saved_games.load(self.app.store, SLOT).data
        meta = data.get("meta") if isinstance(data, dict) else None
        return meta if isinstance(meta, dict) else {}

    def remote_proposal(self):
        """The host's New game choices of mode, ship names and announcing; Red is drawn."""
        choices = setup.preferred(self.prefs)
        return {key: choices[key] for key in setup.OPTION_KEYS}, ["host", "guest"]

    def remote_ui(self) -> None:
        """The page's own state for the game that started or resumed."""
        me = self.me
        placing = first_unplaced(self.remote_view()) if self.state.phase == "placement" else None
        self.ui = BattleshipUi(opponent=OPPONENT, me=me, revealed=me, selected_ship=placing)

    def remote_meta(self) -> dict:
        return {"fleet": self.bm.record() if self.bm is not None else None}

    def remote_share_href(self) -> str:
        return router.href(GAME, remote="resume")

    def _bm_changed(self) -> None:
        """This device's fleet or aim changed: saved before anything is sent."""
        self._save()

    # --- what the page shows --------------------------------------------------------------
    def remote_phase(self) -> str:
        """place, fire, friend (waiting for the friend's device), stopped or over."""
        game, bm = self.link_game, self.bm
        if self.state.is_over:
            return "over"
        if game.status != PLAYING or bm is None:
            return "stopped"
        if bm.placing:
            return "place"
        if bm.ready:
            return "fire"
        return "friend"

    def remote_view(self) -> dict:
        return self.bm.view()

    def remote_screen(self) -> dict:
        """The Screen's fields for a game between devices."""
        game = self.link_game
        return {
            "peer": game.peer,
            "bar": remote_bar(game, self.t),
            "fleet_lost": self.bm is not None and self.bm.fleet_lost,
            "hosting": game.hosting,
            "connected": game.connected,
        }

    # --- this device's person's moves ---------------------------------------------------------
    def remote_play(self, move: dict) -> list:
        """A move of the person here, on this device's fleet or over the match: placing
        and Ready stay here until the Ready is due; aiming is kept here; a volley is sent.
        RuntimeError when it is not theirs to make now (the page offers none then)."""
        bm = self.bm
        if bm is None:
            raise RuntimeError("no game in play")
        kind = move.get("type")
        if kind in PLACEMENT_MOVES:
            return bm.place(move)
        if kind == "ready":
            bm.declare_ready()
        elif kind == "aim":
            bm.aim(move["square"])
        elif kind == "unaim":
            bm.unaim(move["square"])
        elif kind == "fire":
            return bm.fire(move.get("squares"))
        else:
            raise IllegalMove("battleship.unknown_move")
        # Told as the ordinary engine tells them, for the frontend to say what changed.
        return [{**move, "player": self.me}]

    def remote_fired(self, events: list) -> None:
        """This device's volley went: said, then the friend's answer is waited for."""
        fired = next((e for e in events if e["type"] == "fired"), None)
        if fired is None:
            return
        said = self.t(
            "battleship.remote.fired", squares=", ".join(fired["squares"]), name=self.link_game.peer
        )
        shot = square_index(fired["squares"][0]) if self.state.mode == "classic" else None
        cursor = self.ui.cursor if shot is None else shot  # on the square fired at, as here
        self.ui = replace(self.ui, message=said, message_is_error=False, cursor=cursor)
        self.app.announce(said)

    # --- the friend's device ---------------------------------------------------------------------
    def show_remote_move(self, before, events: list) -> None:
        """A move of the friend's device, played, and whatever this device played by itself
        after it (the answer to their volley, this fleet shown at the end): said, heard and
        drawn as the computer's turns are."""
        view, screen = self.seen(), self.screen()
        me = self.me
        said, cue = [], None
        for event in events:
            kind = event["type"]
            if kind == "ready":
                said.append(
                    texts.said_of(self.t, screen, event["player"], "battleship.announce.ready")
                )
            elif kind == "fired" and view["incoming"]:  # at this fleet, answered here already
                record = view["incoming"][-1]
                self.ui = replace(self.ui, fresh="ocean")
                said.append(texts.record_text(self.t, view, screen, record))
                cue = texts.shot_cue(record)
            elif kind == "shots" and event["player"] == me and view["shots"]:  # their answer
                record = view["shots"][-1]
                self.ui = replace(self.ui, fresh="target")
                said.append(texts.record_text(self.t, view, screen, record))
                cue = texts.shot_cue(record)
        if self.state.is_over:
            self.finish()
            cue = over_cue(view, me)
        if said:  # shown as the turn's message; said with what the page waits for now
            self.ui = replace(self.ui, message=" ".join(said), message_is_error=False)
        self._save()
        if not self.on_screen():
            return  # (answered and kept here while the person plays a game of their own)
        if said or self.state.is_over:
            status = texts.status_text(self.t, self.seen(), self.screen())
            self.app.announce(" ".join([*said, status]))
        if cue is not None:
            sound.cue(cue)
        self.redraw()

    # --- the end ----------------------------------------------------------------------------------
    def remote_finish(self) -> bool:
        """Count the finished (or resigned, or left) game once: by mode, won or lost, with
        this person's shooting; the check at the end that found the other device lied has
        ended the game as its forfeit, a win here, and one that names this device counts
        for nobody (docs/rules/battleship.md 12.6). True when it was asked now."""
        game, state, midend = self.link_game, self.state, self.midend
        ended = game.status == ENDED
        if midend.recorded or not (state.is_over or ended):
            return False
        self.session.stop_clock()
        result = state.result or {}
        lied = bool(result.get("cheaters")) and not ended  # (a liar's forfeit: 12.6)
        view = self.seen()
        mine = figures(view, self.me)
        won = game.winner_is_me

        def record():
            if lied:
                return None
            return scores.record_result(
                self.app.store,
                GAME,
                f"remote-{state.mode}",
                won=won,
                figures={
                    **{key: mine[key] for key in ("shots", "hits", "accuracy")},
                    "turns": len(state.volleys),
                },
                date=browser.today_iso(),
                higher_is_better=False,
            )

        midend.record_once(record, ended=ended)
        if state.is_over and not lied and game.status == OVER:
            self.keep_face_up_replay()
        return True

    def keep_face_up_replay(self) -> None:
        """The finished game kept for replaying like one on this device: the ordinary
        engine given both fleets shown, and the same volleys (app.replays)."""
        state, midend = self.state, self.midend
        if any(shown is None for shown in state.reveals):
            return
        moves = []
        for seat, shown in enumerate(state.reveals):
            ships = {ship: [square, orientation] for ship, square, orientation in shown["ships"]}
            moves.append({"type": "fleet", "player": seat, "ships": ships})
        moves += [{"type": "ready", "player": seat} for seat in (0, 1)]
        moves += [{"type": "fire", "squares": list(v["squares"])} for v in state.volleys]
        entry = {
            "options": dict(midend.options),
            "seed": midend.seed,
            "seats": [HUMAN if kind == HUMAN else REMOTE for kind in midend.seats],
            "moves": [BATTLESHIP.format_move(move) for move in moves],
            "date": browser.today_iso(),
        }
        replays.keep(self.app.store, GAME, entry)


def over_cue(view: dict, me: int | None) -> str:
    result = view.get("result") or {}
    if result.get("cheaters"):
        return "invalid"
    return "win" if view["winner"] == me else "lose"
