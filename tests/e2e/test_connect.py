"""Play with a friend on another device: two browser contexts (two devices) connect over
a WebRTC data channel with no server, by the invite link and the reply code, as people
would copy them; the conftest's `watch` checks that no request left the page's origin."""

from e2e_support import wait_ready
from playwright.sync_api import expect
from test_axe import violations

FRIEND_NAME = "<b>Bryn</b>"  # shown as text, never as HTML


def set_name(page, name: str) -> None:
    page.fill("#connect-name", name)
    page.locator("#connect-name").press("Tab")  # the change event keeps it


def test_two_devices_connect_exchange_messages_and_see_the_other_leave(open_app, context):
    host = open_app("#/connect")
    set_name(host, "Ann")
    view = host.locator("[data-page='connect']")
    expect(view).to_have_attribute("data-stage", "waiting", timeout=20_000)
    expect(host.locator("#connect-status")).to_contain_text("paste their reply")
    expect(host.locator("img.connect-qr")).to_be_visible()
    link = host.locator("#connect-code").input_value()
    assert "#/connect?invite=" in link and len(link) < 1500
    assert violations(host) == []

    friend = context().new_page()
    friend.goto(link)
    wait_ready(friend)
    set_name(friend, FRIEND_NAME)
    friend_view = friend.locator("[data-page='connect']")
    expect(friend_view).to_have_attribute("data-stage", "send_reply", timeout=20_000)
    reply = friend.locator("#connect-code").input_value()
    assert violations(friend) == []

    host.fill("#connect-reply", "not a reply")
    host.click("[data-action='connect']")
    expect(host.locator("#connect-reply-problem")).to_contain_text("not a reply code")
    host.fill("#connect-reply", link)  # the invite itself, by mistake
    host.click("[data-action='connect']")
    expect(host.locator("#connect-reply-problem")).to_contain_text("an invite, not a reply")

    host.fill("#connect-reply", reply)
    host.click("[data-action='connect']")
    expect(view).to_have_attribute("data-peer", "open", timeout=20_000)
    expect(friend_view).to_have_attribute("data-peer", "open", timeout=20_000)
    expect(host.locator("#connect-status")).to_have_text(f"Connected with {FRIEND_NAME}.")
    expect(friend.locator("#connect-status")).to_have_text("Connected with Ann.")
    assert host.locator("#connect-status b").count() == 0
    assert violations(host) == []

    host.click("[data-action='wave']")
    expect(friend_view).to_have_attribute("data-received", "1")
    friend.click("[data-action='wave']")
    friend.click("[data-action='wave']")
    expect(view).to_have_attribute("data-received", "2")
    expect(host.locator(".connect-waves")).to_have_text(f"{FRIEND_NAME} waved (2).")

    friend.close()
    expect(view).to_have_attribute("data-peer", "closed", timeout=15_000)
    expect(host.locator("#connect-status")).to_have_text(f"Disconnected: {FRIEND_NAME} has left.")


def test_a_damaged_invite_link_says_so(open_app):
    page = open_app("#/connect?invite=AAAAbroken")
    expect(page.locator("[data-page='connect']")).to_have_attribute("data-stage", "bad_invite")
    expect(page.locator("#connect-status")).to_contain_text("damaged or incomplete")
    expect(page.locator("a.button[href='#/connect']")).to_be_visible()


def test_internet_play_is_off_by_default_and_its_servers_can_be_edited(open_app):
    page = open_app("#/settings")
    group = page.locator("[data-setting-group='internet']")
    expect(group.locator("input[value='off']")).to_be_checked()
    expect(group).to_contain_text("That server sees your address")
    expect(page.locator("#settings-stun")).to_be_disabled()
    group.locator("input[value='on']").check()
    expect(page.locator("#settings-stun")).to_be_enabled()
    page.fill("#settings-stun", "stun:stun.example.org:3478\nnot-a-server")
    page.locator("#settings-stun").press("Tab")
    assert violations(page) == []
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-setting-group='internet'] input[value='on']")).to_be_checked()
    expect(page.locator("#settings-stun")).to_have_value("stun:stun.example.org:3478")


# A browser with a QR BarcodeDetector (Chromium has none on Linux): the camera is a
# canvas, and the detector "sees" whatever the test puts in window.shownQr.
FAKE_CAMERA = """
window.BarcodeDetector = class {
    async detect() { return window.shownQr ? [{rawValue: window.shownQr}] : []; }
};
if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = async () => {  // not on about:blank
    const canvas = document.createElement('canvas');
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    return canvas.captureStream(5);
};
"""


def test_where_the_browser_reads_qr_codes_the_host_scans_the_reply(open_app, context, site_url):
    plain = open_app("#/connect")
    expect(plain.locator("[data-page='connect']")).to_have_attribute("data-stage", "waiting")
    assert plain.locator("[data-action='scan']").count() == 0  # no BarcodeDetector here
    plain.close()

    ctx = context()
    ctx.add_init_script(FAKE_CAMERA)
    host = open_app("#/connect", ctx=ctx)
    view = host.locator("[data-page='connect']")
    expect(view).to_have_attribute("data-stage", "waiting", timeout=20_000)
    link = host.locator("#connect-code").input_value()
    friend = context().new_page()
    friend.goto(link)
    wait_ready(friend)
    expect(friend.locator("[data-page='connect']")).to_have_attribute(
        "data-stage", "send_reply", timeout=20_000
    )
    reply = friend.locator("#connect-code").input_value()
    host.click("[data-action='scan']")
    expect(host.locator("video#connect-scan")).to_be_visible()
    host.evaluate("(reply) => { window.shownQr = reply; }", reply)
    expect(view).to_have_attribute("data-peer", "open", timeout=20_000)
    expect(host.locator("video#connect-scan")).to_have_count(0)
