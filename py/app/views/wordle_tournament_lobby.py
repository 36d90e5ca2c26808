"""The Wordle Tournament screen before the start: opening a lobby, the group
on this device, and their actions (language, nickname, members).

`LobbyActions` is a part of TournamentScreen (wordle_tournament), kept in its
own module: it reads and sets the screen's state (mode, game, group, lang,
message, ...) and calls the screen's `_load_words`, `_say`, `_find` and `_forget`,
and its keeper's records (app.wordle.tournament_keeper); Start is the screen's own
(it starts the clock). The rules are the engine's (new_lobby, rename) and the
records' (add_member): this only turns input into their calls.
"""

import random

from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.wordle.letters import LANGUAGES
from games.wordle.nicknames import make_nickname
from games.wordle.tournament import new_lobby

from .. import browser
from ..wordle import records as tp
from .wordle_tournament_ui import isolated


class LobbyActions:
    # --- opening ---------------------------------------------------------------------------
    def _open_lobby(self, lang=None) -> None:
        """A new lobby: you (or the group) and bots rated within 200 of the leader."""
        self.mode = "loading"
        self.game, self.watching, self.focus, self.out_seen = None, None, None, False
        lang = lang or (self.group["lang"] if self.group else self.lang)
        self._load_words(lang, self._lobby_ready)

    def _lobby_ready(self) -> None:
        keeper = self.keeper
        data = keeper.ratings()
        if self.group is not None:
            humans = [
                {"name": name, "rating": tp.profile(data, name)["rating"]}
                for name in self.group["members"]
            ]
        else:
            me = tp.my_profile(data)
            humans = [{"name": me["name"], "rating": me["rating"]}]
        seed = keeper.new_lobby(self.speed, self.group is not None, self.seed_param)
        self.game = new_lobby(self.words, humans, seed)
        self.game.shared_keyboard = self.group is not None  # one keyboard, one clock (11.4)
        if self.group is None and tp.my_profile(data)["name"] is None:
            keeper.save_ratings(tp.set_my_name(data, self.game.players[0]["name"]))
        if not keeper.counted:  # its seed came from the address: its words may be known
            self.app.notice(
                "wordle-tournament-not-counted", lambda: self.t("frame.not_counted_known")
            )
        self.mode = "lobby"
        self.view.refresh()

    def _open_group(self, group: dict) -> None:
        self.group = group
        self.keeper.save_group(self.group)
        self.game, self.mode = None, "group"
        self.lang = group["lang"]

    def _new_group(self) -> dict:
        saved = self.keeper.saved_group()
        if saved is not None:
            return saved
        data = self.keeper.ratings()
        name = tp.my_profile(data)["name"]
        if name is None:
            name = make_nickname(SeededRng(random.randrange(MAX_SEED)))
            self.keeper.save_ratings(tp.set_my_name(data, name))
        return {"lang": self.lang, "members": [name]}

    def _refresh_address(self, solo: bool = False) -> None:
        """Keep the address the group's invite link (or the plain page)."""
        href = (
            tp.group_link(self.group)
            if self.group is not None and not solo
            else "#/wordle?mode=tournament"
        )
        browser.replace_hash(href)

    # --- actions ---------------------------------------------------------------------------
    def _act_lang(self, data) -> None:
        lang = data.get("value")
        if lang not in LANGUAGES:
            return
        if self.mode == "group":
            self.group = {**self.group, "lang": lang}
            self.keeper.save_group(self.group)
            self.lang = lang
            self.view.refresh()
        elif self.mode == "lobby":
            self.view.set_prefs(lang=lang)
            if self.group is not None:
                self.group = {**self.group, "lang": lang}
                self.keeper.save_group(self.group)
            self._open_lobby(lang)
            self.view.refresh()

    def _act_rename(self, data) -> None:
        if self.mode != "lobby" or self.game is None or self.group is not None:
            return
        name = data.get("value")
        if name is None:
            node = self._find("#wt-name")
            name = str(node.value) if node is not None else ""
        if name.strip() == self.game.players[0]["name"]:
            return
        try:
            self.game.rename(0, name)
        except IllegalMove as refused:
            self._say(self.t(refused.key, **refused.params), error=True)
            self.view.refresh()
            return
        name = self.game.players[0]["name"]
        self.keeper.save_ratings(tp.set_my_name(self.keeper.ratings(), name))
        self._say(self.t("wt.renamed", name=isolated(self.game.players[0]["name"])))
        self.app.announce(self.message)
        self.view.refresh()

    def _act_group_open(self, _data) -> None:
        if self.mode in ("lobby", "loading") or (self.game is not None and self.game.is_over):
            self._forget()
            self._open_group(self._new_group())
            self.message = ""
            self._refresh_address()
            self.view.refresh()

    def _act_solo(self, _data) -> None:
        if self.mode in ("group", "lobby"):
            self.group = None
            self.message = ""
            self._refresh_address(solo=True)
            self._open_lobby(self.view.prefs["lang"])
            self.view.refresh()

    def _act_add(self, data) -> None:
        if self.mode != "group":
            return
        name = data.get("value")
        node = self._find("#wt-member")
        if name is None:
            name = str(node.value) if node is not None else ""
            if not name.strip():
                return
        try:
            self.group = tp.add_member(self.group, name)
        except IllegalMove as refused:
            key = "wt.name_taken_group" if refused.key == "wordle.name_taken" else refused.key
            self._say(self.t(key, **refused.params), error=True)
            self.view.refresh()
            return
        self.keeper.save_group(self.group)
        self._say(self.t("wt.member_added", name=self.group["members"][-1]))
        self.app.announce(self.message)
        self._refresh_address()
        self.view.refresh()
        node = self._find("#wt-member")
        if node is not None:
            node.focus()

    def _act_remove(self, data) -> None:
        if self.mode != "group":
            return
        try:
            index = int(data.get("index", ""))
        except ValueError:
            return
        if not 1 <= index < len(self.group["members"]):
            return  # the leader stays
        name = self.group["members"][index]
        self.group = {
            **self.group,
            "members": self.group["members"][:index] + self.group["members"][index + 1 :],
        }
        self.keeper.save_group(self.group)
        self._say(self.t("wt.member_removed", name=name))
        self.app.announce(self.message)
        self._refresh_address()
        self.view.refresh()

    def _act_group_lobby(self, _data) -> None:
        if self.mode == "group":
            self.message = ""
            self._open_lobby(self.group["lang"])
            self.view.refresh()

    def _act_back_to_group(self, _data) -> None:
        """After the tournament everyone returns to the group screen (11.6)."""
        if self.game is not None and not self.game.humans_done:
            return
        self._forget()
        self.confirm_leave = False
        self._open_group(self.group or self._new_group())
        self.view.refresh()

    def _act_new(self, _data) -> None:
        if self.game is not None and self.mode == "game" and not self.game.humans_done:
            return
        self._forget()
        self.confirm_leave = False
        self._open_lobby(self.view.prefs["lang"] if self.group is None else None)
        self.view.refresh()
