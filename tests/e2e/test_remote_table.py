"""Straight Dominoes at a table of 3 and 4 devices (docs/rules/dominoes.md 11.8): the host
invites one friend, then another and another, each by their own invite link and reply
code, as people connect; the host picks Dominoes; every device shuffles and deals by
mental poker through the host's relay, and each person plays their own hand by clicks on
their own page. Each page holds only its own tiles; all agree on the table, the scores
and the result. The conftest's `watch` checks that no request left any page's origin."""

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from remote_support import TAMPERING, Doorbell, connect, moves_played, my_seat, saved, set_name
from test_axe import violations
from test_remote_dominoes import (
    SLOT,
    TABLE_LOOK,
    hand_shown,
    next_hand,
    phase,
    play_a_turn,
    play_round,
    public_state,
    set_prefs,
)

FRIENDS = ("Bryn", "Cai", "Dee")
AWAY_MS = 120_000  # app.remote.verdict.AWAY_MS


def start_table(open_app, context, friends, players, partners=False):
    """The host (Ann) and a page per friend, connected one after another, in a game."""
    host = open_app("#/connect")
    set_prefs(host, players=players, partners=partners)
    set_name(host, "Ann")
    pages = [host]
    for number, name in enumerate(friends):
        if number:
            host.click("[data-action='invite-more']")
        pages.append(connect(host, context(), name))
        expect(host.locator(".connect-table" if number else ".connect-status")).to_contain_text(
            ", ".join(friends[: number + 1]) if number else name
        )
    expect(pages[-1].locator(".connect-waiting")).to_have_text("Ann is choosing a game.")
    assert violations(host) == []  # the table's line, the invite for one more, the choice
    offered = host.locator(".connect-choose [data-action='play']")
    # A table of devices plays Dominoes, or a Wordle Tournament group.
    expect(offered).to_have_text(["Straight Dominoes", "Wordle Tournament group (up to 8)"])
    offered.first.click()
    for page in pages:
        expect(page.locator(".remote-bar")).to_have_attribute(
            "data-remote", "playing", timeout=30_000
        )
        expect(page.locator(".dm-hand [data-tile]")).to_have_count(7, timeout=30_000)
    return pages


def test_three_devices_play_a_hand_each_holding_only_its_own_tiles(open_app, context):
    pages = start_table(open_app, context, FRIENDS[:2], "human,strong")
    seats = [my_seat(saved(page, SLOT)) for page in pages]
    assert sorted(seats) == [0, 1, 2]  # the table grew to a seat for each device
    hands = [set(hand_shown(page)) for page in pages]
    assert sum(len(hand) for hand in hands) == 21 and len(set().union(*hands)) == 21
    for page, hand in zip(pages, hands, strict=True):
        others = set().union(*hands) - hand
        text = json.dumps(saved(page, SLOT)) + page.content()
        assert all(f'"{tile}"' not in text and f">{tile}<" not in text for tile in others)
    for page in pages:
        assert violations(page) == []
    names = {"Ann", "Bryn", "Cai"}
    state = public_state(pages[0])
    mover = pages[seats.index(state.current_player)]
    for page, name in zip(pages, ("Ann", "Bryn", "Cai"), strict=True):
        if page is not mover:  # the one to move named by each other page
            expect(page.locator("[data-message]")).to_contain_text("Waiting for")
        expect(page.locator(".dm-scores")).to_contain_text(sorted(names - {name})[0])
    play_round(pages, seats, lambda state: bool(state.hand_summaries), close_summaries=False)
    for page in pages:
        expect(page.locator("#dm-summary")).to_be_visible(timeout=20_000)
    agree(pages)
    assert len(public_state(pages[0]).hand_summaries[0]["hands"]) == 3


@pytest.mark.long
def test_three_devices_and_the_hosts_computer_play_a_hand(open_app, context):
    """The host's New game table has two people and two computers: the friends take the
    other person's seat and then a computer's; the computer left plays on the host's
    device, from its own hand."""
    pages = start_table(open_app, context, FRIENDS[:2], "human,strong,human,greedy")
    seats = [my_seat(saved(page, SLOT)) for page in pages]
    frame = saved(pages[0], SLOT)["meta"]["frame"]
    computer = next(s for s, kind in enumerate(frame["seats"]) if kind.startswith("computer"))
    assert len(set(seats)) == 3 and computer not in seats
    assert frame["seats"][computer] == "computer:medium"  # the host's greedy player
    play_round(pages, seats, lambda state: bool(state.hand_summaries), close_summaries=False)
    agree(pages)
    state = public_state(pages[0])
    assert len(state.hand_summaries[0]["hands"]) == 4  # (past every computer's turn)


@pytest.mark.long
def test_four_devices_play_a_partners_round_and_a_resignation_ends_the_game_for_all(
    open_app, context
):
    """Four devices play a round of the partnership game, each person a turn of their own,
    and agree on it; then Bryn resigns and the game ends on every device, Bryn's side losing
    together and each device counting it. (A whole hand at a table of devices, its check
    included, is the three devices' test above; a whole game to 250 at a table is played by
    the devices' protocol in tests/unit/app/test_remote_table_match.py. A whole hand here
    took 77 s, and a whole game 150 to 226 s.)"""
    pages = start_table(open_app, context, FRIENDS, "human,human,human,human", partners=True)
    seats = [my_seat(saved(page, SLOT)) for page in pages]
    assert sorted(seats) == [0, 1, 2, 3]
    expect(pages[1].locator(".dm-score")).to_have_count(2)  # two sides
    play_round(pages, seats, lambda state: len(state.history) >= 4 or bool(state.hand_summaries))
    agree(pages)
    state = public_state(pages[0])
    assert len(state.history) >= 4 and not state.is_over
    bryn = pages[1]
    if phase(bryn) == "summary":  # (a hand blocked in four turns: its summary, closed)
        next_hand(bryn)
    bryn.click("[data-action='remote-resign']")
    bryn.click("[data-action='question-yes']")
    losing_team = state.table.team_of(seats[1])
    for page, seat, name in zip(pages, seats, ("Ann", "Bryn", "Cai", "Dee"), strict=True):
        bar = page.locator(".remote-bar")
        if name == "Bryn":
            expect(bar).to_contain_text("You resigned: the game is over.")
        elif state.table.team_of(seat) == losing_team:
            expect(bar).to_contain_text("Bryn, your partner, resigned: the other side wins.")
        else:
            expect(bar).to_contain_text("Bryn resigned: you win.")
        page.wait_for_function(
            "() => JSON.parse(localStorage.getItem('gemau:stats:dominoes') || '{}')"
            ".data?.['remote-4p']?.played === 1"
        )
        stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:dominoes')"))
        won = state.table.team_of(seat) != losing_team
        assert stats["data"]["remote-4p"].get("won", 0) == (1 if won else 0)


def relink(host, friend, name: str) -> None:
    """The host makes a new link for a friend it lost, from its game's line; the friend
    opens it and sends the reply back; both pages take the game up again."""
    host.locator(".remote-bar a", has_text=f"New link for {name}").click()
    view = host.locator("[data-page='connect']")
    expect(view).to_have_attribute("data-stage", "waiting", timeout=20_000)
    expect(host.locator("#connect-status")).to_contain_text(f"Send {name} this new link")
    friend.goto(host.locator("#connect-code").input_value())
    friend_view = friend.locator("[data-page='connect']")
    expect(friend_view).to_have_attribute("data-stage", "send_reply", timeout=20_000)
    host.fill("#connect-reply", friend.locator("#connect-code").input_value())
    host.click("[data-action='connect']")
    for page in (host, friend):
        expect(page.locator("[data-game='dominoes'] .dm-score").first).to_be_visible(timeout=20_000)


def agree(pages) -> None:
    """Every page reaches the host's public position (the devices confirm each hand's
    check one after another, so for a moment one may be a step ahead)."""
    with Doorbell(pages, TABLE_LOOK) as bell:
        for _ in range(150):
            bell.reset()
            positions = {json.dumps(public_state(page).to_json(), sort_keys=True) for page in pages}
            if len(positions) == 1:
                return
            try:
                bell.wait(timeout=15_000)  # the one behind catching up
            except PlaywrightTimeoutError:
                break
    raise AssertionError("the pages never agreed on the position")


def play_turns(pages, seats, turns: int) -> None:
    played = 0
    with Doorbell(pages, TABLE_LOOK) as bell:
        while played < turns:
            bell.reset()
            state = public_state(pages[0])
            mover = pages[seats.index(state.current_player)]
            if state.phase == "play" and phase(mover) == "human":
                play_a_turn(mover)
                played += 1
            else:
                bell.wait()  # a move reaching the devices, the deck


@pytest.mark.long
def test_a_friend_gone_and_the_host_reloaded_come_back_by_new_links(open_app, context):
    pages = start_table(open_app, context, FRIENDS[:2], "human,strong")
    host, bryn, cai = pages
    seats = [my_seat(saved(page, SLOT)) for page in pages]
    play_turns(pages, seats, 2)
    # Bryn's page is closed, then opened again at the same address.
    address, hand = bryn.url, sorted(hand_shown(bryn))
    bryn_context = bryn.context
    bryn.close()
    expect(host.locator(".remote-bar")).to_have_attribute("data-remote", "lost", timeout=20_000)
    expect(host.locator(".remote-bar")).to_contain_text("Waiting for Bryn")
    bryn = bryn_context.new_page()
    bryn.goto(address)
    expect(bryn.locator(".remote-bar")).to_have_attribute("data-remote", "lost", timeout=30_000)
    expect(bryn.locator(".remote-bar")).to_contain_text("Ann sends you a new link")
    assert sorted(hand_shown(bryn)) == hand  # its tiles, from its own save
    relink(host, bryn, "Bryn")
    pages = [host, bryn, cai]
    for page in pages:
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    play_turns(pages, seats, 3)
    # The host's page reloads: every friend waits for a new link, made one by one.
    host.reload()
    for page in pages:
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "lost", timeout=30_000)
    relink(host, bryn, "Bryn")
    expect(host.locator(".remote-bar")).to_contain_text("Waiting for Cai")
    relink(host, cai, "Cai")
    for page in pages:
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    play_round(pages, seats, lambda state: bool(state.hand_summaries))
    agree(pages)
    for page in pages:
        assert saved(page, SLOT)["meta"]["frame"]["remote"]["session"]["problems"] == []


WRONG_HASH_POSTED = """(text) => {
  if (!text.startsWith("M")) return text;
  const post = JSON.parse(text.slice(1));
  if (post.type !== "relay-post" || post.message.type !== "move") return text;
  post.message.hash = post.message.hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  return "M" + JSON.stringify(post);
}"""


def table_with_a_modified_friend(open_app, context, players, host_context=None):
    """Ann's page hosts Bryn's and Cai's, Cai's a modified one (TAMPERING: what it sends
    goes through window.gemauTamper once the test sets it), in a game of Dominoes with
    every hand dealt: (the pages, the seat of each)."""
    host = open_app("#/connect", ctx=host_context)
    set_prefs(host, players=players)
    set_name(host, "Ann")
    pages = [host, connect(host, context(), "Bryn")]
    host.click("[data-action='invite-more']")
    modified = context()
    modified.add_init_script(TAMPERING)
    pages.append(connect(host, modified, "Cai"))
    host.click("[data-action='play'][data-game='dominoes']")
    for page in pages:
        expect(page.locator(".dm-hand [data-tile]")).to_have_count(7, timeout=30_000)
    return pages, [my_seat(saved(page, SLOT)) for page in pages]


def test_a_move_with_a_wrong_position_stops_the_table_on_every_page_naming_its_device(
    open_app, context
):
    pages, seats = table_with_a_modified_friend(open_app, context, "human,strong")
    host, cai = pages[0], pages[2]

    # Turns until Cai is to play a tile (a draw would wait on the others' keys, which a
    # refused move never gets).
    def cai_plays_a_tile(state) -> bool:
        if state.phase != "play" or pages[seats.index(state.current_player)] is not cai:
            return False
        return phase(cai) == "human" and cai.locator(".dm-hand .dom.playable").count() > 0

    play_round(pages, seats, cai_plays_a_tile)
    before = public_state(host).to_json()
    # A false hash once the devices agreed on a position is Cai's forfeit; on the first
    # move (Cai may start) nothing was agreed yet, and nothing proves who is wrong.
    stop = "cheating" if moves_played(host, SLOT) > 0 else "desync"
    cai.evaluate(f"() => {{ window.gemauTamper = {WRONG_HASH_POSTED}; }}")
    play_a_turn(cai)
    for page in pages[:2]:
        bar = page.locator(".remote-bar")
        expect(bar).to_have_attribute("data-remote", stop, timeout=10_000)
        expect(bar).to_contain_text("Cai's")
        assert public_state(page).to_json() == before  # never played


# Cai's device sends nothing of the deal: its messages of the deal (the large ones go in
# parts) never leave the page.
NO_DEAL = """(text) => (text.startsWith("P") || text.includes('"deal-') ? null : text)"""


def test_the_host_claims_the_game_of_a_friends_device_that_holds_the_deal_up(open_app, context):
    """docs/rules/dominoes.md 11.14: Cai's device (modified) stops sending its part of the
    deal; the next draw or the hand's check waits for it. Ann's page, whose clock the test
    drives, offers the claim once it has waited 2 minutes, naming Cai's device; the claim
    ends the game on Ann's and Bryn's pages, and with no partners nobody wins it."""
    clocked = context()
    clocked.clock.install()
    pages, seats = table_with_a_modified_friend(
        open_app, context, "human,human,human", host_context=clocked
    )
    host = pages[0]
    pages[2].evaluate(f"() => {{ window.gemauTamper = {NO_DEAL}; }}")

    def cais_part_due(state) -> bool:  # (every card's unlocking needs every other seat)
        return state.phase != "play" or state.history[-1:] == [
            {"type": "draw", "seat": state.current_player}
        ]

    play_round(pages, seats, cais_part_due, turn=lambda page: play_a_turn(page, False))
    bar, claim = host.locator(".remote-bar"), host.locator("[data-action='remote-claim']")
    host.clock.fast_forward(AWAY_MS - 10_000)
    assert claim.count() == 0, "the claim is offered before the deal waited 2 minutes"
    for _ in range(12):  # (the deal's last step may have reached Ann's page a moment later)
        host.clock.fast_forward(10_000)
        if claim.is_visible():
            break
    expect(claim).to_be_visible()
    expect(bar).to_contain_text("Cai's device has not sent its part of the deal for 2 minutes")
    summary = host.locator("#dm-summary")
    if summary.is_visible():  # the hand ended first: its check waits for Cai's keys
        summary.locator("[data-action='next-hand']").click()  # (Ann has read it: it covers the bar)
    claim.click()
    expect(host.locator("#question")).to_contain_text("the game ends for everyone")
    host.click("#question [data-action='question-yes']")
    for page in pages[:2]:
        expect(page.locator(".remote-bar")).to_contain_text(
            "Cai's device did not send its part of the deal for 2 minutes: the game was "
            "claimed. It is over, and nobody wins it."
        )
        stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:dominoes')"))
        assert stats["data"]["remote-3"]["played"] == 1
        assert stats["data"]["remote-3"].get("won", 0) == 0
