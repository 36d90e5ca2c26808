"""Not committed: long tasks while typing in the duel, and screenshots (desktop, phone; light, dark)."""

import json
import os

from playwright.sync_api import expect

OUT = os.environ.get("DUEL_SHOTS", "/tmp/duel-shots/branch")


def test_measure(open_app, context):
    os.makedirs(OUT, exist_ok=True)
    results = {}
    for name, size, scheme in [
        ("desktop-light", {"width": 1280, "height": 900}, "light"),
        ("desktop-dark", {"width": 1280, "height": 900}, "dark"),
        ("phone-light", {"width": 390, "height": 844}, "light"),
        ("phone-dark", {"width": 390, "height": 844}, "dark"),
    ]:
        ctx = context(viewport=size, color_scheme=scheme)
        page = open_app(ctx=ctx)
        record = {"v": 1, "rev": 1, "data": {"lang": "en", "level": "beginner"}}
        page.evaluate("(r) => localStorage.setItem('gemau:prefs:wordle', r)", json.dumps(record))
        page.evaluate("localStorage.removeItem('gemau:saved:wordle')")
        page.evaluate("location.hash = '#/wordle?mode=duel&seed=11&lang=en&level=beginner'")
        expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
        expect(page.locator(".wd-whose.wd-you")).to_be_visible(timeout=60_000)
        page.evaluate(
            "window.__lt = []; new PerformanceObserver(l => l.getEntries().forEach("
            "e => window.__lt.push(Math.round(e.duration)))).observe({type: 'longtask'})"
        )
        for _ in range(2):
            for letter in "crane":
                page.keyboard.press(letter)
                page.wait_for_timeout(120)
            for _ in range(5):
                page.keyboard.press("Backspace")
                page.wait_for_timeout(120)
        page.keyboard.press("a")
        page.keyboard.press("b")
        page.wait_for_timeout(600)
        results[name] = page.evaluate("window.__lt")
        page.mouse.move(0, 0)
        page.screenshot(path=f"{OUT}/{name}.png", full_page=True)
        ctx.close()
    print("LONGTASKS", json.dumps(results))
