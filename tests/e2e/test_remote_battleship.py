"""Battleship between two devices (docs/rules/battleship.md 12): the host invites, the
friend replies, the host picks Battleship; each places their own fleet and fires by
clicks on their own page, each device answering the other's shots from its own fleet;
both pages agree on every volley and on the result, no fleet reaches the other device
before the end, a reload resumes, and a device that lies is named at the check. The
conftest's `watch` checks that no request left either page's origin."""

import json
import os
import re

from e2e_support import wait_ready
from games.battleship.public_game import GAME as PUBLIC
from playwright.sync_api import expect
from remote_support import TAMPERING, connect, my_seat, saved, set_name
from test_axe import violations

SLOT = "battleship-remote"
SQUARES = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]
SHOTS = os.environ.get("BS_SHOTS")  # a folder: save screenshots there while developing


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"))


def prefs(**chosen) -> dict[str, str]:
    """The game's remembered choices, as storage for open_app."""
    return {"gemau:prefs:battleship": json.dumps({"v": 1, "rev": 1, "data": chosen})}


def start_game(open_app, context, mode="classic", friend_context=None, **options):
    host = open_app("#/connect", reduced_motion="reduce", storage=prefs(mode=mode, **options))
    set_name(host, "Ann")
    friend_context = friend_context or context(reduced_motion="reduce")
    friend = connect(host, friend_context, "Bryn")
    expect(friend.locator(".connect-waiting")).to_have_text("Ann is choosing a game.")
    host.click("[data-action='play'][data-game='battleship']")
    for page in (host, friend):
        expect(page.locator("[data-game='battleship'][data-phase='place']")).to_be_visible(
            timeout=20_000
        )
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    return host, friend


def public_state(page):
    return PUBLIC.load(saved(page, SLOT)["state"])


def own_record(page) -> dict:
    """This device's own fleet and salt, as it saved them beside the game."""
    return saved(page, SLOT)["meta"]["fleet"]["fleet"]


def ship_squares(record: dict) -> set[str]:
    """The squares of a saved fleet's ships ({ship: [bow, orientation]})."""
    from games.battleship.fleet import LENGTH
    from games.battleship.grid import placed_squares, square_index, square_name

    squares = set()
    for ship, (bow, orientation) in record["ships"].items():
        for index in placed_squares(square_index(bow), orientation, LENGTH[ship]):
            squares.add(square_name(index))
    return squares


def phase(page) -> str:
    return page.locator("[data-game='battleship']").get_attribute("data-phase")


def ready_by_random_fleet(page) -> None:
    page.click("[data-action='random-fleet']")
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(5)
    page.click("#bs-ready")


def place_by_clicks_and_ready(page) -> None:
    """Carrier across from A1, then the others across from C1, E1, G1 and I1."""
    for row in "ACEGI":
        page.click(f"#bs-o-{row}1")
    expect(page.locator(".bs-ship-pick.placed")).to_have_count(5)
    page.click("#bs-ready")


def both_ready(host, friend) -> tuple:
    """Both fleets sealed and the battle on: (pages in seat order, fleets in seat order)."""
    for page in (host, friend):
        expect(page.locator("[data-game='battleship']")).to_have_attribute(
            "data-phase", re.compile("fire|friend"), timeout=20_000
        )
    seats = {my_seat(saved(page, SLOT)): page for page in (host, friend)}
    pages = (seats[0], seats[1])
    expect(pages[0].locator("[data-phase='fire']")).to_be_visible(timeout=10_000)  # Red first
    return pages, [own_record(page) for page in pages]


def fire_at(page, square: str) -> None:
    """A classic shot: click the square on the target grid, and see it answered."""
    answered = len(public_state(page).volleys)
    page.click(f"#bs-t-{square}")
    page.wait_for_function(
        "([slot, n]) => { const r = localStorage.getItem('gemau:saved:' + slot);"
        " const s = r && JSON.parse(r).data.state;"
        " return s && s.volleys.length > n && s.volleys[n].answer !== null; }",
        arg=[SLOT, answered],
        timeout=10_000,
    )


def open_square(page, wanted) -> str:
    """A square this page's person has not called yet, from `wanted` first."""
    state = public_state(page)
    seat = my_seat(saved(page, SLOT))
    open_squares = state.open_squares(seat)
    return next((s for s in wanted if s in open_squares), open_squares[0])


def stats_entry(page, variant: str) -> dict | None:
    stats = page.evaluate("localStorage.getItem('gemau:stats:battleship')")
    return json.loads(stats)["data"].get(variant) if stats else None


def all_stored(page) -> str:
    return page.evaluate("JSON.stringify(Object.assign({}, localStorage))")


def assert_no_fleet_of_the_other(pages, fleets) -> None:
    """Neither page holds the other's fleet or salt, in its storage or on its page."""
    for seat, page in enumerate(pages):
        other = fleets[1 - seat]
        stored, shown = all_stored(page), page.content()
        assert other["salt"] not in stored and other["salt"] not in shown
        assert json.dumps(other["ships"]) not in stored
        expect(page.locator("#bs-target .revealed")).to_have_count(0)


def test_a_whole_classic_game_by_clicks_agrees_to_the_end_and_counts_on_both(open_app, context):
    host, friend = start_game(open_app, context)
    assert violations(host) == [] and violations(friend) == []
    shot(friend, "remote-place")
    host_is_red = my_seat(saved(host, SLOT)) == 0
    ready_by_random_fleet(host)
    expect(host.locator("[data-status]")).to_contain_text("Waiting for Bryn to place their fleet")
    if host_is_red:  # (Blue's Ready waits for Red's, rule 12.2)
        expect(friend.locator("[data-status]")).to_contain_text("Ann is ready")
    place_by_clicks_and_ready(friend)
    pages, fleets = both_ready(host, friend)
    for page in pages:
        assert violations(page) == []
    shot(pages[1], "remote-waiting-shot")
    targets = [sorted(ship_squares(fleets[1])), sorted(ship_squares(fleets[0]))]
    water = [sorted(set(SQUARES) - ship_squares(fleets[1 - seat])) for seat in (0, 1)]
    name = {host: "Bryn", friend: "Ann"}
    # The host sinks the friend's fleet square by square; the friend fires at water,
    # then at the host's ships now and then.
    for turn in range(200):
        if public_state(host).decided is not None:
            break
        seat = turn % 2
        page, other = pages[seat], pages[1 - seat]
        expect(page.locator("[data-phase='fire']")).to_be_visible(timeout=10_000)
        expect(other.locator("[data-status]")).to_contain_text(f"{name[other]}'s turn")
        wanted = targets[seat] if page is host or turn % 6 == 1 else water[seat]
        square = open_square(page, wanted)
        fire_at(page, square)
        hit = square in ship_squares(fleets[1 - seat])
        cell = page.locator(f"#bs-t-{square} .peg")
        expect(cell).to_have_class(re.compile("hit" if hit else "miss"))
        expect(other.locator(f"#bs-o-{square} .peg")).to_have_class(
            re.compile("hit" if hit else "miss")
        )
        said = f"{square} — {'hit' if hit else 'miss'}"
        if public_state(page).decided is None:  # (the last is followed by the end's words)
            expect(page.locator("#announcer")).to_contain_text(f"You: {said}")
            expect(other.locator("#announcer")).to_contain_text(f"{name[other]}: {said}")
        if turn == 6:
            assert_no_fleet_of_the_other(pages, fleets)
            shot(other, "remote-battle")
    for page in (host, friend):
        expect(page.locator("#bs-over")).to_be_visible(timeout=20_000)
    host_state, friend_state = public_state(host), public_state(friend)
    assert host_state.is_over and host_state.to_json() == friend_state.to_json()
    assert host_state.result["cheaters"] == []
    shot(friend, "remote-over-lost")
    expect(host.locator("#bs-over-title")).to_have_text("You win!")
    expect(friend.locator("#bs-over-title")).to_have_text("Ann wins!")
    expect(host.locator("[data-status]")).to_contain_text("You win!")
    expect(host.locator("#announcer")).to_contain_text("You win!")
    expect(friend.locator("#bs-target .revealed")).to_have_count(17)  # the fleets shown
    for page, won in ((host, 1), (friend, 0)):
        entry = stats_entry(page, "remote-classic")
        assert entry is not None and entry["played"] == 1 and entry.get("won", 0) == won
    expect(host.locator("#bs-over [data-action='remote-again']")).to_have_text(
        "Play again with Bryn"
    )
    expect(friend.locator("#bs-over")).to_contain_text("Ann can start another game.")
    assert violations(host) == [] and violations(friend) == []
    host.click("#bs-over [data-action='remote-again']")  # the next game, on the same link
    for page in (host, friend):
        expect(page.locator("[data-phase='place']")).to_be_visible(timeout=20_000)
        expect(page.locator(".bs-ship-pick.placed")).to_have_count(0)
        expect(page.locator("#bs-over")).to_have_count(0)
    assert public_state(host).volleys == [] and saved(friend, SLOT)["meta"]["over"] is False
    friend.get_by_role("link", name="Statistics").click()
    stats = friend.locator("[data-page='stats']")
    expect(stats.locator("h3", has_text="With a friend on another device, Classic")).to_be_visible()
    total = 4 + len(host_state.volleys)  # both fleets and Readys, then every volley
    friend.locator("[data-recent='battleship'] a").first.click()  # kept face up
    expect(friend.locator("[data-page='replay'] .replay-board")).to_be_visible()
    friend.keyboard.press("End")
    expect(friend.locator("[data-step]")).to_contain_text(f"{total} of {total}")
    expect(friend.locator("[data-replay-ocean] .bs-cell.ship")).to_have_count(34)


def aim_and_fire(page, squares) -> None:
    """A salvo: each square clicked on the target grid (chosen), then Fire, answered."""
    answered = len(public_state(page).volleys)
    for square in squares:
        page.click(f"#bs-t-{square}")
        expect(page.locator(f"#bs-t-{square}")).to_have_class(re.compile(r"\bchosen\b"))
    fire = page.locator("#bs-fire")
    expect(fire).to_be_enabled()
    fire.click()
    wait_answered(page, answered)


def wait_answered(page, answered: int) -> None:
    page.wait_for_function(
        "([slot, n]) => { const r = localStorage.getItem('gemau:saved:' + slot);"
        " const s = r && JSON.parse(r).data.state;"
        " return s && s.volleys.length > n && s.volleys[n].answer !== null; }",
        arg=[SLOT, answered],
        timeout=10_000,
    )


def test_a_salvo_game_aims_square_by_square_and_plays_volleys(open_app, context):
    host, friend = start_game(open_app, context, mode="salvo")
    for page in (host, friend):
        ready_by_random_fleet(page)
    pages, fleets = both_ready(host, friend)
    red, blue = pages
    expect(red.locator("[data-status]")).to_contain_text("choose 5 squares")
    # A square chosen and chosen again is taken back; a sixth is refused.
    red.click("#bs-t-A1")
    expect(red.locator("#bs-fire")).to_have_text("Fire salvo (1 of 5)")
    red.click("#bs-t-A1")
    expect(red.locator("#bs-fire")).to_have_text("Fire salvo (0 of 5)")
    assert saved(blue, SLOT)["state"]["volleys"] == []  # nothing of the aim went
    for volley in range(4):
        seat = volley % 2
        page, other = pages[seat], pages[1 - seat]
        expect(page.locator("[data-phase='fire']")).to_be_visible(timeout=10_000)
        state = public_state(page)
        count = state.salvo_sizes(seat)[0]  # one shot per ship not answered sunk (7.1)
        targets = [
            s for s in sorted(ship_squares(fleets[1 - seat])) if s in state.open_squares(seat)
        ]
        squares = targets[:2]
        squares += [s for s in state.open_squares(seat) if s not in squares][: count - 2]
        aim_and_fire(page, squares)
        for square in squares:
            hit = square in ship_squares(fleets[1 - seat])
            peg = re.compile("hit" if hit else "miss")
            expect(page.locator(f"#bs-t-{square} .peg")).to_have_class(peg)
            expect(other.locator(f"#bs-o-{square} .peg")).to_have_class(peg)
        expect(other.locator("[data-log] li").first).to_contain_text(
            ("Ann" if page is host else "Bryn") + ": "
        )
    assert public_state(host).to_json() == public_state(friend).to_json()
    assert len(public_state(host).volleys) == 4
    assert_no_fleet_of_the_other(pages, fleets)
    # New Game is a game of one's own, against the computer; the friend's game is kept.
    host.click(".game-head [data-action='new']")
    expect(host.locator("[data-game='battleship'] .bs-sub")).to_contain_text(
        "against the computer", timeout=10_000
    )
    expect(host.locator(".remote-bar")).to_have_count(0)
    assert len(public_state(host).volleys) == 4


def test_advanced_salvo_starts_and_a_volley_is_answered_with_its_count(open_app, context):
    host, friend = start_game(open_app, context, mode="advanced_salvo")
    for page in (host, friend):
        ready_by_random_fleet(page)
    pages, fleets = both_ready(host, friend)
    red, blue = pages
    targets = sorted(ship_squares(fleets[1]))
    carrier = sorted(ship_squares({"ships": {"carrier": fleets[1]["ships"]["carrier"]}}))
    squares = carrier[:3] + [s for s in SQUARES if s not in targets][:2]  # nothing sunk
    aim_and_fire(red, squares)
    expect(red.locator(".bs-salvo-list")).to_contain_text("Salvo 1: 3 of 5 hit")
    expect(red.locator("[data-log] li").first).to_contain_text("3 of 5 hit")
    for square in squares:  # the shooter is told only how many hit
        expect(red.locator(f"#bs-t-{square} .peg")).to_have_count(0)
    hits = [s for s in squares if s in targets]
    for square in squares:
        peg = re.compile("hit" if square in hits else "miss")
        expect(blue.locator(f"#bs-o-{square} .peg")).to_have_class(peg)
    expect(blue.locator("[data-phase='fire']")).to_be_visible()
    expect(blue.locator("[data-status]")).to_contain_text("choose 5 squares")
    assert public_state(host).to_json() == public_state(friend).to_json()


def test_a_reload_keeps_the_fleet_and_a_new_link_carries_the_game_on(open_app, context):
    host, friend = start_game(open_app, context)
    for page in (host, friend):
        ready_by_random_fleet(page)
    pages, _ = both_ready(host, friend)
    for seat in (0, 1):
        fire_at(pages[seat], open_square(pages[seat], SQUARES))
    mine = sorted(ship_squares(own_record(friend)))
    friend.reload()
    wait_ready(friend)
    for page, name in ((host, "Bryn"), (friend, "Ann")):
        bar = page.locator(".remote-bar")
        expect(bar).to_have_attribute("data-remote", "lost", timeout=15_000)
        expect(bar).to_contain_text(f"Waiting for {name}: the connection was lost.")
    shown = friend.locator("#bs-ocean .bs-cell.ship")
    expect(shown).to_have_count(17)  # its fleet, from its own save
    assert sorted(cell.get_attribute("data-sq") for cell in shown.all()) == mine
    assert violations(friend) == []
    host.click(".remote-bar a[href='#/connect']")
    connect(host, None, "Bryn", friend=friend)
    host.click("[data-action='resume'][data-game='battleship']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    assert public_state(host).to_json() == public_state(friend).to_json()
    red = pages[0]
    expect(red.locator("[data-phase='fire']")).to_be_visible(timeout=10_000)
    fire_at(red, open_square(red, SQUARES))
    assert public_state(host).to_json() == public_state(friend).to_json()
    assert len(public_state(host).volleys) == 3


# A lying device that keeps its own page believing it told the truth: the frames it sends
# pass through window.gemauTamper (remote_support.TAMPERING), the frames it receives through
# window.gemauTamperIn. Between them, after one answer is changed, the two devices hold two
# histories, each move's hash rewritten to the one the other device expects (a device that
# lies about one square would have to do as much to go unnoticed until the end).
TAMPERING_IN = """(() => {
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return add.call(this, type, listener, options);
    return add.call(this, type, (event) => {
      const tamper = window.gemauTamperIn;
      if (typeof tamper !== "function") return listener(event);
      const data = tamper(event.data);
      if (data !== null) listener(new MessageEvent("message", { data }));
    }, options);
  };
})();"""

SWAP_OUT = """(text) => {
  if (!text.startsWith("M")) return text;
  const message = JSON.parse(text.slice(1));
  const swap = message.type === "move" && window.gemauLies.out[message.hash];
  if (!swap) return text;
  if (swap.move) message.move = swap.move;
  message.hash = swap.hash;
  return "M" + JSON.stringify(message);
}"""

SWAP_IN = """(text) => {
  if (!text.startsWith("M")) return text;
  const message = JSON.parse(text.slice(1));
  const hash = message.type === "move" && window.gemauLies.in[message.hash];
  if (!hash) return text;
  message.hash = hash;
  return "M" + JSON.stringify(message);
}"""


def the_lie(state, liar: int, fleets, square: str, last_shot: str) -> dict:
    """The hashes a lying device swaps so that its answer "miss" at `square` (a hit) goes
    unnoticed until the check: the honest position after each move of the rest of the
    game (its own page's) against the position with the lie (the other page's). The rest
    of the game: the answer, the liar's winning shot at `last_shot`, the other's answer
    and both reveals, the other's first (it lost)."""
    from app.remote.wire import state_hash
    from games.battleship.private import PrivateFleet

    own = [PrivateFleet.from_json(fleets[seat]) for seat in (0, 1)]
    honest = state.copy()
    honest.apply({"type": "fire", "squares": [square]})
    lied = honest.copy()
    lie = {"type": "answer", "player": liar, "shots": [{"square": square, "result": "miss"}]}
    lie["sunk"] = []
    honest.apply(own[liar].answer(honest))
    lied.apply(lie)
    swaps = {"out": {state_hash(honest): {"move": PUBLIC.format_move(lie), "hash": ""}}, "in": {}}
    swaps["out"][state_hash(honest)]["hash"] = state_hash(lied)
    other = 1 - liar
    rest = [
        (liar, {"type": "fire", "squares": [last_shot]}),
        (other, None),  # its answer
        (other, own[other].reveal()),
        (liar, own[liar].reveal()),
    ]
    for seat, move in rest:
        move = move or own[other].answer(honest)
        honest.apply(move)
        lied.apply(move)
        if seat == liar:
            swaps["out"][state_hash(honest)] = {"hash": state_hash(lied)}
        else:
            swaps["in"][state_hash(lied)] = state_hash(honest)
    assert lied.result["cheaters"] == [liar] and honest.result["cheaters"] == []
    return swaps


def test_a_device_that_answers_a_hit_as_a_miss_is_named_at_the_check_and_forfeits(
    open_app, context
):
    """Rule 12.6: the lie found at the end is the liar's forfeit, a win for the honest
    player."""
    friend_context = context(reduced_motion="reduce")
    friend_context.add_init_script(TAMPERING)
    friend_context.add_init_script(TAMPERING_IN)
    host, friend = start_game(open_app, context, friend_context=friend_context)
    for page in (host, friend):
        ready_by_random_fleet(page)
    pages, fleets = both_ready(host, friend)
    liar = pages.index(friend)
    targets = {seat: sorted(ship_squares(fleets[1 - seat])) for seat in (0, 1)}
    water = sorted(set(SQUARES) - ship_squares(fleets[liar]))
    # The friend sinks all but one square of the host's fleet; the host fires at water.
    state = public_state(host)
    while not (state.hits[1 - liar] == 16 and state.current_player == 1 - liar):
        seat = state.current_player
        page = pages[seat]
        wanted = targets[seat] if seat == liar else water
        fire_at(page, open_square(page, wanted))
        state = public_state(host)
    carrier = fleets[liar]["ships"]["carrier"][0]  # a hit that sinks nothing
    last_shot = open_square(friend, targets[liar])
    swaps = the_lie(state, liar, fleets, carrier, last_shot)
    friend.evaluate(
        f"(swaps) => {{ window.gemauLies = swaps; window.gemauTamper = {SWAP_OUT};"
        f" window.gemauTamperIn = {SWAP_IN}; }}",
        swaps,
    )
    fire_at(host, carrier)
    expect(host.locator(f"#bs-t-{carrier} .peg")).to_have_class(re.compile("miss"))  # the lie
    expect(friend.locator(f"#bs-o-{carrier} .peg")).to_have_class(re.compile("hit"))
    expect(friend.locator("[data-phase='fire']")).to_be_visible(timeout=10_000)
    friend.click(f"#bs-t-{last_shot}")
    for page in (host, friend):
        expect(page.locator("#bs-over")).to_be_visible(timeout=20_000)
    over = host.locator("#bs-over")
    expect(over.locator("#bs-over-title")).to_have_text("Bryn lied: you win by forfeit.")
    turn = len(public_state(host).volleys) - 1  # the lie's turn, counted from 1
    expect(over.locator("[data-problem='false_miss']")).to_have_text(
        f"Turn {turn}: {carrier} was answered a miss, but a ship is there."
    )
    shot(host, "remote-lied")
    expect(host.locator("[data-status]")).to_contain_text("Bryn lied")
    expect(host.locator(".remote-bar")).to_have_attribute("data-remote", "cheating")
    assert public_state(host).result["winner"] is None  # the engine's: the check's verdict
    entry = stats_entry(host, "remote-classic")
    assert entry is not None and entry["played"] == 1 and entry.get("won", 0) == 1
    # (the liar's page is the modified one: its own engine saw no lie, so what it records
    # is its own doing; an honest engine names itself, as the unit test shows)
