"""Statistics and rankings of every game, per version."""

from .. import replays, router, scores
from ..daily.today import today_number
from ..games_list import GAMES
from ..html import h
from ..wordle import records as tournament_records
from ..wordle.records import REPLAYS as TOURNAMENTS
from ..wordle.records import replay_href as tournament_href
from .base import View
from .stats_charts import by_level, distribution, rating_history, side_by_side
from .stats_dailies import dailies_block

RECENT_SHOWN = 5
# Games whose replays are listed in another game's section:
# their records, the link to one and the list's heading and item texts.
MORE_REPLAYS = {"wordle": (TOURNAMENTS, tournament_href, "wt.replay_recent", "wt.replay_watch")}


class StatsView(View):
    def title(self) -> str:
        return self.t("stats.title")

    def variant_name(self, game: str, variant: str) -> str:
        key = f"variant.{game}.{variant}"
        return self.t(key) if self.t.has(key) else self.t("variant.default")

    def named(self, key: str, game: str) -> str:
        """A figure's name, the game's own when it has one (Battleship's best is its fewest shots)."""
        return self.t(f"{key}.{game}") if self.t.has(f"{key}.{game}") else self.t(key)

    def figures_text(self, figures: dict) -> str:
        """The figures a game stored with a ranking, named in the player's language."""
        parts = []
        for name, value in figures.items():
            key = f"figure.{name}"
            if self.t.has(key):
                shown = f"{int(value) // 60}:{int(value) % 60:02d}" if name == "time_s" else value
                parts.append(self.t(key, value=shown))
        return " · ".join(parts)

    def score_cell(self, row: dict) -> list:
        """A ranked score, marked when the game was assisted (played with hints)."""
        mark = None
        if row["figures"].get("assisted"):
            mark = h(
                "span", {"class": "assisted", "data-assisted": True}, self.t("stats.assisted_mark")
            )
        return [self.t.number(row["score"]), " " if mark else None, mark]

    def recent_games(self, game: str, href=None, heading="replay.recent", item="replay.watch"):
        """Links to replay the last finished games, newest first."""
        kept = replays.kept(self.app.store, game)[-RECENT_SHOWN:]
        if not kept:
            return None
        href = href or (lambda entry: router.href("replay", game, r=replays.token(entry)))
        links = [
            h("li", {}, h("a", {"href": href(entry)}, self.t(item, date=entry.get("date") or "–")))
            for entry in reversed(kept)
        ]
        return h(
            "div",
            {"class": "recent-games", "data-recent": game},
            h("h3", {}, self.t(heading)),
            h("ul", {}, links),
        )

    def rating_chart(self):
        """The player's Wordle Tournament rating after each of their last tournaments."""
        ratings = self.app.store.load(tournament_records.RATING).data
        return rating_history(self.t, tournament_records.my_profile(ratings)["history"])

    def render(self):
        t = self.t
        sections = []
        today = today_number()
        for game in GAMES:
            stats = scores.stats_for(self.app.store, game.route)
            rankings = scores.rankings_for(self.app.store, game.route)
            body = []
            if game.route == "wordle":
                body.append(self.rating_chart())
            if not stats:
                body.append(h("p", {"class": "empty"}, t("stats.none")))
            for variant, entry in sorted(stats.items()):
                body.append(h("h3", {}, self.variant_name(game.route, variant)))
                figures = [("stats.played", t.number(entry["played"]))]
                # A version whose games count no winner (two people on one device) has no Won.
                if game.has_winner and (entry["won"] or "won" in (entry["last"] or {})):
                    figures.append(("stats.won", t.number(entry["won"])))
                if entry["best"] is not None:  # games without a score (Deblockle) have no best
                    figures.append(("stats.best", t.number(entry["best"])))
                scored = entry["totals"].get("scored", entry["played"])  # games that had a score
                if "score" in entry["totals"] and scored:
                    figures.append(
                        ("stats.average", t.number(round(entry["totals"]["score"] / scored, 1)))
                    )
                if entry["totals"].get("assisted"):  # games played with hints (Marbles)
                    figures.append(("stats.assisted", t.number(entry["totals"]["assisted"])))
                body.append(
                    h(
                        "dl",
                        {"class": "stat-grid"},
                        [
                            h(
                                "div",
                                {},
                                h("dt", {}, self.named(key, game.route)),
                                h("dd", {}, value),
                            )
                            for key, value in figures
                        ],
                    )
                )
                body.append(
                    side_by_side(distribution(t, game.route, entry), by_level(t, game.route, entry))
                )
                rows = rankings.get(variant, [])
                if rows:
                    body.append(
                        h(
                            "table",
                            {"class": "rankings"},
                            h("caption", {}, t("stats.rankings")),
                            h(
                                "thead",
                                {},
                                h(
                                    "tr",
                                    {},
                                    h("th", {"scope": "col"}, "#"),
                                    h(
                                        "th",
                                        {"scope": "col"},
                                        self.named("stats.score", game.route),
                                    ),
                                    h("th", {"scope": "col"}, t("stats.date")),
                                    h("th", {"scope": "col"}, t("stats.details")),
                                ),
                            ),
                            h(
                                "tbody",
                                {},
                                [
                                    h(
                                        "tr",
                                        {},
                                        h("td", {}, str(i + 1)),
                                        h("td", {}, self.score_cell(row)),
                                        h("td", {}, row["date"]),
                                        h("td", {}, self.figures_text(row["figures"])),
                                    )
                                    for i, row in enumerate(rows)
                                ],
                            ),
                        )
                    )
            body.append(dailies_block(t, self.app.store, game.route, today))
            body.append(self.recent_games(game.route))
            if game.route in MORE_REPLAYS:
                body.append(self.recent_games(*MORE_REPLAYS[game.route]))
            sections.append(
                h(
                    "section",
                    {"class": "stats-game", "data-stats": game.route},
                    h("h2", {}, t(game.name_key)),
                    body,
                )
            )
        return h(
            "section",
            {"class": "page stats", "data-page": "stats"},
            h("h1", {"tabindex": "-1"}, t("stats.title")),
            sections,
        )
