"""Two devices (two browser contexts) connected as people connect them: the invite link
opened on the friend's device, the reply pasted back on the host's."""

import json

from e2e_support import wait_ready
from playwright.sync_api import expect

# A device that lies: every frame it sends passes through window.gemauTamper, if set
# (the page never sets it; a test does, as a modified browser would).
TAMPERING = """(() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    if (typeof window.gemauTamper === "function") text = window.gemauTamper(text);
    if (text !== null) return send.call(this, text);
  };
})();"""


def set_name(page, name: str) -> None:
    page.fill("#connect-name", name)
    page.locator("#connect-name").press("Tab")  # the change event keeps it


def connect(host, friend_context, friend_name: str, friend=None):
    """The host's page is on #/connect with its name set: the friend opens the invite
    (in `friend`, a page already open, or a new one), the host pastes the reply."""
    view = host.locator("[data-page='connect']")
    expect(view).to_have_attribute("data-stage", "waiting", timeout=20_000)
    link = host.locator("#connect-code").input_value()
    friend = friend or friend_context.new_page()
    friend.goto(link)
    wait_ready(friend)
    set_name(friend, friend_name)
    friend_view = friend.locator("[data-page='connect']")
    expect(friend_view).to_have_attribute("data-stage", "send_reply", timeout=20_000)
    reply = friend.locator("#connect-code").input_value()
    host.fill("#connect-reply", reply)
    host.click("[data-action='connect']")
    expect(view).to_have_attribute("data-peer", "open", timeout=20_000)
    expect(friend_view).to_have_attribute("data-peer", "open", timeout=20_000)
    return friend


def saved(page, slot: str) -> dict | None:
    """The game with a friend as the page saved it: {"state", "meta"} or None."""
    text = page.evaluate(f"localStorage.getItem('gemau:saved:{slot}')")
    return json.loads(text)["data"] if text else None


def my_seat(record: dict) -> int:
    return record["meta"]["frame"]["seats"].index("human")


def moves_played(page, slot: str) -> int:
    record = saved(page, slot)
    return len(record["meta"]["frame"]["moves"]) if record else -1
