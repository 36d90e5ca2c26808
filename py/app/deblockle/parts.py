"""What every piece of the Deblockle page shares, with no browser: what the page shows
around the game (Screen), the symbols and blocks as markup, names, and the texts that say
what is happening.

The rules stay in games.deblockle; these functions only read its state and the options it
offers (State.tip_options, legal_moves, result). Who sits in each seat is the game view's
(app.frame.frontend.Table): the page names the opponent, as its statistics do.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.common.protocol import Json
from games.deblockle import Move, State
from games.deblockle.board import HOME_STAR, SIZE, square_name
from games.deblockle.hops import slide_path

from ..frame.frontend import Translate
from ..html import Markup, h

GAME = "deblockle"
OPPONENTS = ("strong", "greedy", "random", "human")
REMOTE = "remote"  # the opponent of a game with a friend on another device (never a choice)
# The computer opponents as the page (and its statistics) names them -> the level of
# games.deblockle.game.GAME.computer that plays them.
LEVEL_OF = {"random": "easy", "greedy": "medium", "strong": "hard"}
OPPONENT_AT = {level: name for name, level in LEVEL_OF.items()}
STARS = tuple(square_name(sq) for sq in HOME_STAR)  # gold's home star, blue's
COLUMNS = "abcdefg"[:SIZE]

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


@dataclass
class Screen:
    """The page around the game, for drawing: what is picked, shown and said (the frontend's
    UI state) and what the game view knows (who sits where, undo, the address)."""

    seed: int = 0
    opponent: str = "strong"
    selected: str | None = None  # the block picked to tip
    tip: Json | None = None  # the tip chosen (shown, not yet played) while the hop is chosen
    roll: str | None = None  # set-up: the rolled symbol picked to place
    turns: dict[str, str] = field(
        default_factory=dict
    )  # set-up: the north face chosen per rolled symbol
    cursor: str = "d4"
    message: str = ""
    message_is_error: bool = False
    busy: bool = False  # a block is moving: clicks wait
    me: int = 0  # the seat played at this screen (against a friend on another device: 0 or 1)
    peer: str = ""  # that friend's name
    frozen: bool = False  # a game with a friend that is not in play (setting up, lost, ended)
    bar: Markup | None = None  # that game's status line (app.views.remote_bar)
    can_undo: bool = False  # the midend's answers, for the Undo and Redo buttons
    can_redo: bool = False
    address: str = ""  # this game's address (its number in it once that gives nothing away)
    seed_shown: bool = False  # the game's number gives nothing away (over, or known)
    counted: bool = True  # the game counts in the statistics
    last: list[str] = field(default_factory=list)  # squares of the last turn, highlighted
    prefs: dict[str, Any] = field(default_factory=dict)  # the new-game choices remembered
    # The New game dialog's choices while it is open (None: closed): remembered only
    # when the game starts, so Cancel and Escape leave the remembered ones as they were.
    choices: dict[str, Any] | None = None
    refused: str | None = None  # the square a click was just refused on


def xy(name: str) -> tuple[int, int]:
    """A square's (column, row) from a1 = (0, 0), for placing things on the grid."""
    return COLUMNS.index(name[0]), int(name[1:]) - 1


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


# --- who is who -------------------------------------------------------------------------


def is_computer(ui: Screen, player: int | None) -> bool:
    """Is the player's turn played away from this screen (by the computer, or by a
    friend on another device)?"""
    return ui.opponent != "human" and player != ui.me


def human_to_act(state: State, ui: Screen) -> bool:
    return not state.is_over and not ui.frozen and not is_computer(ui, state.current_player)


def player_name(t: Translate, player: int) -> str:
    return t(f"deblockle.player.{'gold' if player == 0 else 'blue'}")


def symbol_name(t: Translate, name: str) -> str:
    return t(f"deblockle.symbol.{name}")


# --- blocks -------------------------------------------------------------------------------


def block_html(player: int, faces: Mapping[str, str], cls: str = "") -> Markup:
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


def block_label(t: Translate, player: int, faces: Mapping[str, str]) -> str:
    return t(
        "deblockle.block_label",
        player=player_name(t, player),
        top=symbol_name(t, faces["top"]),
        north=symbol_name(t, faces["north"]),
        east=symbol_name(t, faces["east"]),
        south=symbol_name(t, faces["south"]),
        west=symbol_name(t, faces["west"]),
    )


# --- what a click on a square would do ------------------------------------------------------


def hop_choices(ui: Screen) -> dict[str, tuple[str, list[str]]]:
    """For the tip being shown: end square -> (move notation, squares of the path);
    the first path the engine lists to each end."""
    choices: dict[str, tuple[str, list[str]]] = {}
    if ui.tip is None:
        return choices
    for path, move in zip(ui.tip["hops"], ui.tip["moves"]):
        choices.setdefault(path[-1], (move, path))
    return choices


def tip_targets(state: State, ui: Screen) -> dict[str, Json]:
    """For the block picked (no tip shown yet): tip square -> the engine's tip option."""
    if ui.selected is None or ui.tip is not None:
        return {}
    return {option["to"]: option for option in state.tip_options(ui.selected)}


# --- texts ------------------------------------------------------------------------------------


DRAW_TEXT = {
    "repetition": "deblockle.over.draw_repetition",
    "no_progress": "deblockle.over.draw_no_progress",
}


def result_text(state: State, ui: Screen, t: Translate) -> str:
    result = state.result or {}
    winner = result.get("winner")
    if winner is None:  # both stuck with as many off (8.4), repetition (9.1), no progress (9.4)
        return t(DRAW_TEXT.get(str(result.get("reason")), "deblockle.over.draw"))
    if ui.opponent == REMOTE and winner != ui.me:
        return t("deblockle.over.peer_wins", name=ui.peer)
    if ui.opponent != "human":
        return t("deblockle.over.you_win" if winner == ui.me else "deblockle.over.computer_wins")
    return t("deblockle.over.wins", player=player_name(t, winner))


def turn_text(state: State, ui: Screen, t: Translate) -> str:
    if state.is_over:
        return result_text(state, ui, t)
    player = state.player_to_play  # (not over)
    remote = ui.opponent == REMOTE
    if remote and ui.frozen:  # ended before its end (the remote bar says how): no turn
        return t("deblockle.status.ended")
    if state.phase == "setup":
        if is_computer(ui, player):
            if remote:
                return t("deblockle.status.peer_places", name=ui.peer)
            return t("deblockle.status.computer_places")
        return t(
            "deblockle.status.place",
            placer=player_name(t, player),
            owner=player_name(t, 1 - player),
        )
    if is_computer(ui, player):
        if remote:
            return t("deblockle.status.waiting_for", name=ui.peer)
        return t("deblockle.status.thinking")
    if ui.tip is not None:
        return t("deblockle.status.hop", symbol=symbol_name(t, ui.tip["top"]))
    if ui.selected is not None:
        return t("deblockle.status.tip")
    if ui.opponent == "human":
        return t("deblockle.status.turn_of", player=player_name(t, player))
    if remote:
        return t("deblockle.status.your_turn_as", player=player_name(t, player))
    return t("deblockle.status.your_turn")


def last_turn(state: State) -> list[str]:
    """The squares of the last turn played (see `last_squares`), read from the position:
    the history's last turn, its hop's squares as the block's top face makes them."""
    text = next((entry for entry in reversed(state.history) if ":" not in entry), None)
    if text is None:
        return []
    move = Move.parse(text)
    squares = [move.square, move.tip_square]
    if not move.removes:
        top = next((b["top"] for b in state.blocks() if b["square"] == square_name(move.end)), "")
        hop = slide_path(move.tip_square, move.end) if top == "slider" else move.path
        squares += hop
    return [square_name(square) for square in squares]


def last_squares(events: list[Json], last: list[str]) -> list[str]:
    """The squares of the turn just played, in order, to mark: where the block
    tipped from, the square it tipped onto, and every square of its hop (the last
    is where it ended)."""
    for event in events:
        if event["type"] == "tip":
            last = [event["from"], event["to"]]
        elif event["type"] == "hop" and len(last) == 2 and event["path"][:1] == last[1:]:
            last = last + event["path"][1:]
    return last


def turn_said(state: State, ui: Screen, t: Translate, events: list[Json]) -> list[str]:
    """What is announced of a turn's events (the engine's, from State.apply)."""
    said = []
    for event in events:
        kind = event["type"]
        who = player_name(t, event.get("player", 0))
        if kind == "tip":
            said.append(
                t(
                    "deblockle.announce.tip",
                    player=who,
                    source=event["from"],
                    target=event["to"],
                    symbol=symbol_name(t, event["top"]),
                )
            )
        elif kind == "hop":
            if len(event["path"]) > 1:
                said.append(t("deblockle.announce.hop", target=event["path"][-1]))
            else:
                said.append(t("deblockle.announce.stop"))
        elif kind == "remove":
            said.append(
                t(
                    "deblockle.announce.remove",
                    player=who,
                    removed=event["removed"],
                    left=event["left"],
                )
            )
        elif kind == "pass":
            said.append(pass_text(t, event))
        elif kind == "game_over":
            said.append(result_text(state, ui, t))
    return said


def pass_text(t: Translate, event: Json) -> str:
    return t("deblockle.announce.pass", player=player_name(t, event["player"]))


# --- statistics ---------------------------------------------------------------------------------


def variant(state: State, ui: Screen) -> str:
    """The statistics' name for the kind of game: opponent, fewer blocks, variant."""
    name = ui.opponent
    if state.options["blocks"] != [4, 4]:
        name += "-fewer"
    if state.options["no_side_by_side"]:
        name += "-nsbs"
    return name


def result_figures(state: State, ui: Screen, elapsed_ms: float) -> dict[str, Any]:
    removed = state.position.removed
    return {
        "removed": removed[0],
        "opponent_removed": removed[1],
        "turns": len(state.history),
        "time_s": round(elapsed_ms) // 1000,
        "seed": str(ui.seed),
    }
