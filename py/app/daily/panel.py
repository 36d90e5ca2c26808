"""What a daily adds to its game's page (the game itself is drawn by its frontend): a line
that says which daily this is and that it has one try on this device; once it is over, the
window with the result, the streak, Share and Copy, and a friend's result beside this one.
Pure markup, from what app.frame.daily_play hands it."""

from collections.abc import Callable
from dataclasses import dataclass

from .. import router
from ..html import Markup, h
from .games import DailyRules, name_key
from .records import DailyResult, Streaks, Tally
from .share import Friend, compared


@dataclass(frozen=True)
class DailyPage:
    game: str
    number: int
    rules: DailyRules
    streaks: Streaks
    tally: Tally  # the dailies of this game played and won on this device
    mine: DailyResult | None  # this device's result of the day, once played
    friend: Friend | None  # a friend's result from the link opened
    refused: str  # the catalogue key of why the link's result was left out ("": it was not)
    share_text: str  # the card, once this device has a result
    can_share: bool  # the system's share sheet is there


def banner(t: Callable[..., str], page: DailyPage) -> Markup:
    game = t(name_key(page.game))
    friend = page.friend
    same_day = friend is not None and friend.number == page.number
    other_day = friend is not None and not same_day
    return h(
        "section",
        {"class": "daily-banner", "data-daily": page.number},
        h("h2", {}, t("daily.title", number=page.number, game=game)),
        h(
            "p",
            {},
            t("daily.one_try"),
            " ",
            h("a", {"href": router.href(page.game)}, t("daily.ordinary", game=game)),
        ),
        h("p", {"data-daily-refused": True}, t(page.refused)) if page.refused else None,
        h("p", {"data-daily-waiting": True}, t("daily.friend_waiting"))
        if same_day and page.mine is None
        else None,
        h("p", {"data-daily-other-day": True}, t("daily.friend_other_day", number=friend.number))
        if other_day and friend is not None and page.mine is None
        else None,
    )


def window(t: Callable[..., str], page: DailyPage) -> Markup | None:
    """The game-over window of a daily (None until this device has the day's result)."""
    if page.mine is None:
        return None
    game = t(name_key(page.game))
    return h(
        "dialog",
        {
            "class": "daily-over",
            "id": "daily-over",
            "data-game-over": True,
            "aria-labelledby": "daily-over-title",
        },
        h("h2", {"id": "daily-over-title"}, t("daily.title", number=page.number, game=game)),
        results(t, page),
        h(
            "p",
            {"class": "daily-streak", "data-daily-streak": True},
            t("daily.streak", current=page.streaks.current, best=page.streaks.best),
            " · ",
            t("daily.played", count=page.tally.played)
            if page.mine.won is None
            else t("daily.played_won", count=page.tally.played, won=page.tally.won),
        ),
        h("pre", {"class": "daily-card", "data-daily-card": True}, page.share_text),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "daily-share"},
                t("daily.share"),
            )
            if page.can_share
            else None,
            h(
                "button",
                {
                    "type": "button",
                    "class": "button" + (" subtle" if page.can_share else ""),
                    "data-action": "daily-copy",
                    "autofocus": True,
                },
                t("daily.copy"),
            ),
            h("a", {"class": "button subtle", "href": router.href("hub")}, t("daily.to_hub")),
        ),
        h("p", {"class": "daily-tomorrow"}, t("daily.tomorrow")),
    )


def results(t: Callable[..., str], page: DailyPage) -> Markup:
    """This device's figures, and a friend's beside them when the link named the same day."""
    assert page.mine is not None
    friend = page.friend
    if friend is None or friend.number != page.number:
        rows = [(name, page.mine.figures.get(name, "")) for name in page.rules.figures]
        other_day = (
            h(
                "p",
                {"data-daily-other-day": True},
                t("daily.friend_other_day", number=friend.number),
            )
            if friend is not None
            else None
        )
        return h(
            "div",
            {},
            h(
                "dl",
                {"class": "daily-figures"},
                [
                    h("div", {}, h("dt", {}, t(f"daily.figure.{n}")), h("dd", {}, v))
                    for n, v in rows
                ],
            ),
            other_day,
        )
    return h(
        "table",
        {"class": "daily-compare", "data-daily-compare": True},
        h("caption", {}, t("daily.compare.caption")),
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("th", {"scope": "col"}, t("daily.compare.figure")),
                h("th", {"scope": "col"}, t("daily.compare.you")),
                h("th", {"scope": "col"}, t("daily.compare.friend")),
            ),
        ),
        h(
            "tbody",
            {},
            [
                h(
                    "tr",
                    {},
                    h("th", {"scope": "row"}, t(f"daily.figure.{name}")),
                    h("td", {}, mine),
                    h("td", {}, theirs),
                )
                for name, mine, theirs in compared(page.rules, page.mine, friend.result)
            ],
        ),
    )
