"""The Wordle Tournament screen's opening and what comes before the start: the
tournament saved (resumed), a lobby, the group on this device, and their actions
(language, nickname, members).

`LobbyActions` is held by the screen on one device (screen.TournamentScreen) and has
its play (play.TournamentPlay): the state it reads and sets (mode, game, group, lang,
message, ...); records go through the play's keeper (app.wordle.tournament_keeper);
Start is the play's (it starts the clock). The rules are the engine's (new_lobby,
rename) and the records' (add_member, remove_member): this only turns input into their
calls.
"""

import random
from typing import Any

from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.wordle.letters import LANGUAGES
from games.wordle.nicknames import make_nickname
from games.wordle.tournament import Tournament, new_lobby

from .. import browser
from ..wordle import records as tp
from .play import TournamentPlay
from .round_actions import Data
from .ui import isolated


class LobbyActions:
    def __init__(self, play: TournamentPlay) -> None:
        self.play = play

    # --- opening ---------------------------------------------------------------------------
    def open_saved(self, saved: dict[str, Any]) -> None:
        """The tournament saved (a reload within 60 s resumes it), once its words are
        loaded; a save this page cannot read gives a new lobby."""
        play = self.play
        state, meta = saved["state"], saved["meta"]
        lang = state.get("lang")
        if lang not in LANGUAGES:
            play.keeper.discard_bad()
            self.open_lobby()
            return
        play.keeper.resume(meta)
        if meta.get("group"):
            play.group = play.keeper.saved_group()
        play.mode = "loading"
        play.load_words(lang, lambda: self.saved_ready(state))

    def saved_ready(self, state: dict[str, Any]) -> None:
        play = self.play
        try:
            game = Tournament.from_json(state, play.loaded_words())
        except BadState:
            play.keeper.discard_bad()
            play.say(play.t("wt.save_lost"), error=True)
            self.open_lobby()
            return
        play.game, play.mode = game, "game"
        play.keeper.take_over()
        play.seen = len(game.log)
        game.resume(play.now())
        play.catch_up(announce_all=False)
        play.save(force=True)
        play.ask_plans()
        play.start_ticking()
        play.refresh()

    def open_lobby(self, lang: str | None = None) -> None:
        """A new lobby: you (or the group) and bots rated within 200 of the leader."""
        play = self.play
        play.mode = "loading"
        play.game, play.watching, play.focus, play.out_seen = None, None, None, False
        lang = lang or (play.group["lang"] if play.group else play.lang)
        play.load_words(lang, self.lobby_ready)

    def lobby_ready(self) -> None:
        play = self.play
        keeper = play.keeper
        data = keeper.ratings()
        if play.group is not None:
            humans = [
                {"name": name, "rating": tp.profile(data, name)["rating"]}
                for name in play.group["members"]
            ]
        else:
            me = tp.my_profile(data)
            humans = [{"name": me["name"], "rating": me["rating"]}]
        seed = keeper.new_lobby(play.speed, play.group is not None, play.seed_param)
        play.game = new_lobby(play.loaded_words(), humans, seed)
        play.game.shared_keyboard = play.group is not None  # one keyboard, one clock (11.4)
        if play.group is None and tp.my_profile(data)["name"] is None:
            keeper.save_ratings(tp.set_my_name(data, play.game.players[0]["name"]))
        if not keeper.counted:  # its seed came from the address: its words may be known
            play.app.notice(
                "wordle-tournament-not-counted", lambda: play.t("frame.not_counted_known")
            )
        play.mode = "lobby"
        play.refresh()

    def open_group(self, group: dict[str, Any]) -> None:
        play = self.play
        play.group = group
        play.keeper.save_group(play.group)
        play.game, play.mode = None, "group"
        play.lang = group["lang"]

    def new_group(self) -> dict[str, Any]:
        play = self.play
        saved = play.keeper.saved_group()
        if saved is not None:
            return saved
        data = play.keeper.ratings()
        name = tp.my_profile(data)["name"]
        if name is None:
            name = make_nickname(SeededRng(random.randrange(MAX_SEED)))
            play.keeper.save_ratings(tp.set_my_name(data, name))
        return {"lang": play.lang, "members": [name]}

    def refresh_address(self, solo: bool = False) -> None:
        """Keep the address the group's invite link (or the plain page)."""
        play = self.play
        href = (
            tp.group_link(play.group)
            if play.group is not None and not solo
            else "#/wordle?mode=tournament"
        )
        browser.replace_hash(href)

    # --- actions ---------------------------------------------------------------------------
    def act_lang(self, data: Data) -> None:
        play = self.play
        lang = data.get("value")
        if lang not in LANGUAGES:
            return
        if play.mode == "group" and play.group is not None:
            play.group = {**play.group, "lang": lang}
            play.keeper.save_group(play.group)
            play.lang = lang
            play.refresh()
        elif play.mode == "lobby":
            play.view.set_prefs(lang=lang)
            if play.group is not None:
                play.group = {**play.group, "lang": lang}
                play.keeper.save_group(play.group)
            self.open_lobby(lang)
            play.refresh()

    def act_rename(self, data: Data) -> None:
        play = self.play
        if play.mode != "lobby" or play.game is None or play.group is not None:
            return
        name = data.get("value")
        if name is None:
            node = play.page.find("#wt-name")
            name = str(node.value) if node is not None else ""
        if name.strip() == play.game.players[0]["name"]:
            return
        try:
            play.game.rename(0, name)
        except IllegalMove as refused:
            play.say(play.t(refused.key, **refused.params), error=True)
            play.refresh()
            return
        name = play.game.players[0]["name"]
        play.keeper.save_ratings(tp.set_my_name(play.keeper.ratings(), name))
        play.say(play.t("wt.renamed", name=isolated(play.game.players[0]["name"])))
        play.app.announce(play.message)
        play.refresh()

    def act_group_open(self, _data: Data) -> None:
        play = self.play
        if play.mode in ("lobby", "loading") or (play.game is not None and play.game.is_over):
            play.forget()
            self.open_group(self.new_group())
            play.message = ""
            self.refresh_address()
            play.refresh()

    def act_solo(self, _data: Data) -> None:
        play = self.play
        if play.mode in ("group", "lobby"):
            play.group = None
            play.message = ""
            self.refresh_address(solo=True)
            self.open_lobby(play.view.prefs["lang"])
            play.refresh()

    def act_add(self, data: Data) -> None:
        play, group = self.play, self.play.group
        if play.mode != "group" or group is None:
            return
        name = data.get("value")
        node = play.page.find("#wt-member")
        if name is None:
            name = str(node.value) if node is not None else ""
            if not name.strip():
                return
        try:
            group = play.group = tp.add_member(group, name)
        except IllegalMove as refused:
            key = "wt.name_taken_group" if refused.key == "wordle.name_taken" else refused.key
            play.say(play.t(key, **refused.params), error=True)
            play.refresh()
            return
        play.keeper.save_group(group)
        play.say(play.t("wt.member_added", name=group["members"][-1]))
        play.app.announce(play.message)
        self.refresh_address()
        play.refresh()
        node = play.page.find("#wt-member")
        if node is not None:
            node.focus()

    def act_remove(self, data: Data) -> None:
        play, group = self.play, self.play.group
        if play.mode != "group" or group is None:
            return
        try:
            index = int(data.get("index", ""))
        except ValueError:
            return
        smaller = tp.remove_member(group, index)
        if smaller is None:
            return
        name = group["members"][index]
        play.group = smaller
        play.keeper.save_group(smaller)
        play.say(play.t("wt.member_removed", name=name))
        play.app.announce(play.message)
        self.refresh_address()
        play.refresh()

    def act_group_lobby(self, _data: Data) -> None:
        play = self.play
        if play.mode == "group" and play.group is not None:
            play.message = ""
            self.open_lobby(play.group["lang"])
            play.refresh()

    def act_back_to_group(self, _data: Data) -> None:
        """After the tournament everyone returns to the group screen (11.6)."""
        play = self.play
        if play.game is not None and not play.game.humans_done:
            return
        play.forget()
        play.confirm_leave = False
        self.open_group(play.group or self.new_group())
        play.refresh()

    def act_new(self, _data: Data) -> None:
        play = self.play
        if play.game is not None and play.mode == "game" and not play.game.humans_done:
            return
        play.forget()
        play.confirm_leave = False
        self.open_lobby(play.view.prefs["lang"] if play.group is None else None)
        play.refresh()


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
