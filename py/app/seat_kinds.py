"""Who plays a seat, as the midend, its saves and the protocol between devices name it."""

HUMAN = "human"  # a person at this screen
COMPUTER = "computer:"  # + a level, e.g. "computer:hard"
REMOTE = "remote"  # a person on another device: their moves arrive through app.remote


def computer(level: str) -> str:
    return COMPUTER + level
