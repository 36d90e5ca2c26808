"""#/find's markup: "Find an opponent", a stranger for a game of one kind, met over the same
public relays as one link (app.peer.lobby), from a `Screen` and the translations. Pure: no
browser, no connection."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .. import router
from ..html import Markup, h
from ..peer.ratings import START
from ..peer.strangers import VARIANTS, Variant
from .connect_panels import button, name_input

Translate = Callable[..., str]

OPT_IN, CHOOSE, SEEKING, NO_RELAY = "opt_in", "choose", "seeking", "no_relay"
GROUPS = ("battleship", "deblockle", "dominoes")  # a button per variant; Wordle: a language


@dataclass(frozen=True)
class Screen:
    stage: str
    name: str
    variant: str | None = None  # the one looked for
    wordle_lang: str = "en"
    others: int = 0  # other players looking for it now
    relays_up: int = 0
    relays: int = 0
    ratings: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # by variant
    again: bool = False  # back after a stranger who never came


def variant_name(variant: Variant, t: Translate) -> str:
    args = {name: t(key) for name, key in variant.label_args.items()}
    return t(variant.label_key, **args)


def rating_of(screen: Screen, key: str) -> int:
    return screen.ratings.get(key, {}).get("rating", START)


def status_text(screen: Screen, t: Translate) -> str:
    variant = VARIANTS.get(screen.variant or "")
    game = variant_name(variant, t) if variant else ""
    if screen.stage == SEEKING:
        return t("find.status.seeking", game=game, count=screen.others)
    return t(f"find.status.{screen.stage}")


def render(screen: Screen, t: Translate) -> Markup:
    stage = screen.stage
    return h(
        "section",
        {"class": "page connect find", "data-page": "find", "data-stage": stage},
        h("h1", {"tabindex": "-1"}, t("find.title")),
        h(
            "p",
            {"class": "connect-status", "id": "find-status", "role": "status"},
            status_text(screen, t),
        ),
        h("p", {"class": "hint"}, t("find.again")) if screen.again and stage == CHOOSE else None,
        name_input(screen.name, stage == SEEKING, t, "find.nickname_label"),
        h("p", {"class": "hint"}, t("find.nickname")),
        opt_in_panel(t) if stage == OPT_IN else None,
        choose_panel(screen, t) if stage == CHOOSE else None,
        seeking_panel(screen, t) if stage == SEEKING else None,
        h("p", {}, h("a", {"href": router.href("find")}, t("invite.again")))
        if stage == NO_RELAY
        else None,
        h("p", {"class": "hint"}, t("find.ratings")),
        h(
            "p",
            {"class": "hint"},
            h("a", {"href": router.href("invite")}, t("find.friend")),
        ),
    )


def opt_in_panel(t: Translate) -> Markup:
    """What looking for a stranger uses, and what each outside server and the other players
    learn, before anything is sent."""
    return h(
        "div",
        {"class": "invite-opt-in"},
        h("h2", {}, t("find.opt_in.heading")),
        h("p", {}, t("find.opt_in.lobby")),
        h("p", {}, t("invite.opt_in.relays")),
        h("p", {}, t("invite.opt_in.stun")),
        h("p", {"class": "hint"}, t("invite.opt_in.remembered")),
        h(
            "div",
            {"class": "connect-actions"},
            button("opt-in", t("invite.opt_in.yes")),
            h("a", {"class": "button subtle", "href": router.href("hub")}, t("find.opt_in.no")),
        ),
    )


def seek_button(screen: Screen, variant: Variant, t: Translate) -> Markup:
    return h(
        "button",
        {
            "type": "button",
            "class": "button",
            "data-action": "seek",
            "data-variant": variant.key,
        },
        variant_name(variant, t),
        h(
            "span",
            {"class": "find-rating"},
            t("find.rating", rating=rating_of(screen, variant.key)),
        ),
    )


def choose_panel(screen: Screen, t: Translate) -> Markup:
    wordle = [variant for variant in VARIANTS.values() if variant.route == "wordle"]
    chosen = VARIANTS.get(f"wordle/{screen.wordle_lang}") or wordle[0]
    return h(
        "div",
        {"class": "connect-choose find-choose"},
        h("h2", {}, t("find.choose.heading")),
        [
            h(
                "div",
                {"class": "connect-actions", "data-group": group},
                [
                    seek_button(screen, variant, t)
                    for variant in VARIANTS.values()
                    if variant.route == group
                ],
            )
            for group in GROUPS
        ],
        h(
            "div",
            {"class": "connect-actions find-wordle"},
            h("label", {"for": "find-wordle-lang"}, t("find.wordle_language")),
            h(
                "select",
                {"id": "find-wordle-lang", "data-action": "wordle-lang"},
                [
                    h(
                        "option",
                        {
                            "value": variant.params["lang"],
                            "selected": variant is chosen,
                        },
                        t(variant.label_args["language"]),
                    )
                    for variant in wordle
                ],
            ),
            seek_button(screen, chosen, t),
        ),
    )


def seeking_panel(screen: Screen, t: Translate) -> Markup:
    return h(
        "div",
        {"class": "find-seeking"},
        h(
            "p",
            {"class": "find-rating-line"},
            t("find.your_rating", rating=rating_of(screen, screen.variant or "")),
        ),
        h(
            "p",
            {"class": "hint invite-relays", "data-relays-up": screen.relays_up},
            t("invite.relays", up=screen.relays_up, count=screen.relays),
        ),
        h("div", {"class": "connect-actions"}, button("cancel", t("find.cancel"), subtle=True)),
    )
