"""Hand-built positions for the dominoes tests, written in the text notation."""

from games.common.rng import SeededRng
from games.dominoes import State, parse_layout
from games.dominoes.table import Table
from games.dominoes.tiles import SET, parse


def tiles(text: str) -> list:
    return [parse(t) for t in text.split()]


def make_state(
    hands, layout="-", boneyard=None, current=0, scores=None, partnerships=False, target=250
):
    """A state in the middle of a hand. `hands` are strings like "6-4 5-5";
    the boneyard gets every tile not placed elsewhere unless given."""
    table = Table(len(hands), partnerships, target)
    state = State(table, SeededRng(1))
    state.layout = parse_layout(layout)
    state.hands = [tiles(h) for h in hands]
    used = set(state.layout.tiles()) | {t for h in state.hands for t in h}
    if boneyard is None:
        state.boneyard = [t for t in SET if t not in used]
    else:
        state.boneyard = tiles(boneyard)
    state.current = current
    state.leader = current
    if scores is not None:
        state.scores = list(scores)
    return state


def play_out(state, rng, chooser=None):
    """Plays random legal moves to the end of the game; returns every event."""
    events = []
    while not state.is_over:
        moves = state.legal_moves()
        move = chooser(state, moves) if chooser else rng.choice(moves)
        events.extend(state.apply(move))
    return events
