"""Wordle: letter rules per language (letters.py); word lists live in static/words/."""
