"""Deblockle's blocks in motion on the page: a tip rolls the block as a cube (CSS
3D) over its bottom edge onto the next square, a hop carries it square by square. Each animation calls `then` exactly once when
it is over, unless a new game has started or the player has left the page.

With reduced motion (or no board on the page) `then` runs at once.
"""

from .. import browser
from ..browser import found
from .deblockle_parts import SIZE, block_html, sym, xy

TIP_MS = 340
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


# A tip rolls the block as a cube over its bottom edge on the side it tips to: the
# rotation about that edge (CSS: y down, z towards the viewer) that brings the face
# on the far side up, as rule 5.4 says.
ROLL = {  # direction: (the edge rolled over, as a transform-origin; the axis; degrees)
    "N": ("50% 0%", "X", 90),
    "S": ("50% 100%", "X", -90),
    "E": ("100% 50%", "Y", 90),
    "W": ("0% 50%", "Y", -90),
}
# Where each face of the cube sits, from its bottom face's centre (s: the cube's side).
FACE_PLACES = {
    "top": "translateZ(var(--s))",
    "bottom": "rotateY(180deg)",
    "north": "translateY(calc(var(--s) / -2)) translateZ(calc(var(--s) / 2)) rotateX(90deg)",
    "south": "translateY(calc(var(--s) / 2)) translateZ(calc(var(--s) / 2)) rotateX(-90deg)",
    "east": "translateX(calc(var(--s) / 2)) translateZ(calc(var(--s) / 2)) rotateY(90deg)",
    "west": "translateX(calc(var(--s) / -2)) translateZ(calc(var(--s) / 2)) rotateY(-90deg)",
}


def direction_of(source: str, target: str) -> str:
    (col, row), (tcol, trow) = xy(source), xy(target)
    if col == tcol:
        return "N" if trow > row else "S"
    return "E" if tcol > col else "W"


def rolling_cube(player: int, faces: dict, at: str, direction: str):
    """The block as a cube of six faces standing on square `at`, to roll towards
    `direction` (data-roll says which way, for tests)."""
    board = board_node()
    side = round(float(board.clientWidth) / SIZE * 0.84, 1)
    node = browser.document.createElement("span")
    node.className = "db-traveller db-rolling"
    node.dataset.roll = direction
    node.style.transform = place(at)
    node.style.setProperty("--s", f"{side}px")
    origin = ROLL[direction][0]
    node.innerHTML = (
        f'<span class="db-roller" style="transform-origin: {origin}">'
        + "".join(
            f'<span class="db-face3d db-p{player}" data-face="{name}" style="transform: {where}">'
            f"{sym(faces[name])}</span>"
            for name, where in FACE_PLACES.items()
        )
        + "</span>"
    )
    board.appendChild(node)
    return node


def tip(view, player, source, target, old_faces, new_faces, removes, then) -> None:
    """Roll the block from `source` over onto `target` (and away, for a removal)."""
    if view.app.reduced_motion or not found(board_node()):
        then()
        return
    for node in browser.document.querySelectorAll(".db-preview"):
        node.remove()
    hide_block(source)
    direction = direction_of(source, target)
    node = rolling_cube(player, old_faces, source, direction)
    roller = node.querySelector(".db-roller")
    _, axis, degrees = ROLL[direction]

    def landed():
        if not removes:
            node.remove()
            then()
            return
        node.innerHTML = block_html(player, new_faces)
        node.style.transform = place(target)
        frames = [
            {"transform": f"{place(target)} scale(1)", "opacity": 1},
            {"transform": f"{place(target)} scale(0.1)", "opacity": 0},
        ]
        run(view, node, frames, 250, then, remove=True)

    frames = [
        {"transform": f"rotate{axis}(0deg)", "easing": "ease-in"},
        {"transform": f"rotate{axis}({degrees}deg)"},
    ]
    run(view, roller, frames, TIP_MS, landed, also_remove=node)


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


def run(view, node, frames, duration_ms, then, remove=False, also_remove=None) -> None:
    """Play the frames, then go on exactly once: when the animation ends, or a
    little later if a redraw took the node away first. Nothing happens once
    a new game has started (view.generation) or the player has left (view.root),
    but the moving node (and `also_remove`) is taken away."""
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
        elif also_remove is not None:
            also_remove.remove()

    browser.animate(node, frames, duration_ms, finish)
    browser.later(duration_ms + 400, finish)
