"""Where each hidden ship may lie, ship by ship, from the announced results.

Returns the ids of the ships still to be located, one domain (list of
placement masks) for each, and the hit squares the hidden ships must cover
between them. With named hits every hit belongs to a known ship and a sunk ship
is fully known, so it drops out; without names (hits said only as "hit") sunk
ships stay in, pinned by when they sank.
"""

from ..fleet import LENGTH, SHIP_IDS
from ..grid import PLACEMENTS
from .knowledge import Knowledge

# (ids of the ships to locate, a domain of placement masks for each, hit squares to cover)
Domains = tuple[list[str], list[list[int]], int]


def hidden_domains(knowledge: Knowledge) -> Domains:
    if knowledge.named:
        return _named_domains(knowledge)
    return _unnamed_domains(knowledge)


def _named_domains(knowledge: Knowledge) -> Domains:
    ids: list[str] = []
    domains: list[list[int]] = []
    for ship_id in SHIP_IDS:
        if ship_id in knowledge.sunk:
            continue
        hits = knowledge.hits_by_ship[ship_id]
        forbidden = knowledge.shot & ~hits
        ids.append(ship_id)
        domains.append(
            [p for p in PLACEMENTS[LENGTH[ship_id]] if not p & forbidden and p & hits == hits]
        )
    return ids, domains, 0


def _unnamed_domains(knowledge: Knowledge) -> Domains:
    misses = knowledge.shot & ~knowledge.hits
    called_by = []  # squares called up to and including each own turn
    running = 0
    for salvo in knowledge.turns:
        running |= salvo
        called_by.append(running)
    ids: list[str] = []
    domains: list[list[int]] = []
    for ship_id in SHIP_IDS:
        candidates = [p for p in PLACEMENTS[LENGTH[ship_id]] if not p & misses]
        turn = knowledge.sunk.get(ship_id)
        if turn is None:
            # Afloat: some square of it is still uncalled.
            domain = [p for p in candidates if p & ~knowledge.shot]
        else:
            # Sunk on that turn: all of it called by then, part of it on that turn.
            before, on = called_by[turn], knowledge.turns[turn]
            domain = [p for p in candidates if p & ~before == 0 and p & on]
        ids.append(ship_id)
        domains.append(domain)
    return ids, domains, knowledge.hits
