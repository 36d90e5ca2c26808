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


# Each page of a doorbell runs this, with its look (a function giving a string): read
# again whenever the page's document changes, a new answer rings the bell.
WATCH = """(number) => {
  const read = LOOK;
  let last = read();
  const observer = new MutationObserver(() => {
    const now = read();
    if (now !== last) {
      last = now;
      window['gemauRing' + number]();
    }
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  window['gemauBell' + number] = observer;
}"""


class Doorbell:
    """Wakes the test when what any of several devices shows changes. The test waits on one
    page at a time, and each device is a page in a browser context of its own: a page whose
    `look` (a JavaScript function of no argument, giving a string) gives a new answer rings,
    through a binding, and a ring sets a flag on the first page, which `wait` awaits. Use:
    reset(), then read the pages and act, then wait() for the next change if there was
    nothing to do (a change after reset() is never missed)."""

    made = 0

    def __init__(self, pages, look: str):
        Doorbell.made += 1
        self.number = Doorbell.made
        self.pages = list(pages)
        self.flag = f"window.gemauRung{self.number}"
        contexts = {id(page.context): page.context for page in self.pages}
        for context in contexts.values():
            context.expose_binding(f"gemauRing{self.number}", lambda _source: self._rang())
        self.reset()
        for page in self.pages:
            page.evaluate(WATCH.replace("LOOK", look), self.number)

    def _rang(self) -> None:
        if not self.pages[0].is_closed():
            self.pages[0].evaluate(f"{self.flag} = true")

    def reset(self) -> None:
        self.pages[0].evaluate(f"{self.flag} = false")

    def wait(self, timeout: float = 30_000) -> None:
        self.pages[0].wait_for_function(f"{self.flag} === true", timeout=timeout)

    def close(self) -> None:
        for page in self.pages:
            if not page.is_closed():
                page.evaluate(f"window.gemauBell{self.number}?.disconnect()")

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()
