"""One position of a Wordle Tournament replay, drawn: what app.views.replay
asks of a game's drawing, `replay_board(state, t)` and the step's line
`replay_step(state, t, at, total)`. The state is a told tournament
(games.wordle.tournament_story.Story).

The page shows the round, the board of the duel the step played in (each
word only once its duel is over, as in the tournament), everyone's lives and
placements in standings order, the round's duels at a glance, and at the end
the final standings. Everyone is named by their nickname (a replay link may
be opened by anyone), shown as text. Pure: no browser, tested under CPython.
"""

from typing import TYPE_CHECKING, Any

from ..html import Markup, h
from ..i18n import Translator
from ..views import wordle_parts as parts
from . import round_draw
from . import side as side_draw
from .draw import standings_rows
from .ui import Context, Ui, isolated, signed

if TYPE_CHECKING:
    from games.wordle.tournament_story import Story

GAME = "wordle"


def replay_board(state: "Story", t: Translator) -> Markup:
    return ReplayDraw(state, t).board()


def replay_step(state: "Story", t: Translator, at: int, total: int) -> str:
    """The step that led to this position, in words (the page says it aloud)."""
    if at == 0:
        return t("wt.replay_start", total=total)
    return t("wt.replay_step", number=at, total=total, what=" ".join(ReplayDraw(state, t).said()))


class ReplayDraw:
    def __init__(self, state: "Story", t: Translator) -> None:
        self.c = Context(t, state.words, Ui(mode="game", names_only=True), state.view())
        self.t, self.words, self.view = t, self.c.words, self.c.view
        self.step = self.view["step"]

    def board(self) -> Markup:
        t, view = self.t, self.view
        language = parts.language_name(t, view["lang"])
        if view["phase"] == "over":
            head = t("wt.replay_over", round=view["round"], language=language)
        elif view["round"]:
            left = sum(1 for p in view["players"] if p["placement"] is None)
            head = t("wt.round_info", round=view["round"], left=left, language=language)
        else:
            head = t("wt.replay_before", language=language)
        return h(
            "div",
            {
                "class": "wordle-view replay-board wt-replay",
                "data-game": GAME,
                "data-lang": view["lang"],
                "data-round": view["round"],
                "data-phase": view["phase"],
            },
            h("p", {"class": "wt-round"}, head),
            h(
                "div",
                {"class": "wt-layout"},
                h("div", {"class": "wt-main"}, self.shown(), self.final()),
                h("aside", {"class": "wt-side", "aria-label": t("wt.side")}, self.side()),
            ),
        )

    # --- the main part ------------------------------------------------------------------
    def shown(self) -> Markup:
        """The duel the step played in (for a player's step, their duel), else
        the round's pairings, or before the first round the players."""
        view, step = self.view, self.step
        index = step.get("duel")
        if index is None and step.get("players"):
            index = next(
                (d["index"] for d in view["duels"] if step["players"][0] in d["players"]), None
            )
        if step["kind"] == "round" or (index is None and view["round"]):
            return self.pairings()
        if index is None:
            return h("p", {"class": "wt-card"}, self.t("wt.replay_lobby"))
        return self.replayed_duel(view["duels"][index])

    def pairings(self) -> Markup:
        t, view = self.t, self.view
        pairs = [round_draw.pair(self.c, d) for d in view["duels"]]
        rest = view["bye_player"]
        return h(
            "div",
            {"class": "wt-intro"},
            h("h2", {}, t("wt.round_title", round=view["round"])),
            h("ul", {"class": "wt-pairs"}, pairs),
            h("p", {"class": "wt-bye-line"}, t("wt.bye_line", name=self.c.name(rest)))
            if rest is not None
            else None,
        )

    def replayed_duel(self, duel: dict[str, Any]) -> Markup:
        t = self.t
        names = self.c.pair_names(duel)
        if duel["result"] is not None:
            status = round_draw.result_line(self.c, duel)
        else:
            status = t("wt.to_play", name=names[duel["turn"]])
        return h(
            "div",
            {
                "class": "wt-duel wt-watching",
                "data-duel": duel["index"],
                "data-rows": len(duel["rows"]),
            },
            h(
                "p",
                {"class": "wt-watch-title"},
                t("wt.duel_info", a=names[0], b=names[1], length=duel["length"]),
            ),
            h("p", {"class": "wd-status"}, status),
            parts.board(t, self.words, duel, names, None, []),
        )

    def final(self) -> Markup | None:
        """At the end, the final standings (rule 8.6)."""
        view = self.view
        if view["phase"] != "over":
            return None
        winners = view["winners"]
        names = ", ".join(self.c.name(pid) for pid in winners)
        return h(
            "section",
            {"class": "wt-end"},
            h("h2", {}, self.t("wt.end_title")),
            h(
                "p",
                {"class": "wt-lead"},
                self.t("wt.end_winner", name=names)
                if len(winners) == 1
                else self.t("wt.end_shared", names=names),
            ),
            standings_rows(
                self.t,
                [view["players"][pid] for pid in view["standings"]],
                human_tag="wt.tag_person",
            ),
        )

    # --- the side panel -----------------------------------------------------------------
    def side(self) -> list[Markup | None]:
        """Everyone's lives or placement, best first, and the round's duels."""
        t, view = self.t, self.view
        rows = [
            side_draw.side_player(self.c, p, t("wt.tag_person" if p["human"] else "wt.tag_bot"))
            for p in (view["players"][pid] for pid in view["standings"])
        ]
        duels = []
        for d in view["duels"]:
            names = self.c.pair_names(d)
            if d["result"] is not None:
                state = side_draw.short_result(self.c, d)
            else:
                state = t("wt.to_play", name=names[d["turn"]])
            current = d["index"] == self.step.get("duel")
            duels.append(
                h(
                    "li",
                    {
                        "class": "wt-duel-card",
                        "aria-current": "true" if current else None,
                        "data-duel": d["index"],
                    },
                    side_draw.duel_card(self.c, d, names, state),
                )
            )
        return side_draw.side_panel(self.c, rows, duels)

    # --- the step in words --------------------------------------------------------------
    def said(self) -> list[str]:
        t, view, step = self.t, self.view, self.step
        kind = step["kind"]
        names = ", ".join(self.c.name(pid) for pid in step["players"])
        if kind == "round":
            lines = [t("wt.replay_round", round=view["round"], count=len(view["duels"]))]
            if view["bye_player"] is not None:
                lines.append(t("wt.said_bye", name=self.c.name(view["bye_player"])))
        elif kind == "guess":
            duel = view["duels"][step["duel"]]
            word = "".join(self.words.tiles(duel["rows"][-1]["guess"])).upper()
            lines = [t("wt.replay_guess", name=names, word=word)]
        else:  # skip, away, back, leave, drop
            lines = [t(f"wt.replay_{kind}", name=names)]
        for index in step["ended"]:
            duel = view["duels"][index]
            word = self.words.display(duel["word"]).upper()
            a, b = self.c.pair_names(duel)
            winner = duel["result"].get("winner")
            lines.append(
                t("wt.said_draw", a=a, b=b, word=word)
                if winner is None
                else t("wt.said_won", name=self.c.name(duel["players"][winner]), word=word)
            )
        winners = view["winners"]
        for pid in step["placed"]:
            p = view["players"][pid]
            fields = {
                "name": isolated(p["name"]),
                "placement": p["placement"],
                "change": signed(p["rating_change"]),
                "rating": p["rating"] + p["rating_change"],
            }
            if p["placement"] != 1:
                key = "wt.said_out"
            else:
                key = "wt.said_winner" if len(winners) == 1 else "wt.replay_shared_first"
            lines.append(t(key, **fields))
        return lines
