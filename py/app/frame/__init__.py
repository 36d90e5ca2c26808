"""The frame every game runs in: a game's frontend (frontend.py, the typed hooks) and the
one game view that runs them (game_view.py). See docs/ARCHITECTURE.md."""
