"""Today's game on the one game view (docs/rules/README.md, Today's game): a game started
with the day's seed and the daily's fixed options and seats (app.daily.games), saved apart
from the game's own (saved:<game>-daily), with one try: no new game, restart, undo or hint.
It never counts in the statistics, rankings or ratings (it is started as a known game); its
result goes to the dailies' own records (app.daily.records) and its game-over window is the
daily's (app.daily.panel): the streak, the share card and a friend's result beside it."""

from dataclasses import replace
from typing import TYPE_CHECKING

from .. import router
from ..daily import records
from ..daily.days import daily_seed
from ..daily.games import DailyRules, rules_of
from ..daily.panel import DailyPage, banner, window
from ..daily.share import TODAY, Friend, Refused, friend_from, href, share_text, token
from ..daily.today import today_number
from ..html import Markup
from ..views import connect_sharing as sharing
from .frontend import Command, Facts, Input
from .seats import midend_seats
from .starting import Opening

if TYPE_CHECKING:
    from .game_view import GameView

# (and Deblockle's New game dialog and Play again, which lead to "new")
ONE_TRY = frozenset({"new", "restart", "undo", "redo", "hint", "version", "new-dialog", "again"})


class DailyPlay:
    """The daily a game view plays: the day's number, the daily's rules, a friend's result."""

    def __init__(self, game: str, rules: DailyRules, number: int, params: dict[str, str]):
        self.game, self.rules, self.number = game, rules, number
        self.seed = daily_seed(number, game, rules.variant)
        self.friend: Friend | None = None
        self.refused = ""
        if "vs" in params:
            try:
                self.friend = friend_from(params["vs"], game, rules)
            except Refused as refusal:
                self.refused = refusal.why

    @classmethod
    def of(cls, route: router.Route, game: str) -> "DailyPlay | None":
        rules = rules_of(game)
        if route.params.get("daily") != TODAY or rules is None or route.params.get("remote"):
            return None
        return cls(game, rules, today_number(), dict(route.params))

    def opening(self, view: "GameView") -> Opening:
        """Today's daily as saved, else today's daily from its start (which says, once, that
        it counts in the dailies' records alone)."""
        view.not_counted_key = "daily.not_counted"
        midend = view.midend
        meta = midend.resume()
        if meta is not None and midend.seed == self.seed:
            return Opening(meta)
        seats = midend_seats(list(self.rules.seats))
        return Opening(None, (self.rules.options(), self.seed, seats, True))

    def href(self) -> str:
        return href(
            self.game,
            token(self.game, self.friend.number, self.friend.result)
            if self.friend is not None
            else None,
        )

    def refuses(self, given: Input | Command) -> bool:
        """Is this what a daily's one try does without (a new game, undo, a hint...)?"""
        name = given.name if isinstance(given, Command) else given.action
        return name in ONE_TRY

    def finished(self, view: "GameView") -> None:
        """The day's result kept (the first of the day only), once the rules ended it."""
        if view.state is not None and view.state.is_over:
            records.record(view.app.store, self.game, self.number, self.rules.summary(view.state))

    def page(self, view: "GameView", facts: Facts) -> Markup:
        """The game as its frontend draws it, without its own game-over window, undo or game
        number, and the daily's line and window."""
        # (its number and how it counts are the daily's line: not the game's own)
        facts = replace(
            facts, outcome=None, can_undo=False, can_redo=False, seed_shown=False, counted=True
        )
        drawn = view.frontend.draw(view.state, view.ui, facts, view.t)
        shown = self.shown(view)
        return Markup(
            f'<div class="daily-play">{banner(view.t, shown)}{window(view.t, shown) or ""}{drawn}</div>'
        )

    def shown(self, view: "GameView") -> DailyPage:
        store, t = view.app.store, view.t
        mine = records.result_of(store, self.game, self.number)
        streaks = records.streaks(store, self.game, self.number)
        card = ""
        if mine is not None:
            page_url = sharing.page_address()
            card = share_text(t, self.game, self.number, self.rules, mine, streaks, page_url)
        return DailyPage(
            self.game,
            self.number,
            self.rules,
            streaks,
            records.tally(store, self.game),
            mine,
            self.friend,
            self.refused,
            card,
            sharing.can_share(),
        )

    def action(self, action: str, view: "GameView") -> bool:
        """Share or Copy of the daily's window; whether the action was one of them."""
        if action not in ("daily-share", "daily-copy"):
            return False
        card = self.shown(view).share_text
        if action == "daily-share":
            sharing.share(card, view.t("daily.share_title", number=self.number), as_link=False)
        else:
            sharing.copy(card)
            view.app.announce(view.t("daily.copied"))
        return True
