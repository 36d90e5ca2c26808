"""Capture real saved games from the app, for the saved-format tests.

    .venv/bin/python tools/capture_saves.py            # every case
    .venv/bin/python tools/capture_saves.py marbles-5 wordle-duel
    .venv/bin/python tools/capture_saves.py --list

The app of a commit (HEAD unless --ref says otherwise) is exported from git into
a temporary folder and built there (tools/build.py of that commit, with the
vendored runtime of this checkout), so work in progress in the working tree never
leaks into the captures. It is served under a sub-path as in the end-to-end tests
and opened in the system Chromium (tools/find_chromium.sh; Playwright never
downloads a browser). Each case plays into the middle of a game in a fresh
browser profile as a person would, by clicks and keys (the selectors of
tests/e2e/test_*.py), then writes every `gemau:*` localStorage value, raw, to
tests/fixtures/saves/<case>.json:

    {"captured": date, "app_commit": sha, "how": one line, "storage": {key: raw string}}

The engine (of the same commit) only plans the clicks, from what the page saved.
"""

import argparse
import datetime
import functools
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "saves"
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from e2e_support import SUB_PATH, SubPathHandler, wait_ready  # noqa: E402

# As in tests/e2e/conftest.py.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 60_000
DUMP = """() => Object.fromEntries(Object.keys(localStorage)
    .filter((key) => key.startsWith('gemau:')).sort()
    .map((key) => [key, localStorage.getItem(key)]))"""


# --- the site of one commit ---------------------------------------------------------------


def git(*args) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()


def export_site(ref: str, folder: Path) -> str:
    """The app of `ref` built in `folder`; its full commit id."""
    commit = git("rev-parse", ref)
    archive = subprocess.run(
        ["git", "archive", commit], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    vendor = ROOT / "static" / "vendor"
    if not (vendor / "VERSIONS.json").exists():
        raise SystemExit("static/vendor is missing: run `make build` first")
    shutil.copytree(vendor, folder / "static" / "vendor")
    subprocess.run([sys.executable, str(folder / "tools" / "build.py")], check=True)
    return commit


def serve(folder: Path):
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import make_server

    server = make_server(0)
    server.RequestHandlerClass = functools.partial(SubPathHandler, directory=str(folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"


def chromium() -> str:
    return subprocess.run(
        ["sh", str(ROOT / "tools" / "find_chromium.sh")], check=True, capture_output=True, text=True
    ).stdout.strip()


# --- reading what the page saved ---------------------------------------------------------


def record(page, name: str):
    raw = page.evaluate("(key) => localStorage.getItem(key)", f"gemau:{name}")
    return json.loads(raw)["data"] if raw else None


def raw_record(page, name: str):
    return page.evaluate("(key) => localStorage.getItem(key)", f"gemau:{name}")


def wait_changed(page, name: str, before):
    page.wait_for_function(
        "([key, before]) => localStorage.getItem(key) !== before",
        arg=[f"gemau:{name}", before],
        timeout=TIMEOUT_MS,
    )


def wait_until(check, what: str, timeout_s: float = 90):
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.15)
    raise AssertionError(f"timed out waiting for {what}")


# --- the cases -----------------------------------------------------------------------------

CASES: dict = {}


def case(name: str, how: str, **context_options):
    def register(play):
        CASES[name] = (how, context_options, play)
        return play

    return register


# Marbles ---------------------------------------------------------------------------------------


def marbles_moves(page, count: int):
    from games.marbles import State

    for _ in range(count):
        before = raw_record(page, "saved:marbles")
        state = State.from_json(record(page, "saved:marbles")["state"])
        src = next(sq for sq in range(81) if state.board[sq] and state.reachable(sq))
        dst = state.reachable(src)[-1]
        page.locator(f"#mb-c-{src}").click()
        page.locator(f"#mb-c-{dst}").click()
        wait_changed(page, "saved:marbles", before)
        wait_until(
            lambda moves=state.moves: (
                State.from_json(record(page, "saved:marbles")["state"]).moves > moves
            ),
            "the marble's move to be saved",
        )


@case("marbles-5", "Marbles seed 42, 5 in a row: four moves by clicks")
def marbles_5(open_page):
    page = open_page("#/marbles?seed=42&version=5")
    marbles_moves(page, 4)
    return page


@case(
    "marbles-4",
    "Marbles: Menu, '4 in a row' and 'Colour-blind marbles' ticked, then three moves by clicks",
)
def marbles_4(open_page):
    from playwright.sync_api import expect

    page = open_page("#/marbles")
    page.locator("summary", has_text="Menu").click()
    page.get_by_label("4 in a row").check()
    game = page.locator("[data-game='marbles']")
    expect(game).to_have_attribute("data-version", "4")
    page.get_by_label("Colour-blind marbles").check()
    expect(game).to_have_attribute("data-shapes", "on")
    page.locator("summary", has_text="Menu").click()
    marbles_moves(page, 3)
    return page


# Battleship --------------------------------------------------------------------------------------


def battleship_state(page):
    from games.battleship import State

    return State.from_json(record(page, "saved:battleship")["state"])


def computer_squares(page) -> list:
    """The computer's ship squares, ship by ship (the page saved them; we plan with them)."""
    fleet = battleship_state(page).view_for(1)["fleet"]
    return [ship["squares"] for ship in fleet]


def battleship_turn(page, squares, salvo: bool):
    """Our shot (or salvo) by clicks, then wait for the computer's answer."""
    from playwright.sync_api import expect

    log = page.locator("[data-log] li")
    turns = log.count()
    for square in squares:
        page.locator(f"#bs-t-{square}").click()
    if salvo:
        page.locator("#bs-fire").click()
    if battleship_state(page).is_over:
        return
    expect(log).to_have_count(turns + 2, timeout=TIMEOUT_MS)
    wait_until(
        lambda: (
            battleship_state(page).phase == "over"
            or (len(battleship_state(page).turns) == turns + 2)
        ),
        "the computer's answer to be saved",
    )


@case(
    "battleship-classic-fire",
    "Battleship seed 11 classic against the hard computer: fleet placed by taps, "
    "four shots (a miss, the Patrol Boat sunk, a hit on another ship)",
)
def battleship_classic(open_page):
    from playwright.sync_api import expect

    page = open_page("#/battleship?seed=11&mode=classic&opponent=hard")
    expect(page.locator("[data-phase='place']")).to_be_visible()
    for row in "ACEGI":
        page.locator(f"#bs-o-{row}1").click()
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(5)
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    ships = computer_squares(page)
    occupied = {s for squares in ships for s in squares}
    water = next(f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in occupied)
    patrol = min(ships, key=len)
    other = max(ships, key=len)
    for square in (water, patrol[0], patrol[1], other[0]):
        battleship_turn(page, [square], salvo=False)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    return page


@case(
    "battleship-salvo-fire",
    "Battleship seed 21 Salvo against the medium computer: a random fleet, two salvos "
    "(the first with two hits)",
)
def battleship_salvo(open_page):
    from playwright.sync_api import expect

    page = open_page("#/battleship?seed=21&mode=salvo&opponent=medium")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    ships = computer_squares(page)
    occupied = {s for squares in ships for s in squares}
    hits = [ships[0][0], ships[1][0]]
    misses = [f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in occupied]
    battleship_turn(page, hits + misses[:3], salvo=True)
    allowed = battleship_state(page).shots_allowed(0)
    battleship_turn(page, misses[3 : 3 + allowed], salvo=True)
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    return page


@case(
    "battleship-placement",
    "Battleship: New Game dialog (Advanced Salvo, medium computer, classic edition, ships "
    "not announced), then two ships placed by taps, one turned down with R",
)
def battleship_placement(open_page):
    from playwright.sync_api import expect

    page = open_page("#/battleship")
    page.locator(".bs-head-tools button[data-action='new']").click()
    dialog = page.locator("#bs-setup")
    expect(dialog).to_be_visible()
    dialog.locator("input[name='bs-mode'][value='advanced_salvo']").check()
    dialog.locator("input[name='bs-opponent'][value='medium']").check()
    dialog.locator("input[name='bs-edition'][value='classic']").check()
    dialog.locator("input[name='bs-announce']").uncheck()
    dialog.locator("#bs-start").click()
    expect(page.locator("[data-phase='place']")).to_be_visible()
    before = raw_record(page, "saved:battleship")
    page.locator("#bs-ocean").focus()
    page.keyboard.press("r")
    expect(page.locator("#bs-rotate")).to_contain_text("down")
    page.locator("#bs-o-B2").click()
    wait_changed(page, "saved:battleship", before)
    before = raw_record(page, "saved:battleship")
    page.locator("#bs-rotate").click()
    page.locator("#bs-o-H4").click()
    wait_changed(page, "saved:battleship", before)
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(2)
    return page


@case(
    "battleship-won",
    "Battleship seed 31 classic against the easy computer: a random fleet, then every "
    "computer ship sunk shot by shot; the game-over window closed (statistics, rankings)",
)
def battleship_won(open_page):
    from playwright.sync_api import expect

    page = open_page("#/battleship?seed=31&mode=classic&opponent=easy")
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    expect(page.locator("[data-phase='fire']")).to_be_visible()
    for squares in computer_squares(page):
        for square in squares:
            battleship_turn(page, [square], salvo=False)
    expect(page.locator("#bs-over")).to_be_visible()
    expect(page.locator("#bs-over")).to_contain_text("You win!")
    page.locator("[data-action='close-over']").click()
    wait_until(lambda: record(page, "rankings:battleship"), "the rankings to be saved")
    return page


# Deblockle ------------------------------------------------------------------------------------


def deblockle_state(page):
    from games.deblockle import State

    return State.from_json(record(page, "saved:deblockle")["state"])


def deblockle_turn(page):
    """A one-step tip (and hop) by clicks, then the computer's answer."""
    from playwright.sync_api import expect

    game = page.locator("[data-game='deblockle']")
    state = deblockle_state(page)
    move = next(str(m) for m in state.legal_moves() if len(m.path) == 1)
    square = move[:2]
    option = next(o for o in state.tip_options(square) if o["direction"] == move[2])
    page.locator(f"#db-c-{square}").click()
    page.locator(f"#db-c-{option['to']}").click()
    end = option["hops"][option["moves"].index(move)][-1]
    if not option["removes"] and option["top"] != "stop":
        page.locator(f"#db-c-{end}").click()
    expect(game).to_have_attribute("data-current", "1")
    expect(game).to_have_attribute("data-current", "0", timeout=TIMEOUT_MS)
    expect(game).to_have_attribute("data-busy", "no", timeout=TIMEOUT_MS)
    wait_until(
        lambda: (
            deblockle_state(page).current_player == 0
            and len(deblockle_state(page).history) == len(state.history) + 2
        ),
        "the computer's turn to be saved",
    )


@case(
    "deblockle-play",
    "Deblockle seed 31 against the strong computer: two turns by clicks, each answered",
    reduced_motion="reduce",
)
def deblockle_play(open_page):
    page = open_page("#/deblockle?seed=31")
    deblockle_turn(page)
    deblockle_turn(page)
    return page


@case(
    "deblockle-setup",
    "Deblockle: New Game dialog with the set-up ceremony (strong computer), then two of "
    "the computer's blocks placed by clicks",
    reduced_motion="reduce",
)
def deblockle_setup(open_page):
    from playwright.sync_api import expect

    page = open_page("#/deblockle")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#db-new")
    expect(dialog).to_be_visible()
    dialog.locator("input[name='db-setup'][value='ceremony']").check()
    dialog.get_by_role("button", name="Start").click()
    game = page.locator("[data-game='deblockle']")
    expect(game).to_have_attribute("data-phase", "setup")
    for _ in range(2):
        before = raw_record(page, "saved:deblockle")
        page.locator(".db-roll").first.click()
        page.locator(".db-place-target").first.click()
        wait_changed(page, "saved:deblockle", before)
    expect(game).to_have_attribute("data-phase", "setup")
    return page


# Dominoes ----------------------------------------------------------------------------------------


def dominoes_state(page):
    from games.dominoes import State

    return State.from_json(record(page, "saved:dominoes")["state"])


def dominoes_wait_human(page):
    page.wait_for_selector("[data-game='dominoes'][data-phase='human']", timeout=TIMEOUT_MS)


def dominoes_move(page):
    """Our move by clicks (a scoring play, else the heaviest tile; draw or pass if we must)."""
    from playwright.sync_api import expect

    dominoes_wait_human(page)
    state = dominoes_state(page)
    legal = state.legal_moves()
    move = legal[0]
    if move["type"] == "play":

        def scores(m):
            twin = (
                state.copy() if hasattr(state, "copy") else state.clone()
            )  # clone() before acceb06
            return any(e["type"] == "score" for e in twin.apply(m))

        move = ([m for m in legal if scores(m)] or sorted(legal, key=lambda m: -sum(m["tile"])))[0]
    before = raw_record(page, "saved:dominoes")
    if move["type"] == "draw":
        page.locator("#dm-draw").click()
    elif move["type"] == "pass":
        page.locator("#dm-pass").click()
    else:
        ends = [m["end"] for m in legal if m["type"] == "play" and m["tile"] == move["tile"]]
        page.locator(f".dm-hand [data-tile='{move['tile'][0]}-{move['tile'][1]}']").click()
        if len(ends) > 1:
            expect(page.locator(".dm-slot")).to_have_count(len(ends))
            page.locator(f".dm-slot[data-end='{move['end']}']").click()
    wait_changed(page, "saved:dominoes", before)


@case("dominoes-2", "Dominoes seed 20, two seats against the strong computer: four moves by clicks")
def dominoes_2(open_page):
    page = open_page("#/dominoes?seed=20")
    for _ in range(4):
        dominoes_move(page)
    dominoes_wait_human(page)
    return page


@case(
    "dominoes-4-partners",
    "Dominoes: New Game dialog, 4 players (strong, greedy, random computers) as partners, "
    "then two moves by clicks",
)
def dominoes_4(open_page):
    from playwright.sync_api import expect

    page = open_page("#/dominoes?seed=5")
    page.get_by_role("button", name="New Game").click()
    dialog = page.locator("#dm-setup")
    expect(dialog).to_be_visible()
    dialog.get_by_label("4 players").check()
    dialog.locator("select[name='dm-seat-2']").select_option("greedy")
    dialog.locator("select[name='dm-seat-3']").select_option("random")
    dialog.get_by_label("Partners").check()
    dialog.get_by_role("button", name="Start").click()
    expect(page.locator("#dm-setup")).to_have_count(0)
    for _ in range(2):
        dominoes_move(page)
    dominoes_wait_human(page)
    return page


# Wordle ------------------------------------------------------------------------------------------


@functools.cache
def words(lang: str):
    from games.wordle.dictionary import Dictionary

    return Dictionary(
        lang, json.loads((SITE / "static" / "words" / f"{lang}.json").read_text("utf-8"))
    )


def duel_state(page):
    from games.wordle.duel import Duel

    return Duel.from_json(record(page, "saved:wordle")["state"])


def wrong_word(lang: str, answer: str) -> str:
    """A listed word of the answer's length with no letter of it in place."""
    return next(
        w
        for w in words(lang).guess_lists[len(answer)]
        if all(a != b for a, b in zip(w, answer)) and w != answer
    )


def my_duel_turn(page, timeout=TIMEOUT_MS):
    from playwright.sync_api import expect

    expect(page.locator(".wd-whose.wd-you")).to_be_visible(timeout=timeout)
    expect(page.locator(".wd-key[data-key='enter']:not([disabled])")).to_have_count(1)


@case(
    "wordle-duel",
    "Wordle practice duel seed 11 in English against the beginner: one wrong guess typed, "
    "the computer answered, our turn again",
)
def wordle_duel(open_page):
    page = open_page("#/wordle?mode=duel&seed=11&lang=en&level=beginner")
    my_duel_turn(page)
    duel = duel_state(page)
    rows = len(duel.rows)
    page.keyboard.type("".join(words("en").tiles(wrong_word("en", duel.word))))
    page.keyboard.press("Enter")
    wait_until(lambda: len(duel_state(page).rows) > rows, "our guess to be saved")
    my_duel_turn(page)
    wait_until(
        lambda: duel_state(page).turn == 0 and len(duel_state(page).rows) >= rows + 2,
        "the computer's guess to be saved",
    )
    assert not duel_state(page).is_over
    return page


@case(
    "wordle-duel-won",
    "Wordle practice duel seed 5 in English against the casual computer: the word typed on "
    "the on-screen keyboard at our first turn (won; statistics)",
)
def wordle_duel_won(open_page):
    from playwright.sync_api import expect

    page = open_page("#/wordle?mode=duel&seed=5&lang=en&level=casual")
    my_duel_turn(page)
    for tile in words("en").tiles(duel_state(page).word):
        page.locator(f".wd-key[data-key='{tile}']").click()
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    wait_until(lambda: record(page, "stats:wordle"), "the statistics to be saved")
    return page


def tournament_state(page):
    from games.wordle.tournament import Tournament

    data = record(page, "wordle-tournament")
    return Tournament.from_json(data["state"], words(data["state"]["lang"])) if data else None


def tournament_my_turn(page, pid=0):
    """Wait until it is a human's turn in their duel, by the page and by the save."""

    def ready():
        if page.locator(".wt-duel .wd-whose.wd-you").count() == 0:
            return None
        if page.locator(".wd-key[data-key='enter']:not([disabled])").count() == 0:
            return None
        t = tournament_state(page)
        if t is None or t.phase != "playing":
            return None
        match = next((m for m in t.current["matches"] if pid in m["players"]), None)
        if match is None or match["duel"].is_over:
            return None
        duel = match["duel"]
        if match["players"][duel.turn] not in {p["id"] for p in t.players if p["human"]}:
            return None
        return t, match

    return wait_until(ready, "a human's turn in the tournament", timeout_s=120)


@case(
    "wordle-tournament",
    "Wordle Tournament seed 8 (English): renamed 'Siân Ŵyn' in the lobby, started, one wrong "
    "guess typed in round 1, the bot answered, our turn again",
    viewport={"width": 1200, "height": 900},
)
def wordle_tournament(open_page):
    from playwright.sync_api import expect

    page = open_page("#/wordle?mode=tournament&seed=8")
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=TIMEOUT_MS)
    page.locator("#wt-name").fill("Siân Ŵyn")
    page.locator("button[data-action='wt-rename']").click()
    expect(page.locator(".wt-lobby-players tbody tr").first.locator(".wt-name")).to_have_text(
        "Siân Ŵyn"
    )
    page.locator("button[data-action='wt-start']").click()
    _, match = tournament_my_turn(page)
    duel = match["duel"]
    rows = len(duel.rows)
    page.keyboard.type("".join(words("en").tiles(wrong_word("en", duel.word))))
    page.keyboard.press("Enter")

    def answered():
        t = tournament_state(page)
        m = next(m for m in t.current["matches"] if 0 in m["players"])
        return len(m["duel"].rows) >= rows + 2 and not m["duel"].is_over

    wait_until(answered, "the bot's guess after ours", timeout_s=120)
    tournament_my_turn(page)
    return page


@case(
    "wordle-tournament-group",
    "Wordle Tournament seed 4 (English) as a group of two on one device: group screen, "
    "'Ana' added, back to the lobby, started, the first human's guess typed",
    viewport={"width": 1200, "height": 900},
)
def wordle_group(open_page):
    from playwright.sync_api import expect

    page = open_page("#/wordle?mode=tournament&seed=4")
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=TIMEOUT_MS)
    page.locator("button[data-action='wt-group-open']").click()
    expect(page.locator(".wt-group")).to_be_visible()
    page.locator("#wt-member").fill("Ana")
    page.locator("button[data-action='wt-add']").click()
    expect(page.locator(".wt-group .wt-member")).to_have_count(2)
    page.locator("button[data-action='wt-group-lobby']").click()
    expect(page.locator(".wt-lobby-players tr.wt-human")).to_have_count(2)
    page.locator("button[data-action='wt-start']").click()
    _, match = tournament_my_turn(page)
    duel = match["duel"]
    rows = len(duel.rows)
    page.keyboard.type("".join(words("en").tiles(wrong_word("en", duel.word))))
    page.keyboard.press("Enter")

    def guessed():
        t = tournament_state(page)
        m = next(m for m in t.current["matches"] if 0 in m["players"])
        return len(m["duel"].rows) > rows

    wait_until(guessed, "the group's guess to be saved")
    tournament_my_turn(page)
    return page


# Settings ------------------------------------------------------------------------------------------


@case(
    "settings-cy-dark",
    "Settings page: Cymraeg, dark theme, reduced motion; then Marbles seed 7 (5 in a row) "
    "and one move by clicks, in Welsh",
)
def settings_cy_dark(open_page):
    from playwright.sync_api import expect

    page = open_page("#/settings")
    for name, value in (("language", "cy"), ("theme", "dark"), ("motion", "reduce")):
        page.locator(f"input[name='{name}'][value='{value}']").check()
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "cy")
    expect(html).to_have_attribute("data-theme", "dark")
    page.evaluate("location.hash = '#/marbles?seed=7&version=5'")
    expect(page.locator("[data-game='marbles']")).to_be_visible()
    wait_until(lambda: record(page, "saved:marbles"), "the new marbles game to be saved")
    marbles_moves(page, 1)
    return page


# --- running ------------------------------------------------------------------------------------------

SITE = ROOT  # the exported site folder, once made


def capture(browser, site_url: str, name: str, commit: str, out: Path) -> Path:
    how, context_options, play = CASES[name]
    errors: list = []
    context = browser.new_context(**{"viewport": {"width": 1000, "height": 800}, **context_options})
    context.set_default_timeout(TIMEOUT_MS)
    context.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))

    def open_page(route: str):
        page = context.new_page()
        page.goto(site_url + route)
        wait_ready(page)
        return page

    try:
        page = play(open_page)
        storage = page.evaluate(DUMP)
    finally:
        context.close()
    if errors:
        raise AssertionError(f"{name}: page errors {errors}")
    document = {
        "captured": datetime.date.today().isoformat(),
        "app_commit": commit,
        "how": how,
        "storage": storage,
    }
    path = out / f"{name}.json"
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return path


def main() -> int:
    global SITE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="the cases to capture (default: all)")
    parser.add_argument("--ref", default="HEAD", help="the commit whose app is captured")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--list", action="store_true", help="list the cases and stop")
    args = parser.parse_args()
    if args.list:
        for name, (how, _, _) in CASES.items():
            print(f"{name}: {how}")
        return 0
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        parser.error(f"unknown cases {unknown}; --list shows them")
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gemau-capture-") as folder:
        SITE = Path(folder)
        commit = export_site(args.ref, SITE)
        sys.path.insert(0, str(SITE / "py"))  # the engine of the captured commit plans the clicks
        server, site_url = serve(SITE)
        failed = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
                for name in args.cases or list(CASES):
                    started = time.time()
                    try:
                        path = capture(browser, site_url, name, commit, args.out)
                    except Exception as error:
                        failed.append(name)
                        print(f"FAILED {name}: {error}", file=sys.stderr, flush=True)
                        continue
                    print(f"{path} ({time.time() - started:.0f} s)", flush=True)
                browser.close()
        finally:
            server.shutdown()
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    # A commit amended or reset away while we played is no app anyone runs: say so.
    kept = subprocess.run(["git", "merge-base", "--is-ancestor", commit, "HEAD"], cwd=ROOT)
    if kept.returncode != 0:
        print(
            f"{commit[:12]} is no longer in HEAD's history (amended or reset meanwhile): "
            "capture again from a commit that stays",
            file=sys.stderr,
        )
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
