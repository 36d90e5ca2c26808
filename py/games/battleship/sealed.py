"""A fleet sealed at Ready and shown at the end, in a game between two devices (public.py).

Its text is the ordinary "fleet" notation without the seat and the verb, ships in fleet
order: "carrier A1 h battleship C1 h cruiser E1 h submarine G1 h patrol I1 h". The seat
sends the commitment to it (games.common.commitment.digest of a 32-byte salt and the
text) at Ready, and shows the text and the salt at the end. A fleet shown is read by the
ordinary engine's placement rules (docs/rules/battleship.md 3.2 to 3.4)."""

from games.common.commitment import digest
from games.common.errors import IllegalMove

from .fleet import SHIP_IDS, Fleet
from .grid import square_name
from .state import new_game

WORDS = 3 * len(SHIP_IDS)  # ship, bow square, orientation for each ship


def fleet_words(fleet: Fleet) -> list[str]:
    """{ship: (bow index, orientation)} as its 15 words, in fleet order."""
    words = []
    for ship_id in SHIP_IDS:
        bow, orientation = fleet[ship_id]
        words += [ship_id, square_name(bow), orientation]
    return words


def sealed_text(words: list[str]) -> str:
    return " ".join(words)


def commitment(words: list[str], salt_hex: str) -> str:
    """The commitment to a fleet's words with this salt (64 hex digits)."""
    return digest(bytes.fromhex(salt_hex), sealed_text(words))


def shown_fleet(words: list[str]) -> tuple[Fleet | None, str | None]:
    """The fleet 15 words place, {ship: (bow index, orientation)}, and None; or None and
    the key of the placement rule they break (each of the five ships once, on the grid,
    across or down, no square shared)."""
    triples = [words[i : i + 3] for i in range(0, len(words), 3)]
    if len(words) != WORDS or sorted(ship for ship, _, _ in triples) != sorted(SHIP_IDS):
        return None, "battleship.unknown_ship"
    trial = new_game()
    ships = {ship: [square, orientation] for ship, square, orientation in triples}
    try:
        trial.apply({"type": "fleet", "player": 0, "ships": ships})
    except IllegalMove as refusal:
        return None, refusal.key
    return dict(trial.fleets[0]), None
