"""Today's Wordle on the frame's terms: the one-player game, drawn with the duel's board and keys."""
