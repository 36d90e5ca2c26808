"""The Wordle Tournament's numbers, phases and records, in one light module: the
engine's parts, its saved form, its story and the pages all read them from here.

Rules of record: docs/rules/wordle-tournament.md. Life of a tournament (`phase`):

    lobby --start--> intro --6 s--> playing --last duel over--> intro ... --> over
      `--leave (last human)--> abandoned
"""

from typing import Any

from . import rating

SEATS = rating.SEATS  # 8: rating.py rates a placement against the other 7
LIVES = 3
INTRO_MS = 6_000
GRACE_MS = 60_000  # a lost connection's time to come back
# A bot's guess lands this long after its turn starts at the earliest (the players
# of players.py think at least 5 s): a plan asked of the thinker has until then.
BOT_MIN_THINK_MS = 5_000
PLAYING, ENDED = ("intro", "playing"), ("over", "abandoned")
PHASES = ("lobby", *PLAYING, *ENDED)
LEAVE_REASONS = ("left", "disconnect")

# The records are JSON, saved as they are (tournament_saved): a player
# (tournament_lobby.new_player), a round and its matches (tournament_round), an
# event (tournament_events). A match's "duel" is a Duel object until it is saved.
PlayerRecord = dict[str, Any]
Round = dict[str, Any]
Match = dict[str, Any]
Event = dict[str, Any]
