"""Battleship: classic, Salvo and Advanced Salvo.

    state = new_game({"mode": "classic", "edition": "modern", "announce_ship": True}, seed)
    state.apply({"type": "random_fleet", "player": 0}); state.apply({"type": "ready", "player": 0})
    ... the same for player 1, then
    state.apply({"type": "fire", "squares": ["D4"]})   # a salvo lists several squares

Players are 0 (red, shoots first) and 1 (blue). Squares are named "A1".."J10"
(row letter, column number). Computer players live in `games.battleship.ai`.
"""

from .state import State, new_game

__all__ = ["State", "new_game"]
