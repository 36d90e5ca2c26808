"""Dominoes' frontend (app.frame.frontend): who sits where, the hands' summaries closed,
whose hand is uncovered, the tile picked and the tile just drawn, the points floating and
the line under the table as the UI state (ui.py); clicks and keys turned into moves
(input.py); what a move says and sounds like (changes.py); what a finished game records;
the page (draw.py). Pure: no browser, no storage, no midend; the rules stay in
games.dominoes.

Every hook reads the position as the seat in view has it (`seen`): on this device from
the engine's state; in a game between devices the view makes it from this device's hand
(app.remote.dominoes_match) and calls input.interpret and changes.changed itself, as the
view of Battleship does until the game view holds the seats.
"""

from collections.abc import Mapping
from typing import Any

from games.common.errors import IllegalMove
from games.dominoes import State
from games.dominoes.choices import hands_played
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.view import public_view

from ..frame.frontend import Changes, Input, Interpretation, Result, Show, Translate
from ..html import Markup
from . import input as clicks
from .changes import changed
from .draw import page
from .seats import frame_before_the_midend, parse_players, wanted_game
from .ui import DEFAULT_PLAYERS, GAME, DominoesUi, Screen, humans, settled_ack, viewer


def seen(state: State, ui: DominoesUi) -> dict[str, Any]:
    """What the seat whose hand is face up may see; the public view when none is."""
    seat = viewer(ui, state.current_player)
    return public_view(state) if seat is None else state.view_for(seat)


def variant(options: Mapping[str, Any]) -> str:
    """A game's variant in the statistics: its seats, "p" for partners ("4p")."""
    seats = options["seats"]
    return f"{seats}p" if options["partnerships"] else str(seats)


def result(
    state: Any, public: dict[str, Any], ui: DominoesUi, seed: int, kind: str, won: bool | None
) -> Result | None:
    """What a finished game records for its people (None: nobody here played it): `kind`
    is its variant, `won` whether the person's team won."""
    people = humans(ui)
    if not people:
        return None
    team = state.table.team_of(people[0])
    hands = hands_played(public)
    score = state.scores[team]
    figures = {
        "hands": hands,
        "seed": str(seed),
        "points_per_hand": round(score / max(1, hands), 1),
    }
    return Result(kind, won, score, figures)


class DominoesFrontend:
    name = GAME
    game = DOMINOES
    title_key = "game.dominoes.name"

    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[int, list[str], dict[str, Any]] | None:
        """The game an address asks for: (seed, players, options), what it leaves out as
        the player's remembered choices say."""
        players = self.new_players(prefs)
        partners = bool(prefs.get("partners")) and len(players) == 4
        return wanted_game(params, players, partners)

    def new_players(self, prefs: Mapping[str, Any]) -> list[str]:
        """Who plays each seat of a new game: a kind per seat, as last chosen."""
        return parse_players(prefs.get("players")) or list(DEFAULT_PLAYERS)

    def new_ui(self, state: State, kept: DominoesUi | None = None) -> DominoesUi:
        """The UI state of a position put on screen by undo, redo or another tab: who sits
        where stays, and the hands' summaries closed as far as they still exist (one
        brought back by redo opens again); what was picked and said goes, and a
        pass-and-play hand is covered."""
        kept = kept or DominoesUi()
        return DominoesUi(
            players=kept.players,
            peer=kept.peer,
            peer_names=kept.peer_names,
            frozen=kept.frozen,
            ack=settled_ack(public_view(state), kept.ack),
            setup=kept.setup,
        )

    def interpret(self, state: State, ui: Screen, given: Input, t: Translate) -> Interpretation:
        return clicks.interpret(seen(state, ui), ui, given, t)

    def refused(
        self,
        state: State,
        ui: DominoesUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[DominoesUi]:
        return clicks.refused(ui, IllegalMove(key, **params), t)

    def changed(
        self,
        before: State,
        state: State,
        ui: DominoesUi,
        events: list[dict[str, Any]],
        t: Translate,
    ) -> Changes[DominoesUi]:
        """A move of the seat that was to move in `before`, as the seat in view sees it."""
        mover = before.current_player
        if mover is None:
            raise RuntimeError("no move is made in a finished game")
        return changed(mover, events, seen(state, ui), ui, t)

    def legacy(self, state: State, meta: dict[str, Any]) -> dict[str, Any]:
        return frame_before_the_midend(state, meta)

    def record(self, state: State, ui: DominoesUi, seed: int) -> Result | None:
        """docs/rules/dominoes.md 10: the person's team won or not (between people here,
        the first person's team), its score, the hands and points per hand."""
        people = humans(ui)
        won = None
        if people and state.result is not None:
            if len(people) == 1:
                won = any(s in state.result["winners"] for s in people)
            else:
                won = state.result["winner_team"] == state.table.team_of(people[0])
        kind = variant(state.table.to_json())
        return result(state, public_view(state), ui, seed, kind, won)

    def draw(self, state: State, ui: Screen, t: Translate) -> Markup:
        return page(seen(state, ui), ui, t)


FRONTEND = DominoesFrontend()
