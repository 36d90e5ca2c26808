"""Computer players for Battleship: computer_player("easy" | "medium" | "hard")."""

from .players import STRENGTHS, ComputerPlayer, computer_player

__all__ = ["STRENGTHS", "ComputerPlayer", "computer_player"]
