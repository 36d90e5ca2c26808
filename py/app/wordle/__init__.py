"""The Wordle duel and Tournament in the browser, apart from their views: their records
and what keeps them (saving, the clock, results counted once)."""
