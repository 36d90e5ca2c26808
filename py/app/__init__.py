"""The browser layer: router, views, storage, translations. Engines live in py/games."""
