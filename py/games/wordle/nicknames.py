"""Made-up nicknames ("QuietHeron") and the check of a chosen one.

Nicknames are plain data: the engine never builds markup from them, and the
page must show them as text (a nickname may well contain "<b>").
"""

from collections.abc import Iterable

from games.common.errors import IllegalMove
from games.common.rng import Rng

ADJECTIVES = (
    "Quiet",
    "Brave",
    "Swift",
    "Clever",
    "Sunny",
    "Misty",
    "Lucky",
    "Gentle",
    "Bold",
    "Calm",
    "Eager",
    "Jolly",
    "Nimble",
    "Proud",
    "Rapid",
    "Silent",
    "Witty",
    "Zesty",
    "Amber",
    "Azure",
    "Crimson",
    "Golden",
    "Silver",
    "Velvet",
    "Frosty",
    "Stormy",
    "Dusty",
    "Mellow",
    "Plucky",
    "Spry",
    "Tidy",
    "Wily",
    "Curious",
    "Daring",
    "Hidden",
    "Humble",
    "Merry",
    "Noble",
    "Rustic",
    "Steady",
)
ANIMALS = (
    "Heron",
    "Otter",
    "Badger",
    "Falcon",
    "Lynx",
    "Marten",
    "Puffin",
    "Raven",
    "Salmon",
    "Stoat",
    "Wren",
    "Hare",
    "Fox",
    "Owl",
    "Kestrel",
    "Newt",
    "Beaver",
    "Bison",
    "Crane",
    "Dormouse",
    "Egret",
    "Ferret",
    "Gecko",
    "Ibis",
    "Jackdaw",
    "Koala",
    "Lemur",
    "Magpie",
    "Narwhal",
    "Ocelot",
    "Panda",
    "Quail",
    "Robin",
    "Seal",
    "Tapir",
    "Walrus",
    "Yak",
    "Zebra",
    "Curlew",
    "Plover",
)
MAX_LENGTH = 24


def make_nickname(rng: Rng, taken: Iterable[str] = ()) -> str:
    """A fresh nickname from the seeded stream, different (ignoring case) from
    every name in `taken`."""
    used = {name.casefold() for name in taken}
    for _ in range(200):
        name: str = rng.choice(ADJECTIVES) + rng.choice(ANIMALS)
        if name.casefold() not in used:
            return name
    base = rng.choice(ADJECTIVES) + rng.choice(ANIMALS)
    number = 2
    while f"{base}{number}".casefold() in used:
        number += 1
    return f"{base}{number}"


def clean_nickname(text: object) -> str:
    """A nickname a player typed, trimmed with inner runs of space made single;
    IllegalMove("wordle.bad_nickname") when empty, too long or with control
    characters. Any other character is allowed: it is shown as text."""
    if not isinstance(text, str):
        raise IllegalMove("wordle.bad_nickname")
    name = " ".join(text.split())
    if (
        not name
        or len(name) > MAX_LENGTH
        or any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in name)
    ):
        raise IllegalMove("wordle.bad_nickname", max=MAX_LENGTH)
    return name
