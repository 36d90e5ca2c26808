"""High contrast: every game played in forced colours (Chromium's emulation of
`forced-colors: active`), in a light and a dark high-contrast theme.

Forced colours repaint every author colour with the theme's few system colours
and drop gradients and shadows, so whatever told a state apart by colour alone
(a Wordle mark, a pip, a marble's colour, a peg, a side's block) must still be
told apart. Each test reaches a position showing those states and compares the
computed styles; screenshots go to /tmp/forced/ for a person to look at."""

import os
import re
import struct
import zlib

import pytest
from dominoes_support import midend_record, open_saved, wait_phase
from games.deblockle import new_game as deblockle_game
from games.wordle.feedback import marks
from playwright.sync_api import expect
from stats_support import chart_storage
from test_battleship import ALL_SQUARES
from test_battleship import open_saved as open_saved_battleship
from test_deblockle import OPTIONS as DEBLOCKLE_OPTIONS
from test_deblockle import cell as deblockle_cell
from test_deblockle import play_by_clicks as deblockle_move
from test_marbles import load_position
from test_wordle import duel_word, type_on_screen, wait_my_turn

SHOTS = "/tmp/forced"

# What the page computes for one element (or one of its pseudo-elements), with the
# background colours behind it, from its parent out to the root.
LOOK = """(el, pseudo) => {
    const s = getComputedStyle(el, pseudo);
    const behind = [];
    for (let n = pseudo ? el : el.parentElement; n; n = n.parentElement)
        behind.push(getComputedStyle(n).backgroundColor);
    return {background: s.backgroundColor, color: s.color, fill: s.fill,
            border: s.borderTopColor, borderStyle: s.borderTopStyle,
            borderWidth: parseFloat(s.borderTopWidth), outline: s.outlineColor,
            outlineStyle: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth),
            content: s.content, textDecoration: s.textDecorationLine,
            opacity: parseFloat(s.opacity), behind};
}"""


@pytest.fixture(params=["light", "dark"])
def scheme(request):
    return request.param


@pytest.fixture
def forced(open_app, scheme):
    """open_app in forced colours, in the light or the dark high-contrast theme."""

    def open_forced(route: str = "", **options):
        page = open_app(
            route, forced_colors="active", color_scheme=scheme, reduced_motion="reduce", **options
        )
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        return page

    return open_forced


def shot(page, name: str, scheme: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}-{scheme}.png", full_page=True)


# --- colours as the page computes them ----------------------------------------------------


def rgba(text: str) -> tuple:
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    return (*numbers[:3], numbers[3] if len(numbers) > 3 else 1.0)


def over(colour: tuple, backdrop: tuple) -> tuple:
    """`colour` painted over an opaque `backdrop`."""
    alpha = colour[3]
    return (*(alpha * c + (1 - alpha) * b for c, b in zip(colour[:3], backdrop[:3])), 1.0)


def luminance(colour: tuple) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple, b: tuple) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def look(locator, pseudo: str | None = None) -> dict:
    """What the page computes for the element `locator` finds. Finding it and reading it
    are two steps: a page drawn again in between (the tournament's side list, every clock
    tick) leaves the element found out of the document, where every computed colour is ""
    (CI, 2026-12-06): it is then found again."""
    for _ in range(50):
        found = locator.evaluate(
            f"(el, pseudo) => el.isConnected ? ({LOOK})(el, pseudo) : null", pseudo
        )
        if found is not None:
            return seen(found)
    raise AssertionError(f"{locator} was drawn again each time it was read")


def look_when_shown(page, selector: str) -> dict:
    """look() at the first element matching `selector` as soon as there is one, in one
    step (a clock is redrawn every tick: its element may be gone a moment later)."""
    script = (
        f"(sel) => {{ const el = document.querySelector(sel); return el && ({LOOK})(el, null); }}"
    )
    return seen(page.wait_for_function(script, arg=selector, timeout=120_000).json_value())


def seen(found: dict) -> dict:
    backdrop = (255.0, 255.0, 255.0, 1.0)
    for colour in reversed(found["behind"]):
        backdrop = over(rgba(colour), backdrop)
    found["backdrop"] = backdrop
    found["shown"] = over(rgba(found["background"]), backdrop)  # its background as seen
    return found


def paint(style: dict) -> tuple:
    """What tells a state apart at a glance: its background and its border."""
    border = style["borderStyle"] if style["borderWidth"] else "none"
    return (style["shown"], border, rgba(style["border"]) if border != "none" else None)


def all_differ(*paints) -> bool:
    return len(set(paints)) == len(paints)


def stands_out(style: dict, against: tuple, at_least: float = 3.0) -> bool:
    """Its background, or a border of 2px or more, contrasts with `against`."""
    if contrast(style["shown"], against) >= at_least:
        return True
    return (
        style["borderWidth"] >= 2
        and contrast(over(rgba(style["border"]), against), against) >= at_least
    )


def text_contrast(style: dict) -> float:
    return contrast(over(rgba(style["color"]), style["shown"]), style["shown"])


# --- what is painted: computed styles do not show the backplate a browser may paint
# behind text in forced colours, which hides letters on a filled system colour -----------


def png_pixels(png: bytes) -> list[list[tuple]]:
    """Rows of (r, g, b) of an 8-bit RGB or RGBA PNG, as Chromium's screenshots are."""
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    assert depth == 8 and kind in (2, 6)
    step = 3 if kind == 2 else 4
    data, at = b"", 8
    while at < len(png):
        length, name = struct.unpack(">I4s", png[at : at + 8])
        if name == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    raw, rows, previous = zlib.decompress(data), [], bytearray(width * step)
    for y in range(height):
        line = raw[y * (width * step + 1) : (y + 1) * (width * step + 1)]
        kind_of_filter, row = line[0], bytearray(line[1:])
        for i in range(len(row)):
            left = row[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind_of_filter == 1:
                row[i] = (row[i] + left) & 255
            elif kind_of_filter == 2:
                row[i] = (row[i] + up) & 255
            elif kind_of_filter == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                guess = left + up - corner
                near = min(
                    (abs(guess - left), left), (abs(guess - up), up), (abs(guess - corner), corner)
                )
                row[i] = (row[i] + near[1]) & 255
        rows.append([tuple(row[x * step : x * step + 3]) for x in range(width)])
        previous = row
    return rows


def letter_shows(locator, style: dict) -> bool:
    """In the middle of the element, where its letter is, both the background and the
    text colour are painted (a backplate would cover the middle in the page's colour)."""
    rows = png_pixels(locator.screenshot())
    height, width = len(rows), len(rows[0])
    middle = [
        p for row in rows[height // 4 : height * 3 // 4] for p in row[width // 4 : width * 3 // 4]
    ]

    def share(colour):
        return sum(max(abs(a - b) for a, b in zip(p, colour)) <= 48 for p in middle) / len(middle)

    faded = style["opacity"]  # a disabled key is faded into what is behind it
    ground = over((*style["shown"][:3], faded), style["backdrop"])
    text = over((*over(rgba(style["color"]), style["shown"])[:3], faded), style["backdrop"])
    return share(ground) >= 0.2 and share(text) >= 0.05


# --- the games -----------------------------------------------------------------------------


def a_guess_with_every_mark(words, length: int, answer: str) -> str:
    """A word of distinct letters that gets a correct, a present and an absent mark."""
    for word in words.answers[length]:
        tiles = words.tiles(word)
        if len(set(tiles)) == len(tiles) and set(marks(word, answer)) == {0, 1, 2}:
            return word
    raise AssertionError("no guess shows all three marks")


def test_wordle_marks_on_tiles_and_keys_are_told_apart(forced, scheme):
    seed = 11
    words, length, answer = duel_word("en", seed)
    guess = a_guess_with_every_mark(words, length, answer)
    page = forced(f"#/wordle?mode=duel&seed={seed}&lang=en&level=beginner&speed=2")
    wait_my_turn(page)
    type_on_screen(page, words.tiles(guess))
    page.locator(".wd-key[data-key='enter']").click()
    row = page.locator(".wd-row.wd-you").first
    expect(row.locator(".wd-absent")).not_to_have_count(0)
    shot(page, "wordle", scheme)

    tiles = [look(row.locator(f".wd-tile.wd-{m}").first) for m in ("correct", "present", "absent")]
    empty = look(page.locator(".wd-tile:not(.wd-correct):not(.wd-present):not(.wd-absent)").first)
    assert all_differ(*(paint(s) for s in [*tiles, empty])), [paint(s) for s in tiles]
    for mark, style in zip(("correct", "present", "absent"), tiles):
        assert text_contrast(style) >= 4.5, style
        assert letter_shows(row.locator(f".wd-tile.wd-{mark}").first, style), mark

    keys = [look(page.locator(f".wd-key.wd-{m}").first) for m in ("correct", "present", "absent")]
    plain = look(page.locator(".wd-key:not(.wd-correct):not(.wd-present):not(.wd-absent)").first)
    assert all_differ(*(paint(s) for s in [*keys, plain])), [paint(s) for s in keys]
    for mark, style in zip(("correct", "present", "absent"), keys):
        assert text_contrast(style) >= 4.5, style
        assert letter_shows(page.locator(f".wd-key.wd-{mark}").first, style), mark


def test_dominoes_pips_show_on_the_table_and_in_the_hand(forced, scheme, open_app):
    options = {"seats": 2, "partnerships": False, "target": 100}
    record, _ = midend_record(options, 3, ["human", "random"], 3)  # 1 of 6 tiles fits
    page = open_saved(lambda route, ctx=None, storage=None: forced(route, storage=storage), record)
    wait_phase(page, "human")
    shot(page, "dominoes", scheme)
    for where in (".dm-layout", ".dm-hand"):
        tile = page.locator(f"{where} .dom:has(.pip)").first
        face = look(tile)
        pip = look(tile.locator(".pip").first)
        assert contrast(pip["shown"], face["shown"]) >= 3, (where, pip, face)
        assert stands_out(face, face["backdrop"], 1) and face["borderWidth"] >= 1
    playable = look(page.locator(".dm-hand .dom.playable").first)
    idle = look(page.locator(".dm-hand .dom:not(.playable)").first)
    assert playable["outlineStyle"] != "none" and idle["outlineStyle"] == "none"
    assert contrast(rgba(playable["outline"]), playable["backdrop"]) >= 3
    disabled = look(page.locator(".dm-tools .button:disabled").first)  # Draw: a tile fits
    enabled = look(page.locator(".dm-tools .button:enabled").first)
    assert disabled["color"] != enabled["color"] and disabled["border"] != enabled["border"]


MARBLES = """
marbles version=5 seed=7 next=GBY score=30 moves=12 lines=3
RGBYPCO..
.........
..R......
.........
....B....
.........
.........
.........
.........
"""


def test_marbles_colours_are_told_apart_by_colour_and_by_shape(forced, scheme):
    page = forced()
    load_position(page, MARBLES)
    page.locator("#mb-c-0").click()  # select the red marble in the top corner
    expect(page.locator("#mb-c-0")).to_have_class(re.compile(r"\bselected\b"))
    shot(page, "marbles", scheme)
    board = look(page.locator(".mb-board"))["shown"]
    marbles = [page.locator(f".mb-board .m.m-{colour}").first for colour in range(1, 8)]
    bodies = [look(m) for m in marbles]
    shapes = [look(m, "::after") for m in marbles]
    assert all_differ(*(b["shown"] for b in bodies))
    assert all_differ(*(s["content"] for s in shapes)) and "none" not in {
        s["content"] for s in shapes
    }
    for body, shape in zip(bodies, shapes):
        assert body["borderWidth"] >= 1.5 and contrast(rgba(body["border"]), board) >= 4.5
        assert contrast(over(rgba(shape["color"]), body["shown"]), body["shown"]) >= 3, body
    selected = look(page.locator("#mb-c-0"))
    plain = look(page.locator("#mb-c-1"))
    assert selected["outlineStyle"] != "none" and plain["outlineStyle"] == "none"


def test_without_forced_colours_marbles_wear_shapes_only_when_chosen(open_app):
    page = open_app()
    load_position(page, MARBLES)
    red = page.locator("#mb-c-0 .m")
    assert look(red, "::after")["content"] == "none"
    page.locator("summary", has_text="Menu").click()
    page.get_by_label("Colour-blind marbles").check()
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-shapes", "on")
    assert look(page.locator("#mb-c-0 .m"), "::after")["content"] == '"●"'


def battleship_midgame():
    """A Salvo game saved by the midend after a salvo each: Red sank the Patrol Boat,
    hit the Carrier and missed twice; Blue hit Red's Carrier and missed three times."""
    from app import saved_games
    from app.midend import HUMAN, Midend, computer
    from app.storage import MemoryBackend, Store
    from games.battleship.game import GAME

    store = Store(MemoryBackend())
    saved_games.register(store, ["battleship"])
    midend = Midend(store, GAME, lambda: 0.0)
    midend.start({"mode": "salvo"}, 5, [HUMAN, computer("easy")])
    for player in (0, 1):
        midend.play({"type": "random_fleet", "player": player})
        midend.play({"type": "ready", "player": player})
    blue, red = (
        {s["ship"]: s["squares"] for s in midend.state.view_for(p)["fleet"]} for p in (1, 0)
    )
    blue_water = [s for s in ALL_SQUARES if all(s not in squares for squares in blue.values())]
    red_water = [s for s in ALL_SQUARES if all(s not in squares for squares in red.values())]
    midend.play({"type": "fire", "squares": [*blue["patrol"], blue["carrier"][0], *blue_water[:2]]})
    midend.play({"type": "fire", "squares": [red["carrier"][0], *red_water[:3]]})
    assert midend.save()
    return store.backend.items["gemau:saved:battleship"], blue, red, blue_water, red_water


def test_battleship_ships_hits_misses_sunk_and_aimed_squares(forced, scheme):
    record, blue, red, blue_water, red_water = battleship_midgame()
    page = open_saved_battleship(lambda ctx=None: forced(), record)
    aim = blue_water[5]
    page.locator(f"#bs-t-{aim}").click()
    expect(page.locator(f"#bs-t-{aim} .peg.placeholder")).to_have_count(1)
    shot(page, "battleship", scheme)

    def square(grid, name):
        return page.locator(f"#bs-{grid}-{name}")

    water = look(square("o", red_water[5]))
    ship = look(square("o", red["battleship"][0]))
    assert contrast(ship["shown"], water["shown"]) >= 3
    for grid, hit, miss in (
        ("o", red["carrier"][0], red_water[0]),
        ("t", blue["carrier"][0], blue_water[0]),
    ):
        hit_peg, miss_peg = (
            look(square(grid, hit).locator(".peg")),
            look(square(grid, miss).locator(".peg")),
        )
        assert stands_out(hit_peg, hit_peg["backdrop"]) and stands_out(
            miss_peg, miss_peg["backdrop"]
        )
        assert paint(hit_peg) != paint(miss_peg)
    sunk = look(square("t", blue["patrol"][0]))
    afloat_hit = look(square("t", blue["carrier"][0]))
    assert paint(sunk) != paint(afloat_hit) and contrast(sunk["shown"], water["shown"]) >= 3
    aimed = look(square("t", aim).locator(".peg"))
    assert stands_out(aimed, aimed["backdrop"]) or aimed["outlineStyle"] != "none"
    shots = {
        paint(look(square("t", s).locator(".peg"))) for s in (blue["carrier"][0], blue_water[0])
    }
    assert paint(aimed) not in shots


def test_deblockle_sides_symbols_selection_star_and_last_move(forced, scheme):
    page = forced("#/deblockle?seed=5&opponent=human")
    state = deblockle_game(DEBLOCKLE_OPTIONS, 5)
    option = next(o for o in state.tip_options("c3") if o["direction"] == "E")
    deblockle_move(page, state, option["moves"][0])
    expect(page.locator("[data-game='deblockle']")).to_have_attribute("data-current", "1")
    deblockle_cell(page, "e5").click()  # Blue selects a block: its tips are shown
    expect(deblockle_cell(page, "e5")).to_have_class(re.compile(r"\bselected\b"))
    shot(page, "deblockle", scheme)

    gold = page.locator(".db-board .db-block.db-p0:not(.db-ghost)").first
    blue = page.locator(".db-board .db-block.db-p1:not(.db-ghost)").first
    sides = [look(gold), look(blue)]
    assert contrast(sides[0]["shown"], sides[1]["shown"]) >= 3
    for block, side in zip((gold, blue), sides):
        assert stands_out(side, side["backdrop"])  # the block stands out of its square
        for symbol in (block.locator(".db-top .db-sym"), block.locator(".db-face .db-sym").first):
            ink = rgba(look(symbol)["fill"])
            assert contrast(over(ink, side["shown"]), side["shown"]) >= 4.5
    star = page.locator(".db-star:not(:has(.db-block))").first
    star_mark = look(star.locator(".db-star-mark"))
    assert contrast(rgba(star_mark["fill"]), star_mark["backdrop"]) >= 3
    plain = look(page.locator(".db-cell:not(.selected):not(.db-last):not(.db-tip-target)").first)
    for marked in (".db-cell.selected", ".db-cell.db-last", ".db-cell.db-tip-target"):
        style = look(page.locator(marked).first)
        assert style["outlineStyle"] != "none" and plain["outlineStyle"] == "none", marked
    kinds = {
        (look(page.locator(m).first)["outlineStyle"], look(page.locator(m).first)["outline"])
        for m in (".db-cell.selected", ".db-cell.db-last", ".db-cell.db-tip-target")
    }
    assert len(kinds) == 3


def test_tournament_lives_and_clocks(forced, scheme):
    page = forced("#/wordle?mode=tournament&seed=8&speed=10")
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.locator("button[data-action='wt-start']").click()
    calm = look_when_shown(page, ".wt-game .wd-clock:not(.wd-clock-low):not(.wd-clock-stopped)")
    low = look_when_shown(page, ".wt-game .wd-clock.wd-clock-low")
    assert paint(low) != paint(calm)
    # Round 1 over, half the players have lost a life.
    gone = look_when_shown(page, ".wt-side .wt-life.wt-life-lost")
    shot(page, "tournament", scheme)
    left = look(page.locator(".wt-side .wt-life:not(.wt-life-lost)").first)
    assert paint(left) != paint(gone)
    assert contrast(left["shown"], left["backdrop"]) >= 3


def test_hub_navigation_focus_buttons_and_dialogs(forced, scheme):
    page = forced("#/")
    expect(page.locator(".game-card")).not_to_have_count(0)
    shot(page, "hub", scheme)
    current = look(page.locator(".topnav a[aria-current='page']"))
    other = look(page.locator(".topnav a:not([aria-current])").first)
    assert paint(current) != paint(other) or current["textDecoration"] != other["textDecoration"]
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.locator(":focus-visible")
    ring = look(focused)
    assert ring["outlineStyle"] != "none" and ring["outlineWidth"] >= 2
    assert contrast(rgba(ring["outline"]), ring["backdrop"]) >= 3

    page.evaluate("location.hash = '#/deblockle'")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#db-new")
    expect(dialog).to_be_visible()
    shot(page, "dialog", scheme)
    frame = look(dialog)
    assert frame["borderStyle"] != "none" and frame["borderWidth"] >= 2
    assert contrast(rgba(frame["border"]), frame["shown"]) >= 3


def test_statistics_charts_bars_lines_and_their_key(forced, scheme):
    """The charts (app.views.stats_charts) in system colours: every bar, the last game's
    apart from the others, a lost game's outlined beside a won game's filled, the rating's
    line and the labels, all against the page; and axe finds nothing."""
    from test_axe import violations

    page = forced("#/stats", storage=chart_storage())
    expect(page.locator("figure.chart svg[role='img']")).to_have_count(8)
    shot(page, "statistics-charts", scheme)
    wordle = page.locator("[data-stats='wordle']")
    bar = look(wordle.locator("[data-chart='distribution'] rect.chart-bar:not(.last)").first)
    last = look(wordle.locator("[data-chart='distribution'] rect.chart-bar.last"))
    won = look(wordle.locator("[data-chart='levels'] rect.won").first)
    lost = wordle.locator("[data-chart='levels'] rect.lost").first
    label = look(wordle.locator("[data-chart='distribution'] text.chart-label").first)
    line = wordle.locator("[data-chart='rating'] polyline")
    backdrop = bar["backdrop"]
    for shape in (bar, last, won):
        assert contrast(rgba(shape["fill"]), backdrop) >= 3, shape["fill"]
    assert rgba(bar["fill"]) != rgba(last["fill"])  # the last game's bar stands out
    assert contrast(rgba(label["fill"]), backdrop) >= 4.5
    for outlined in (lost, line):
        stroke = outlined.evaluate("(el) => getComputedStyle(el).stroke")
        assert contrast(rgba(stroke), backdrop) >= 3, stroke
    lost_fill = lost.evaluate("(el) => getComputedStyle(el).fill")
    assert contrast(rgba(lost_fill), backdrop) < 1.5  # outlined, not filled: told from a win
    assert violations(page) == []
