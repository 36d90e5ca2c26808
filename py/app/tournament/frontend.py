"""The Wordle Tournament on one device as a frontend of the one game view (app.frame): the
engine is games.wordle.tournament_game (a seat per person of this device; the bots are the
tournament's own), on the words of one language, so the Game exists once they are loaded (as
the practice duel's: app.wordle_duel.loading). A new game is the lobby; a new nickname is a
new lobby (the player's choice, remembered); Start is the move "start @now".

The tournament runs on its own clock (app.frame.game_clock, kept in the save with the letters
typed: app.frame.lasting_ui): the frame's ticks (app.frame.timed) play "step @now" as soon as
something falls due (a bot's guess, a turn run out, a round's introduction over), so the
tournament on screen is always played out to the page's time.

The bots' plans are asked of the page's thinker (app.tournament.plan_asking) and played as
moves when they come. A hidden page makes the people here away (`hidden_moves`, played by
app.frame.page_life from GameView.suspend) and its ticks bring them back
(app.tournament.connection); another page of the app is not leaving (rule 10.6): it goes
on behind it, with a bar in the header (`goes_on_behind`, `behind_bar`: app.frame.behind).
Each person's rating and statistics are written as they go out (rule 8.2), and the finished
tournament kept for replaying (`due_results`: app.wordle.tournament_results, written by
app.frame.recording). A tournament the old one-device page saved (moved to the frame's save
at start-up: app.wordle.tournament_move) is read with `legacy`. Its people, group and screen
are the player's remembered choice (app.tournament.lobby_people, group_input); its language
is its address (app.wordle.tournament_page). Its route: #/wordle?mode=tournament
(app.tournament.loading)."""

import dataclasses
import secrets
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from games.common.checks import is_int
from games.common.protocol import MAX_SEED, Game
from games.wordle.dictionary import Dictionary
from games.wordle.tournament_game import TournamentState, options_of, tournament_game
from games.wordle.tournament_moves import MAX_TIME

from ..frame import game_clock
from ..frame.frontend import (
    Changes,
    Facts,
    FrontendDefaults,
    Input,
    Interpretation,
    Result,
    Show,
    Table,
    Translate,
)
from ..frame.recording import Due
from ..html import Markup
from ..i18n import Translator
from ..thinker import Thinker
from ..views import wordle_parts as parts
from ..wordle import records as tp
from ..wordle import tournament_results as results
from ..wordle_duel.draw import framed  # (Wordle's page around it: its heading and links)
from . import away_draw, connection, frame_input, group_input
from .draw import render
from .frame_ui import TournamentUi, focused, quiet, turn_now, typing_for
from .lobby_people import chosen_humans, person, ratings_of
from .plan_asking import PlanAsking
from .said import clock_tick, happened
from .ui import Ui

GAME = tp.FRAME_GAME
Worker = Callable[[], Thinker | None]  # the page's thinker now
MAX_SPEED = 100
MAX_TYPED = 64


def stored_game(words: Dictionary) -> Game:
    return dataclasses.replace(tournament_game(words), name=GAME)


def secret() -> int:
    """The pairings' and words' number, drawn apart from the seed (the public game ID) as the
    midend draws a seed nobody can know (views import no midend)."""
    return 1 + secrets.randbelow(MAX_SEED - 1)


def translator(t: Translate) -> Translator:
    """The app's translator, which the frame passes as any function of a key: the
    tournament's drawing (written before the frame) takes the class."""
    assert isinstance(t, Translator)
    return t


class TournamentFrontend(FrontendDefaults):
    title_key = "game.wordle.name"
    name = GAME
    page = "wordle"  # (its address: #/wordle?mode=tournament)
    # (the ratings a lobby starts from; what its lobby and final standings show)
    shown_records = (tp.RATING, f"stats:{results.GAME}", f"replays:{tp.REPLAYS}")

    def __init__(self, words: Dictionary, speed: int = 1, worker: Worker = lambda: None):
        self.words = words
        self.game = stored_game(words)
        self.speed = speed  # test-only: the tournament's clock runs `speed` times faster
        self.plans = PlanAsking(worker)  # the bots' plans, from the page's thinker

    # --- the game an address asks for --------------------------------------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        """Test-only: "seed=N" asks for that lobby, its pairings and words from N too (no
        secret), so whoever gave it may know it: never counted."""
        seed = params.get("seed", "")
        if not seed.isdigit() or int(seed) > MAX_SEED:
            return None
        return self.numbered_again(prefs), int(seed)

    def numbered_again(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        """A new lobby's options while the lobby is a numbered one (its people or screen
        changed, app.frame.commands): its words still from its number."""
        options = self.new_options(prefs)
        del options["secret"]
        return options

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "lang": self.words.lang,
            "humans": chosen_humans(prefs),
            "shared_keyboard": prefs.get("shared_keyboard") is True,
            "secret": secret(),
        }

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        return [None] * len(chosen_humans(prefs))  # each person of this device plays here

    def seat_params(self, table: Table) -> dict[str, str]:
        return {"mode": "tournament"}

    def numbered(self, options: dict[str, Any], seed: int) -> bool:
        """Its number reopens it only when its words came from it too (app.frame.address)."""
        return "secret" not in options

    def paused(self, ui: TournamentUi) -> bool:
        return False

    def said_new(self, state: TournamentState, table: Table, t: Translate) -> str:
        return str(t("wt.lobby_title"))

    def new_ui(self, state: TournamentState, kept: TournamentUi | None = None) -> TournamentUi:
        """Its clock goes on from a save read back, or in a tournament under way; a new
        lobby's starts with the frame's first tick."""
        clock_from = state.clock or 0
        if kept is None:
            return TournamentUi(clock_from=clock_from)
        goes_on = kept.resumed or state.tournament.phase != "lobby"
        return TournamentUi(
            typed=kept.typed,
            turn=kept.turn,
            focus=kept.focus,
            clock=kept.clock if goes_on else None,
            clock_from=clock_from,
        )

    def legacy(self, state: TournamentState, meta: dict[str, Any]) -> dict[str, Any]:
        """A tournament today's page saved (app.wordle.tournament_keeper: the tournament and
        its meta, {"t0", "speed"}: its clock, which ui_from_save reads as the frame's, "seed",
        "known": from the address, never counted); ValueError when it cannot be read."""
        seed, known = meta.get("seed", state.tournament.seed), meta.get("known", False)
        if not is_int(seed) or not 0 <= seed <= MAX_SEED or not isinstance(known, bool):
            raise ValueError("the keeper's seed")
        options = options_of(state.tournament)
        seats: list[str | None] = [None] * len(options["humans"])
        return {"options": options, "seed": seed, "seats": seats, "known": known}

    # --- the clock ---------------------------------------------------------------------
    def now(self, ui: TournamentUi, page_ms: float) -> int:
        """The tournament's time at the page's time `page_ms` (where it was until its clock
        starts)."""
        return ui.clock_from if ui.clock is None else ui.clock.read(page_ms, MAX_TIME)

    def clock_started(self, ui: TournamentUi, page_ms: float) -> TournamentUi:
        if ui.clock is not None:
            return ui
        clock = game_clock.GameClock(int(page_ms), ui.clock_from, self.speed)
        return replace(ui, clock=clock)

    def due(
        self,
        state: TournamentState,
        ui: TournamentUi,
        computer_to_move: bool,
        planned: Any,
        page_ms: float,
    ) -> Any:
        """A bot's plan come from the worker, else a person here coming back (the page ticks:
        it is shown), else "step @now" once something fell due by now (everything due is
        played in it)."""
        if state.is_over or state.tournament.phase == "lobby":
            return None
        self.plans.ask(state)
        plan = self.plans.answer()
        if plan is not None:
            return plan
        now = self.now(ui, page_ms)
        back = connection.back_move(state, now)  # (the page is shown: it ticks)
        if back is not None:
            return back
        due = state.next_due()
        return {"type": "step", "at": now} if due is not None and due <= now else None

    def goes_on_behind(self, state: TournamentState) -> bool:
        """Someone here still plays: it goes on behind the app's other pages (rule 10.6)."""
        t = state.tournament
        return t.phase != "lobby" and not t.is_over and bool(t.humans_in())

    def behind_bar(
        self, state: TournamentState, ui: TournamentUi, page_ms: float, t: Translate
    ) -> Markup | None:
        """The header's bar behind another page: the round, whose turn with its clock, a link
        back (app.frame.behind)."""
        view = self.view_at(state, self.now(ui, page_ms))
        holder = state.tournament.keyboard_holder(view["clock"], ui.focus)
        group = sum(p["human"] for p in state.tournament.players) > 1
        said, clock = away_draw.bar_state(translator(t), view, holder, group)
        return away_draw.bar(translator(t), said, clock)

    def hidden_moves(self, state: TournamentState, ui: TournamentUi, page_ms: float) -> list[Any]:
        """The page is hidden, closed or reloaded: the people here are away (app.frame.page_life)."""
        return connection.away_moves(state, self.now(ui, page_ms))

    def clock_shown(
        self, state: TournamentState, ui: TournamentUi, page_ms: float, t: Translate, slot: str = ""
    ) -> Markup:
        """The clock of the duel in `slot` (its index: every duel's card has one), or of the
        duel on screen."""
        view = self.view_at(state, self.now(ui, page_ms))
        if slot.isdigit():
            index: int | None = int(slot)
        else:
            index = ui.watching if ui.watching is not None else focused(state, ui, view["clock"])
        duels = view["duels"]
        if index is None or not 0 <= index < len(duels):
            return Markup("")
        shown: Markup = parts.clock(t, duels[index]["time_left"], duels[index]["running"])
        return shown

    def tick_cue(self, state: TournamentState, ui: TournamentUi, page_ms: float) -> Any:
        if state.tournament.phase == "lobby" or state.is_over:
            return None
        return clock_tick(self.view_at(state, self.now(ui, page_ms)))

    def view_at(self, state: TournamentState, now: int) -> dict[str, Any]:
        """What this device sees at `now` (nothing falls due before it: the ticks play it)."""
        t = state.tournament
        view: dict[str, Any] = t.view(0 if t.players[0]["human"] else None, max(now, t.clock or 0))
        return {**view, "clock": max(now, t.clock or 0)}

    # --- what outlives a reload (app.frame.lasting_ui) --------------------------------
    def kept(self, ui: TournamentUi) -> dict[str, Any]:
        clock = ui.clock.meta() if ui.clock is not None else {}
        return {**clock, "typed": ui.typed, "turn": list(ui.turn) if ui.turn else None}

    def ui_from_save(self, meta: dict[str, Any]) -> TournamentUi | None:
        try:
            clock = game_clock.from_meta(meta, MAX_TIME, MAX_SPEED)
        except ValueError:
            return None  # (a new clock from the tournament's time)
        typed, turn = meta.get("typed", ""), meta.get("turn")
        fine_turn = isinstance(turn, list) and len(turn) == 4 and all(is_int(n) for n in turn)
        if not isinstance(typed, str) or len(typed) > MAX_TYPED or not fine_turn:
            return TournamentUi(clock=clock, resumed=True)  # (the letters typed again)
        assert isinstance(turn, list)
        return TournamentUi(
            typed=typed, turn=(turn[0], turn[1], turn[2], turn[3]), clock=clock, resumed=True
        )

    # --- input -------------------------------------------------------------------------
    def interpret(
        self, state: TournamentState, ui: TournamentUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        now = max(self.now(ui, facts.page_ms), state.clock or 0)
        return frame_input.interpret(state, ui, given, now, self.words, t)

    def refused(
        self,
        state: TournamentState,
        ui: TournamentUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[TournamentUi]:
        return frame_input.refused(ui, key, params, t)

    def may_take_back(
        self, state: TournamentState, ui: TournamentUi, table: Table, player: int
    ) -> bool:
        return False  # a tournament's rows stand once played (4.5)

    def changed(
        self,
        before: TournamentState,
        state: TournamentState,
        ui: TournamentUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[TournamentUi]:
        """What the engine's new events say (app.tournament.said); a new round goes back to
        its introduction, a human's turn back to their duel."""
        tournament = state.tournament
        news = happened(translator(t), self.words, tournament, events, self.drawn(ui), True)
        if news.new_round:
            ui = replace(quiet(ui), focus=None)
        if news.new_round or news.back_to_duel:
            ui = replace(ui, watching=None)
        if not tournament.humans_in():
            ui = replace(ui, confirm_leave=False)
        # (the letters typed stay with their turn: a row added to its duel ends it, frame_ui)
        return Changes(ui, " ".join(news.said), news.cue or "")

    # --- the end -----------------------------------------------------------------------
    def due_results(self, state: TournamentState, counted: bool, today: str) -> list[Due]:
        """Each person here as they go out (rule 8.2), and the tournament once it is over
        (app.frame.recording writes them)."""
        return results.due(state.tournament, counted, today)

    def record(self, state: TournamentState, table: Table, clock_ms: float) -> Result | None:
        return None  # (as people go out, rule 8.2: `due_results`)

    def outcome(
        self,
        state: TournamentState,
        facts_before: Mapping[str, Any],
        counted: bool,
        place: int | None,
        clock_ms: float,
    ) -> dict[str, Any]:
        return {}  # no game-over window: the final standings are the tournament's page

    def checked_outcome(self, saved: Any) -> dict[str, Any] | None:
        return None

    # --- drawing -----------------------------------------------------------------------
    def drawn(self, ui: TournamentUi) -> Ui:
        """The old screen's state as its drawing (app.tournament.draw) takes it."""
        return Ui(
            mode="game",
            lang=self.words.lang,
            message=ui.message,
            message_is_error=ui.message_is_error,
            shake=ui.shake,
            confirm_leave=ui.confirm_leave,
            watching=ui.watching,
            focus=ui.focus,
            out_seen=ui.out_seen,
        )

    def draw(self, state: TournamentState, ui: TournamentUi, facts: Facts, t: Translate) -> Markup:
        lobby = state.tournament.phase == "lobby"
        view = self.view_at(state, self.now(ui, facts.page_ms))
        shown = replace(ui, focus=focused(state, ui, view["clock"]))
        drawn = self.drawn(shown)
        drawn.mode = "lobby" if lobby else "game"
        drawn.counted = facts.counted
        tournament, records = state.tournament, facts.prefs  # (with the records shown)
        if tournament.shared_keyboard:  # a group on this device (rule 11.2)
            drawn.group = group_input.group_of(state)
            if lobby and records.get("screen") == group_input.GROUP:
                drawn.mode = "group"
                ratings = ratings_of(records)
                names = drawn.group["members"]
                drawn.member_ratings = [person(ratings, n, False)["rating"] for n in names]
        if lobby or tournament.phase == "over":  # its rating, statistics and replay
            humans = [p for p in tournament.players if p["human"]]
            drawn.profile = person(ratings_of(records), humans[0]["name"], len(humans) == 1)
            drawn.stats = (records.get(f"stats:{results.GAME}") or {}).get(results.VARIANT)
            drawn.replay = results.kept_href(tournament, records.get(f"replays:{tp.REPLAYS}"))
        turn = None if lobby else turn_now(state, shown, view["clock"])
        if turn is not None:
            drawn.typist, drawn.typed = turn[2], typing_for(state, shown, turn).tiles()
        return framed(t, render(translator(t), self.words, drawn, view), facts.shapes)
