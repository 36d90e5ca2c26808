"""#/connect for a table of 3 or 4 devices (Straight Dominoes) or a Wordle Tournament
group of up to 8: once a friend is connected, the host invites another, and another, each
with a link of their own, then hands every connection to the game's page (app.peer.rtc
keeps them across the change of page)."""

from ..games_list import REMOTE_GAMES
from ..peer.channel import OPEN
from ..remote.relay import MAX_GUESTS
from ..remote.saved_matches import MAX_TABLE_DEVICES, TABLE_GAMES
from ..remote.table_game import guest_ids

GROUP = "wordle-group"  # a Wordle Tournament group, each friend on their own device
MAX_GROUP_GUESTS = MAX_GUESTS  # the leader and 7 friends: a tournament's 8 seats
GROUP_ADDRESS = "#/wordle?mode=tournament&remote="  # + group-host | group-member
MAX_CODE = 20_000  # a reply code passed on by a friend: far more than any real one


def games_for(friends: int) -> tuple[str, ...]:
    """What the host may choose with this many friends connected."""
    if friends == 1:
        return (*REMOTE_GAMES, GROUP)
    return (*TABLE_GAMES, GROUP) if friends < MAX_TABLE_DEVICES else (GROUP,)


def open_links(friends: list, link) -> list:
    """The host's connections open now: earlier friends', then the one just made."""
    links = [*friends, link] if link is not None else list(friends)
    return [each for each in links if each.state == OPEN]


def hand_over(table: list, every_link: list) -> None:
    """The friends at the table become the game page's connections (by guest id); an
    invite not answered, a friend gone and an earlier table's friends are closed."""
    from ..peer import rtc

    for link in every_link:
        if link is not None and link not in table:
            link.close()
    for link in table:
        link.hold()
    for earlier in rtc.table.values():
        if earlier not in table:
            earlier.close()
    rtc.table = dict(zip(guest_ids(len(table)), table, strict=True))
    rtc.current = None


def group_address(role: str, speed: object = "") -> str:
    """The tournament page of a group's leader ("group-host") or member ("group-member");
    `speed` is the tests' fast clock, passed on."""
    speed = str(speed)
    return GROUP_ADDRESS + role + (f"&speed={speed}" if speed.isdigit() else "")
