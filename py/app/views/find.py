"""Find an opponent (#/find): the player picks a kind of game, and the page looks for a
stranger looking for the same one, over the public relays of one link (app.peer.lobby: the
nearest rating first). Once two have agreed, both go to #/invite's room as a link's host
and friend would (`#/invite?matched=<route>`, from what this device kept: the address alone
opens nothing), and the game is played as with a friend, with the game agreed checked by
each device (app.peer.strangers) and its end rated (app.peer.ratings).

Nothing leaves the page before the player says yes to internet play (this page's question
says what the lobby shows the others). A stranger's nickname is theirs: shown as text."""

from .. import router
from ..peer import prefs, ratings, room_records
from ..peer.channel import clean_name
from ..peer.lobby import Match
from ..peer.strangers import VARIANTS, variant_of
from . import find_panels as panels
from .base import View
from .find_panels import CHOOSE, NO_RELAY, OPT_IN, SEEKING


class FindView(View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.settings = prefs.load(app.store)
        self.search = None  # app.peer.lobby_links.LobbySearch, while looking
        self.variant: str | None = None
        self.wordle_lang = "en"
        self.left = False
        self.again = route.params.get("again") == "1"
        self.stage = CHOOSE if self.settings["internet"] == "on" else OPT_IN
        wanted = variant_of(route.params.get("variant"))
        if wanted is not None and self.stage == CHOOSE:
            self.variant, self.stage = (
                wanted.key,
                SEEKING,
            )  # (again, after a stranger who never came)

    def title(self) -> str:
        return self.t("find.title")

    def nick(self) -> str:
        return self.settings["name"] or self.t("connect.default_name")

    def screen(self) -> panels.Screen:
        search = self.search
        return panels.Screen(
            stage=self.stage,
            name=self.settings["name"],
            variant=self.variant,
            wordle_lang=self.wordle_lang,
            others=search.others if search is not None else 0,
            relays_up=search.relays_up if search is not None else 0,
            relays=len(search.relays) if search is not None else 0,
            ratings={key: ratings.entry_of(self.app.store, key) for key in VARIANTS},
            again=self.again,
        )

    def render(self):
        return panels.render(self.screen(), self.t)

    def update(self) -> None:
        if self.left:
            return
        self.app.render()
        self.app.announce(panels.status_text(self.screen(), self.t))

    def mounted(self, root) -> None:
        if self.stage == SEEKING and self.search is None:
            self.seek()

    def on_action(self, action, data, event):
        if action == "name":
            self.settings = self.app.change_connection_prefs(
                name=clean_name(data.get("value")) or ""
            )
        elif action == "opt-in":
            self.settings = self.app.change_connection_prefs(internet="on")
            self.stage = CHOOSE
            self.update()
        elif action == "wordle-lang" and f"wordle/{data.get('value')}" in VARIANTS:
            self.wordle_lang = data["value"]
            self.update()
        elif action == "seek" and data.get("variant") in VARIANTS and self.stage == CHOOSE:
            self.variant, self.stage = data["variant"], SEEKING
            self.update()
            self.seek()
        elif action == "cancel" and self.stage == SEEKING:
            self.stop()
            self.stage = CHOOSE
            self.update()

    def seek(self) -> None:
        from ..peer import rtc
        from ..peer.lobby_links import LobbySearch

        relays = prefs.relays(self.settings)
        if self.variant is None or not relays or not rtc.supported():
            self.stage = OPT_IN if not relays else NO_RELAY
            self.update()
            return
        self.stop()
        rating = ratings.rating_of(self.app.store, self.variant)
        self.search = LobbySearch(
            self.variant, self.nick(), rating, relays, self.news, self.matched
        )
        self.search.start()

    def news(self) -> None:
        if self.search is not None and self.search.problem == "no_relay":
            self.stage = NO_RELAY
        self.update()

    def matched(self, match: Match, key: str) -> None:
        """A stranger agreed: the room they named is kept, and #/invite enters it."""
        variant = VARIANTS[self.variant or ""]
        stranger = {"variant": variant.key, "nick": match.peer_nick, "rating": match.peer_rating}
        host = None if match.hosting else match.host
        room_records.matched(self.app.store, variant.route, match.secret, key, host, stranger)
        self.search = None
        self.app.navigate(router.href("invite", matched=variant.route))

    def stop(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.search = None

    def on_storage_change(self, name) -> None:
        """Another tab's change must not redraw over the player's choice."""

    def close(self) -> None:
        self.left = True
        self.stop()


VIEW = FindView
