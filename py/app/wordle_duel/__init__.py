"""The Wordle practice duel on the frame's terms: its UI state, input, changes, drawing."""
