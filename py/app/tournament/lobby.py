"""The Wordle Tournament screen's opening and what comes before the start: the
tournament saved (resumed), a lobby, the group on this device, and their actions
(language, nickname, members).

`LobbyActions` is held by the screen (screen's TournamentScreen): it reads
and sets the screen's state (mode, game, group, lang, message, ...), calls the screen's
`_load_words`, `_say` and `_forget`, and keeps records through the screen's keeper
(app.wordle.tournament_keeper); Start is the screen's own (it starts the clock). The
rules are the engine's (new_lobby, rename) and the records' (add_member): this only
turns input into their calls.
"""

import random

from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.wordle.letters import LANGUAGES
from games.wordle.nicknames import make_nickname
from games.wordle.tournament import Tournament, new_lobby

from .. import browser
from ..wordle import records as tp
from .ui import isolated


class LobbyActions:
    def __init__(self, screen) -> None:
        self.screen = screen  # TournamentScreen (or the group leader's): the state it changes

    # --- opening ---------------------------------------------------------------------------
    def open_saved(self, saved: dict) -> None:
        """The tournament saved (a reload within 60 s resumes it), once its words are
        loaded; a save this page cannot read gives a new lobby."""
        screen = self.screen
        state, meta = saved["state"], saved["meta"]
        lang = state.get("lang")
        if lang not in LANGUAGES:
            screen.keeper.discard_bad()
            self.open_lobby()
            return
        screen.keeper.resume(meta)
        if meta.get("group"):
            screen.group = screen.keeper.saved_group()
        screen.mode = "loading"
        screen._load_words(lang, lambda: self.saved_ready(state))

    def saved_ready(self, state) -> None:
        screen = self.screen
        try:
            game = Tournament.from_json(state, screen.words)
        except BadState:
            screen.keeper.discard_bad()
            screen._say(screen.t("wt.save_lost"), error=True)
            self.open_lobby()
            return
        screen.game, screen.mode = game, "game"
        screen.keeper.take_over()
        screen.seen = len(game.log)
        game.resume(screen.now())
        screen._catch_up(announce_all=False)
        screen._save(force=True)
        screen._ask_plans()
        screen._start_ticking()
        screen.view.refresh()

    def open_lobby(self, lang=None) -> None:
        """A new lobby: you (or the group) and bots rated within 200 of the leader."""
        screen = self.screen
        screen.mode = "loading"
        screen.game, screen.watching, screen.focus, screen.out_seen = None, None, None, False
        lang = lang or (screen.group["lang"] if screen.group else screen.lang)
        screen._load_words(lang, self.lobby_ready)

    def lobby_ready(self) -> None:
        screen = self.screen
        keeper = screen.keeper
        data = keeper.ratings()
        if screen.group is not None:
            humans = [
                {"name": name, "rating": tp.profile(data, name)["rating"]}
                for name in screen.group["members"]
            ]
        else:
            me = tp.my_profile(data)
            humans = [{"name": me["name"], "rating": me["rating"]}]
        seed = keeper.new_lobby(screen.speed, screen.group is not None, screen.seed_param)
        screen.game = new_lobby(screen.words, humans, seed)
        screen.game.shared_keyboard = screen.group is not None  # one keyboard, one clock (11.4)
        if screen.group is None and tp.my_profile(data)["name"] is None:
            keeper.save_ratings(tp.set_my_name(data, screen.game.players[0]["name"]))
        if not keeper.counted:  # its seed came from the address: its words may be known
            screen.app.notice(
                "wordle-tournament-not-counted", lambda: screen.t("frame.not_counted_known")
            )
        screen.mode = "lobby"
        screen.view.refresh()

    def open_group(self, group: dict) -> None:
        screen = self.screen
        screen.group = group
        screen.keeper.save_group(screen.group)
        screen.game, screen.mode = None, "group"
        screen.lang = group["lang"]

    def new_group(self) -> dict:
        screen = self.screen
        saved = screen.keeper.saved_group()
        if saved is not None:
            return saved
        data = screen.keeper.ratings()
        name = tp.my_profile(data)["name"]
        if name is None:
            name = make_nickname(SeededRng(random.randrange(MAX_SEED)))
            screen.keeper.save_ratings(tp.set_my_name(data, name))
        return {"lang": screen.lang, "members": [name]}

    def refresh_address(self, solo: bool = False) -> None:
        """Keep the address the group's invite link (or the plain page)."""
        screen = self.screen
        href = (
            tp.group_link(screen.group)
            if screen.group is not None and not solo
            else "#/wordle?mode=tournament"
        )
        browser.replace_hash(href)

    # --- actions ---------------------------------------------------------------------------
    def act_lang(self, data) -> None:
        screen = self.screen
        lang = data.get("value")
        if lang not in LANGUAGES:
            return
        if screen.mode == "group":
            screen.group = {**screen.group, "lang": lang}
            screen.keeper.save_group(screen.group)
            screen.lang = lang
            screen.view.refresh()
        elif screen.mode == "lobby":
            screen.view.set_prefs(lang=lang)
            if screen.group is not None:
                screen.group = {**screen.group, "lang": lang}
                screen.keeper.save_group(screen.group)
            self.open_lobby(lang)
            screen.view.refresh()

    def act_rename(self, data) -> None:
        screen = self.screen
        if screen.mode != "lobby" or screen.game is None or screen.group is not None:
            return
        name = data.get("value")
        if name is None:
            node = screen.page.find("#wt-name")
            name = str(node.value) if node is not None else ""
        if name.strip() == screen.game.players[0]["name"]:
            return
        try:
            screen.game.rename(0, name)
        except IllegalMove as refused:
            screen._say(screen.t(refused.key, **refused.params), error=True)
            screen.view.refresh()
            return
        name = screen.game.players[0]["name"]
        screen.keeper.save_ratings(tp.set_my_name(screen.keeper.ratings(), name))
        screen._say(screen.t("wt.renamed", name=isolated(screen.game.players[0]["name"])))
        screen.app.announce(screen.message)
        screen.view.refresh()

    def act_group_open(self, _data) -> None:
        screen = self.screen
        if screen.mode in ("lobby", "loading") or (screen.game is not None and screen.game.is_over):
            screen._forget()
            self.open_group(self.new_group())
            screen.message = ""
            self.refresh_address()
            screen.view.refresh()

    def act_solo(self, _data) -> None:
        screen = self.screen
        if screen.mode in ("group", "lobby"):
            screen.group = None
            screen.message = ""
            self.refresh_address(solo=True)
            self.open_lobby(screen.view.prefs["lang"])
            screen.view.refresh()

    def act_add(self, data) -> None:
        screen = self.screen
        if screen.mode != "group":
            return
        name = data.get("value")
        node = screen.page.find("#wt-member")
        if name is None:
            name = str(node.value) if node is not None else ""
            if not name.strip():
                return
        try:
            screen.group = tp.add_member(screen.group, name)
        except IllegalMove as refused:
            key = "wt.name_taken_group" if refused.key == "wordle.name_taken" else refused.key
            screen._say(screen.t(key, **refused.params), error=True)
            screen.view.refresh()
            return
        screen.keeper.save_group(screen.group)
        screen._say(screen.t("wt.member_added", name=screen.group["members"][-1]))
        screen.app.announce(screen.message)
        self.refresh_address()
        screen.view.refresh()
        node = screen.page.find("#wt-member")
        if node is not None:
            node.focus()

    def act_remove(self, data) -> None:
        screen = self.screen
        if screen.mode != "group":
            return
        try:
            index = int(data.get("index", ""))
        except ValueError:
            return
        if not 1 <= index < len(screen.group["members"]):
            return  # the leader stays
        name = screen.group["members"][index]
        screen.group = {
            **screen.group,
            "members": screen.group["members"][:index] + screen.group["members"][index + 1 :],
        }
        screen.keeper.save_group(screen.group)
        screen._say(screen.t("wt.member_removed", name=name))
        screen.app.announce(screen.message)
        self.refresh_address()
        screen.view.refresh()

    def act_group_lobby(self, _data) -> None:
        screen = self.screen
        if screen.mode == "group":
            screen.message = ""
            self.open_lobby(screen.group["lang"])
            screen.view.refresh()

    def act_back_to_group(self, _data) -> None:
        """After the tournament everyone returns to the group screen (11.6)."""
        screen = self.screen
        if screen.game is not None and not screen.game.humans_done:
            return
        screen._forget()
        screen.confirm_leave = False
        self.open_group(screen.group or self.new_group())
        screen.view.refresh()

    def act_new(self, _data) -> None:
        screen = self.screen
        if screen.game is not None and screen.mode == "game" and not screen.game.humans_done:
            return
        screen._forget()
        screen.confirm_leave = False
        self.open_lobby(screen.view.prefs["lang"] if screen.group is None else None)
        screen.view.refresh()


ACTIONS = {
    "wt-lang": LobbyActions.act_lang,
    "wt-rename": LobbyActions.act_rename,
    "wt-group-open": LobbyActions.act_group_open,
    "wt-solo": LobbyActions.act_solo,
    "wt-add": LobbyActions.act_add,
    "wt-remove": LobbyActions.act_remove,
    "wt-group-lobby": LobbyActions.act_group_lobby,
    "wt-back-to-group": LobbyActions.act_back_to_group,
    "wt-new": LobbyActions.act_new,
}
