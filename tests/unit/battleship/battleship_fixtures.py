"""Hand-built fleets and games for the Battleship tests."""

from games.battleship import new_game

# Red's ships lie along rows A, C, E, G, I from column 1.
RED_FLEET = {
    "carrier": ("A1", "h"),  # A1-A5
    "battleship": ("C1", "h"),  # C1-C4
    "cruiser": ("E1", "h"),  # E1-E3
    "submarine": ("G1", "h"),  # G1-G3
    "patrol": ("I1", "h"),  # I1-I2
}
# Blue's ships stand down columns 10, 8, 6, 4, 2 from row A.
BLUE_FLEET = {
    "carrier": ("A10", "v"),  # A10-E10
    "battleship": ("A8", "v"),  # A8-D8
    "cruiser": ("A6", "v"),  # A6-C6
    "submarine": ("A4", "v"),  # A4-C4
    "patrol": ("A2", "v"),  # A2-B2
}
BLUE_SQUARES = {
    "carrier": ["A10", "B10", "C10", "D10", "E10"],
    "battleship": ["A8", "B8", "C8", "D8"],
    "cruiser": ["A6", "B6", "C6"],
    "submarine": ["A4", "B4", "C4"],
    "patrol": ["A2", "B2"],
}
# Squares no ship of either fleet covers.
WATER = ["J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8", "J9", "J10", "H5", "H6", "H7", "H8"]


def place_fleet(state, player, fleet):
    for ship, (square, orientation) in fleet.items():
        state.apply(
            {
                "type": "place",
                "player": player,
                "ship": ship,
                "square": square,
                "orientation": orientation,
            }
        )


def battle(mode="classic", announce_ship=True, edition="modern", seed=1):
    """A game with both hand-built fleets placed and ready, red to shoot."""
    state = new_game({"mode": mode, "announce_ship": announce_ship, "edition": edition}, seed)
    place_fleet(state, 0, RED_FLEET)
    place_fleet(state, 1, BLUE_FLEET)
    state.apply({"type": "ready", "player": 0})
    state.apply({"type": "ready", "player": 1})
    return state


def fire(state, *squares):
    return state.apply({"type": "fire", "squares": list(squares)})


def random_ready_game(options, seed):
    state = new_game(options, seed)
    for player in (0, 1):
        state.apply({"type": "random_fleet", "player": player})
        state.apply({"type": "ready", "player": player})
    return state
