"""Deblockle's blocks in motion on the page: a tip rolls the block over an edge,
a hop carries it square by square. Each animation calls `then` exactly once when
it is over, unless a new game has started or the player has left the page.

With reduced motion (or no board on the page) `then` runs at once.
"""

from .. import browser
from ..browser import found
from .deblockle_parts import SIZE, block_html, xy

TIP_MS = 300
STEP_MS = 130


def place(square: str) -> str:
    col, row = xy(square)
    return f"translate({col * 100}%, {(SIZE - 1 - row) * 100}%)"


def board_node():
    return browser.element("db-board")


def traveller(player: int, faces: dict, at: str):
    """A block drawn over the board at square `at`, to move."""
    node = browser.document.createElement("span")
    node.className = "db-traveller"
    node.innerHTML = block_html(player, faces)
    node.style.transform = place(at)
    board_node().appendChild(node)
    return node


def hide_block(square: str) -> None:
    node = browser.element(f"db-c-{square}")
    block = node.querySelector(".db-block:not(.db-ghost)") if found(node) else None
    if found(block):
        block.classList.add("departed")


def tip(view, player, source, target, old_faces, new_faces, removes, then) -> None:
    """Roll the block from `source` over onto `target` (and away, for a removal)."""
    if view.app.reduced_motion or not found(board_node()):
        then()
        return
    for node in browser.document.querySelectorAll(".db-preview"):
        node.remove()
    hide_block(source)
    col, row = xy(source)
    tcol, trow = xy(target)
    mid_x, mid_y = (col + tcol) / 2, (row + trow) / 2
    axis = "X" if col == tcol else "Y"
    sign = (1 if trow > row else -1) if axis == "X" else (1 if tcol > col else -1)
    start, end = place(source), place(target)
    middle = f"translate({mid_x * 100}%, {(SIZE - 1 - mid_y) * 100}%)"
    node = traveller(player, old_faces, source)

    def second_half():
        node.innerHTML = block_html(player, new_faces)
        frames = [
            {"transform": f"{middle} perspective(200px) rotate{axis}({-90 * sign}deg) scale(0.9)"},
            {"transform": f"{end} perspective(200px) rotate{axis}(0deg) scale(1)"},
        ]
        if removes:
            frames.append({"transform": f"{end} scale(0.1)", "opacity": 0})
        run(view, node, frames, TIP_MS / 2 + (250 if removes else 0), then, remove=True)

    first_half = [
        {"transform": f"{start} perspective(200px) rotate{axis}(0deg)"},
        {"transform": f"{middle} perspective(200px) rotate{axis}({90 * sign}deg) scale(0.9)"},
    ]
    run(view, node, first_half, TIP_MS / 2, second_half)


def hop(view, player, path, faces, then) -> None:
    """Carry the block along `path`, one square after another."""
    if view.app.reduced_motion or not found(board_node()) or len(path) < 2:
        then()
        return
    hide_block(path[0])
    for node in browser.document.querySelectorAll(".db-paths, .db-dot"):
        node.remove()
    node = traveller(player, faces, path[0])
    frames = [{"transform": place(square)} for square in path]
    run(view, node, frames, STEP_MS * (len(path) - 1), then, remove=True)


def run(view, node, frames, duration_ms, then, remove=False) -> None:
    """Play the frames, then go on exactly once: when the animation ends, or a
    little later if a redraw took the node away first. Nothing happens once
    a new game has started (view.generation) or the player has left (view.root)."""
    generation = view.generation
    done = []

    def finish():
        if done:
            return
        done.append(True)
        if remove:
            node.remove()
        if generation == view.generation and view.root is not None:
            then()

    browser.animate(node, frames, duration_ms, finish)
    browser.later(duration_ms + 400, finish)
