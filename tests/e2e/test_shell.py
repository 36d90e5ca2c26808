"""The app shell as a person uses it: hub, routes, settings, languages, rules pages."""

import re
from pathlib import Path

import pytest
from app import replays
from e2e_support import go, wait_ready
from playwright.sync_api import expect

GAMES = ["marbles", "battleship", "deblockle", "dominoes", "wordle"]
VIEWS = Path(__file__).resolve().parents[2] / "py" / "app" / "views"
PLAYABLE = {  # a view of its own, or a frontend on the frame; the others say they are coming
    game
    for game in GAMES
    if (VIEWS / f"{game}.py").exists() or (VIEWS.parent / game / "frontend.py").exists()
}


def test_boot_paints_loading_then_shows_the_hub_with_five_cards(open_app):
    page = open_app()
    expect(page.locator("#loading")).to_be_hidden()
    cards = page.locator(".game-card")
    expect(cards).to_have_count(5)
    expect(cards.locator(".game-card-name")).to_have_text(
        ["Marbles", "Battleship", "Deblockle", "Dominoes", "Wordle Tournament"]
    )
    expect(cards.first.locator(".game-card-result")).to_have_text("Not played yet")
    expect(page.locator("#announcer")).to_have_attribute("aria-live", "polite")
    assert page.evaluate("document.getElementById('loading-stage').dataset.stage") == "ready"


def test_every_game_route_opens_by_click_and_back_returns_to_the_hub(open_app):
    page = open_app()
    for game in GAMES:
        page.locator(f"[data-card='{game}'] .game-card-link").click()
        view = page.locator(f"[data-game='{game}']")
        expect(view).to_be_visible()
        if game in PLAYABLE:
            expect(view).not_to_contain_text("coming soon")
        else:
            expect(view).to_contain_text("coming soon")
        assert f"#/{game}" in page.url
        page.go_back()
        expect(page.locator(".game-card")).to_have_count(5)


def test_a_route_with_options_opens_directly(open_app):
    page = open_app("#/marbles?seed=42&version=5")
    expect(page.locator("[data-game='marbles']")).to_be_visible()


def test_unknown_route_falls_back_to_the_hub(open_app):
    page = open_app("#/no-such-game")
    expect(page.locator(".game-card")).to_have_count(5)


def test_rules_page_reachable_from_hub_and_from_the_game(open_app):
    page = open_app()
    page.locator("[data-card='dominoes'] .game-card-rules").click()
    expect(page.locator("[data-rules='dominoes'] h1")).to_have_text("Rules: Dominoes")
    page.get_by_role("link", name="Play").click()
    expect(page.locator("[data-game='dominoes']")).to_be_visible()
    page.get_by_role("link", name="Rules").click()
    expect(page.locator("[data-rules='dominoes']")).to_be_visible()


def test_language_switch_to_welsh_survives_reload(open_app):
    page = open_app("#/settings")
    page.get_by_label("Cymraeg").check()
    expect(page.locator("#topnav")).to_contain_text("Gosodiadau")
    expect(page.locator("html")).to_have_attribute("lang", "cy")
    page.reload()
    wait_ready(page)
    expect(page.locator("#view h1")).to_have_text("Gosodiadau")
    page.locator("#nav-home").click()
    expect(page.locator("[data-card='marbles'] .game-card-name")).to_have_text("Marblis")
    expect(page.locator("[data-card='marbles'] .game-card-result")).to_have_text(
        "Heb ei chwarae eto"
    )


def test_first_visit_takes_the_language_of_the_browser(open_app):
    page = open_app(locale="cy-GB")
    expect(page.locator("#view h1")).to_have_text("Gemau")
    expect(page.locator("#topnav")).to_contain_text("Ystadegau")


def test_theme_and_motion_settings_apply_and_persist(open_app):
    page = open_app("#/settings", reduced_motion="reduce")
    html = page.locator("html")
    expect(html).to_have_attribute("data-motion", "reduce")  # the OS setting, by default
    page.get_by_label("Dark").check()
    expect(html).to_have_attribute("data-theme", "dark")
    page.get_by_label("Full animation").check()
    expect(html).to_have_attribute("data-motion", "full")
    page.reload()
    wait_ready(page)
    expect(html).to_have_attribute("data-theme", "dark")
    expect(html).to_have_attribute("data-motion", "full")


def test_the_brand_link_is_named_by_the_word_it_shows(open_app):
    page = open_app()
    brand = page.locator("#nav-home")
    expect(brand).to_have_text("Gemau")
    expect(page.get_by_role("link", name="Gemau", exact=True)).to_have_attribute("id", "nav-home")


# Every colour an element shows, for all of #app at once (nothing redraws in between).
COLOURS = """() => Array.from(document.querySelectorAll('#app, #app *'), (el) => {
    const s = getComputedStyle(el);
    return [el.className, s.color, s.backgroundColor, s.backgroundImage, s.borderTopColor,
            s.borderLeftColor, s.outlineColor, s.fill, s.stroke].join(' | ');
})"""
THEMED_VIEWS = [
    ("#/", ".game-card"),
    ("#/marbles", ".mb-board"),
    ("#/battleship", ".bs-grid"),
    ("#/deblockle", ".db-board"),
    ("#/dominoes", ".dm-table"),
    ("#/wordle?mode=duel&seed=11&lang=en&level=beginner", ".wd-row.wd-them .wd-tile.wd-absent"),
    ("#/wordle?mode=tournament", ".wt-lobby"),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_system_theme_follows_the_os_in_every_view(open_app, scheme):
    """System shows exactly what Light or Dark shows, as the OS prefers; the other
    theme shows something else (so the comparison could tell them apart)."""
    other = {"light": "dark", "dark": "light"}[scheme]
    page = open_app(color_scheme=scheme, reduced_motion="reduce")
    assert page.evaluate("document.documentElement.dataset.theme") == "system"
    for route, ready in THEMED_VIEWS:
        page.evaluate(f"location.hash = '{route}'")
        expect(page.locator(ready).first).to_be_visible(timeout=30_000)
        system, chosen, opposite = page.evaluate(
            f"""() => {{
                const root = document.documentElement, colours = {COLOURS};
                const seen = [colours()];
                for (const theme of ['{scheme}', '{other}']) {{
                    root.dataset.theme = theme;
                    seen.push(colours());
                }}
                root.dataset.theme = 'system';
                return seen;
            }}"""
        )
        differ = [f"{a}  ≠  {b}" for a, b in zip(system, chosen) if a != b]
        assert differ == [], f"{route}: System is not {scheme}: {differ[:5]}"
        assert system != opposite, route


def test_the_whole_card_opens_its_game_and_the_hub_says_a_game_is_in_progress(open_app):
    page = open_app()
    blurb = page.locator("[data-card='marbles'] .game-card-blurb").bounding_box()
    page.mouse.click(blurb["x"] + 10, blurb["y"] + blurb["height"] / 2)  # not on the link's text
    expect(page.locator("[data-game='marbles'] .mb-board")).to_be_visible()
    page.locator("#nav-home").click()
    marbles = page.locator("[data-card='marbles']")
    expect(marbles.locator(".game-card-progress")).to_have_text("Game in progress")
    expect(page.locator("[data-card='battleship'] .game-card-progress")).to_have_count(0)
    expect(page.locator("[data-card='battleship'] .game-card-result")).to_have_text(
        "Not played yet"
    )
    marbles.locator(".game-card-rules").click()  # above the card's link
    expect(page.locator("[data-rules='marbles']")).to_be_visible()


KEYS_HELP = {"marbles": ".mb-keys", "battleship": ".bs-keys", "deblockle": ".db-keys"}
KEYS_HELP["dominoes"] = ".dm-keys"


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "touch"])
def test_the_keys_help_is_shown_only_where_there_is_a_mouse(open_app, finger):
    ctx_options = {"has_touch": True, "is_mobile": True} if finger else {}
    page = open_app(**ctx_options)
    assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches") == finger
    for game, keys in KEYS_HELP.items():
        page.evaluate(f"location.hash = '#/{game}'")
        expect(page.locator(f"[data-game='{game}']")).to_be_visible()
        expect(page.locator(keys)).to_have_count(1)
        if finger:
            expect(page.locator(keys)).to_be_hidden()
        else:
            expect(page.locator(keys)).to_be_visible()


# The cues each game's sheet gives with colour-blind help, on elements as its view draws them.
CUES = """() => {
    const box = document.createElement('div');
    box.innerHTML = '<div class="battleship"><div class="bs-cell sunk"><span class="peg hit"></span></div></div>'
        + '<div class="deblockle"><span class="db-chip db-p1"></span></div>'
        + '<div class="dominoes"><div class="dm-hand"><button class="dom playable"></button></div></div>';
    document.getElementById('view').append(box);
    const look = (selector, pseudo) => getComputedStyle(box.querySelector(selector), pseudo);
    const cues = {hit: look('.peg.hit', '::after').content, sunk: look('.bs-cell.sunk').backgroundImage,
                  blue: look('.db-p1').backgroundImage, playable: look('.dom.playable').outlineStyle};
    box.remove();
    return cues;
}"""


def test_colour_blind_help_is_one_setting_that_every_game_honours(open_app):
    page = open_app("#/settings")
    root = page.locator("html")
    expect(root).to_have_attribute("data-colour-blind", "off")
    assert page.evaluate(CUES) == {
        "hit": "none",
        "sunk": "none",
        "blue": "none",
        "playable": "none",
    }
    page.get_by_label("Shapes and patterns too").check()
    expect(root).to_have_attribute("data-colour-blind", "on")
    cues = page.evaluate(CUES)
    assert cues["hit"] == '"✕"' and cues["playable"] == "dashed"
    assert "gradient" in cues["sunk"] and "gradient" in cues["blue"]
    page.evaluate("location.hash = '#/marbles'")
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-shapes", "on")
    page.evaluate("location.hash = '#/wordle'")
    expect(page.locator(".wordle-view")).to_have_class(re.compile(r"\bwd-colour-blind\b"))
    page.get_by_label("Colour-blind colours").uncheck()  # the game's shortcut to the setting
    expect(root).to_have_attribute("data-colour-blind", "off")
    page.reload()
    wait_ready(page)
    page.evaluate("location.hash = '#/settings'")
    expect(page.get_by_label("Colours only")).to_be_checked()


def test_a_games_own_colour_blind_choice_becomes_the_setting(open_app):
    page = open_app()
    page.evaluate("""() => localStorage.setItem('gemau:prefs:marbles',
        JSON.stringify({v: 1, rev: 1, data: {version: 4, shapes: true}}))""")
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-colour-blind", "on")
    page.evaluate("location.hash = '#/settings'")
    expect(page.get_by_label("Shapes and patterns too")).to_be_checked()
    prefs = page.evaluate("JSON.parse(localStorage.getItem('gemau:prefs:marbles')).data")
    assert prefs == {"version": 4}


def test_hub_and_settings_work_by_keyboard_alone(open_app):
    page = open_app()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Settings":
            break
    else:
        pytest.fail("Settings link not reachable with Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#view h1")).to_have_text("Settings")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.name + '=' + document.activeElement.value")
    assert focused.startswith("language=")
    page.keyboard.press("ArrowDown")
    expect(page.locator("html")).to_have_attribute("lang", "cy")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused control has no visible focus"


def test_a_change_in_another_tab_is_picked_up(open_app, context):
    ctx = context()
    first = open_app(ctx=ctx)
    second = open_app("#/settings", ctx=ctx)
    second.get_by_label("Cymraeg").check()
    expect(first.locator("#topnav")).to_contain_text("Ystadegau")


def test_phone_width_has_no_horizontal_scroll(open_app):
    for route in ["", "#/settings", "#/stats", "#/rules/marbles", "#/battleship"]:
        page = open_app(route, viewport={"width": 360, "height": 740}, has_touch=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{route or 'hub'} is {width}px wide"
        page.close()


BOARDS = {"marbles": ".mb-board", "battleship": ".bs-grid", "deblockle": ".db-board"}


def test_a_phone_held_sideways_shows_every_board_whole(open_app):
    """844 x 390: a square board fits the screen's height as well as its width."""
    page = open_app(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    for game, board in BOARDS.items():
        page.evaluate(f"location.hash = '#/{game}'")
        expect(page.locator(board).first).to_be_visible()
        box = page.locator(board).first.bounding_box()
        assert box["height"] <= 390 and box["width"] <= 844, (game, box)
        assert abs(box["height"] - box["width"]) <= 1, (game, box)
        assert box["height"] >= 300, (game, box)  # as big as the screen lets it be


A_REPLAY = replays.token({"options": {"version": 5}, "seed": 1, "seats": ["human"], "moves": []})
ROUTES = ["", "#/settings", "#/stats", "#/rules/marbles", f"#/replay/marbles?r={A_REPLAY}"] + [
    f"#/{g}" for g in GAMES
]


def test_no_untranslated_literal_in_any_view(open_app, context):
    """Pseudo-language mode wraps every catalogue string in ⟦ ⟧; anything else is a literal
    (but the player's own words, and what is the same in every language: translate="no",
    such as a board's square names)."""
    ctx = context()
    page = open_app(query="pseudo=1", ctx=ctx)
    literals = {}
    for route in ROUTES:
        go(page, route or "#/")
        found = page.evaluate("""() => {
            const outside = (text) => {  // what is left once every (nested) ⟦ ⟧ is taken out
                let rest = text, before;
                do { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ''); } while (rest !== before);
                return rest;
            };
            const out = [];
            const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
                const node = walker.currentNode, text = node.textContent.trim();
                if (!text || node.parentElement.closest('[data-authored], [translate="no"], .brand, script, style')) continue;
                // What is left outside ⟦ ⟧ may be numbers and symbols, never words.
                if (/\\p{L}/u.test(outside(text))) out.push(text);
            }
            for (const el of document.querySelectorAll('#app [aria-label], #app [title], #app [placeholder]')) {
                for (const name of ['aria-label', 'title', 'placeholder']) {
                    const v = el.getAttribute(name);
                    if (v && /\\p{L}/u.test(outside(v))) out.push(name + ': ' + v);
                }
            }
            return out;
        }""")
        if found:
            literals[route or "hub"] = found
    assert literals == {}


def test_statistics_page_lists_every_game(open_app):
    page = open_app("#/stats")
    expect(page.locator("[data-stats]")).to_have_count(5)
    expect(page.locator("[data-stats='marbles']")).to_contain_text("No games played yet.")


def test_recorded_results_show_in_statistics_and_on_the_hub(open_app):
    page = open_app()
    page.evaluate("""() => {
        localStorage.setItem('gemau:stats:marbles', JSON.stringify({v: 1, rev: 1, data: {"5": {
            played: 3, won: 0, best: 124, last: {score: 40, won: 0}, totals: {moves: 80}}}}));
        localStorage.setItem('gemau:rankings:marbles', JSON.stringify({v: 1, rev: 1, data: {"5": [
            {score: 124, date: "2026-11-29", figures: {}}, {score: 40, date: "2026-11-28", figures: {}}]}}));
    }""")
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-card='marbles'] .game-card-result")).to_have_text("Best: 124")
    page.get_by_role("link", name="Statistics").click()
    table = page.locator("[data-stats='marbles'] table.rankings tbody tr")
    expect(table).to_have_count(2)
    expect(table.first).to_contain_text("124")


def test_every_link_in_every_view_leads_to_a_page(open_app):
    """The Wordle "Rules" link once went to the hub (#/rules?game=wordle): every
    in-app link must name a page the router knows, the hub only when it means to."""
    from app import router

    page = open_app()
    broken = {}
    for route in ROUTES:
        go(page, route or "#/")
        hrefs = page.evaluate(
            "() => Array.from(document.querySelectorAll('#app a[href^=\"#\"]'), a => a.getAttribute('href'))"
        )
        assert hrefs, f"no links found on {route or 'the hub'}"
        for href in hrefs:
            parsed = router.parse(href)
            if parsed.page == "hub" and href.split("?")[0] not in ("#/", "#"):
                broken.setdefault(route or "hub", []).append(href)
    assert broken == {}


def test_a_notice_about_a_game_goes_with_it_and_app_notices_stay(open_app):
    """Games opened by their number each say they are not counted: the hub and the
    next game no longer show the last one's notice (they piled up, covering the
    phone's controls); a notice about the app itself stays until dismissed."""
    page = open_app(
        "#/battleship?seed=7&mode=classic&opponent=hard",
        viewport={"width": 390, "height": 844},
        has_touch=True,
    )
    notices = page.locator("#notices .notice")
    expect(notices).to_have_count(1)
    expect(notices.first).to_contain_text("will not count")
    # Scrolled to the foot, the page's last controls are above the notice, not under it.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    on_top = """(id) => { const box = document.getElementById(id).getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2).id; }"""
    assert page.evaluate(on_top, "bs-ready") == "bs-ready"
    page.evaluate("window.dispatchEvent(new Event('gemau:update-available'))")
    expect(notices).to_have_count(2)
    page.evaluate("location.hash = '#/dominoes?seed=4'")
    expect(page.locator("[data-game='dominoes']")).to_be_visible()
    expect(notices).to_have_count(2)  # Dominoes' own, and the app's
    page.evaluate("location.hash = '#/'")
    expect(page.locator(".game-card")).to_have_count(5)
    expect(notices).to_have_count(1)
    expect(notices.first).to_contain_text("new version")
