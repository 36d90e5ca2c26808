"""One language's words, loaded from static/words/<lang>.json.

Words are stored normalised (see letters.py). Inside the engine a word is a
"tile string": each tile becomes one character, so len(word) is its length in
tiles and feedback compares characters. Languages whose tiles are all single
characters use the normalised word as it is; multi-character tiles (Uzbek "sh",
"oʻ", ...) get a private-use character each.
"""

from games.common.errors import BadState, IllegalMove
from games.common.protocol import Json

from . import letters

LENGTHS = (4, 5, 6)
PRIVATE_USE = 0xE000


class Dictionary:
    def __init__(self, lang: str, data: Json):
        if not isinstance(data, dict) or data.get("language") != lang:
            raise BadState(f"word list is not for {lang!r}")
        self.lang = lang
        multi = [tile for tile in letters.alphabet(lang) if len(tile) > 1]
        self._to_char = {tile: chr(PRIVATE_USE + i) for i, tile in enumerate(multi)}
        self._to_tile = {char: tile for tile, char in self._to_char.items()}
        try:
            self.answers = {n: [self.encode(w) for w in data["answers"][str(n)]] for n in LENGTHS}
            guesses = {n: [self.encode(w) for w in data["guesses"][str(n)]] for n in LENGTHS}
        except (KeyError, TypeError, ValueError) as error:
            raise BadState(f"bad word list for {lang}: {error}") from error
        self.guesses = {n: frozenset(words) for n, words in guesses.items()}
        self.guess_lists = guesses
        self._display = {self.encode(k): v for k, v in data.get("display", {}).items()}
        # length -> {candidate-set fingerprint: guess}, see solver.py
        self.book: dict[int, dict[str, str]] = {}

    def load_book(self, data: Json) -> None:
        """The expert's precomputed decisions (static/words/<lang>.book.json)."""
        if not isinstance(data, dict) or data.get("language") != self.lang:
            raise BadState(f"book is not for {self.lang!r}")
        self.book = {
            int(n): {k: self.encode(w) for k, w in moves.items()}
            for n, moves in data["moves"].items()
        }

    def probes(self, length: int) -> list[str]:
        """Informative words to try when judging a position live: the book's
        guesses first (they split well), then the commonest answers."""
        booked = list(dict.fromkeys(self.book.get(length, {}).values()))
        return booked + self.answers[length][:200]

    def encode(self, normalised: str) -> str:
        if not self._to_char:
            return normalised
        return "".join(
            self._to_char.get(tile, tile) for tile in letters.tiles_of(self.lang, normalised)
        )

    def tile_chars(self) -> set[str]:
        """The characters an encoded word of this language is made of."""
        return {self.encode(tile) for tile in letters.alphabet(self.lang)}

    def tiles(self, word: str) -> list[str]:
        """The tiles of an encoded word, as the player sees them."""
        return [self._to_tile.get(char, char) for char in word]

    def display(self, word: str) -> str:
        """The answer as it is written (accents restored where folding took them)."""
        return self._display.get(word) or "".join(self.tiles(word))

    def parse(self, text: str, length: int) -> str:
        """The encoded word for what a player typed, or IllegalMove with the reason.

        Letters that can be read as tiles in more than one way (Welsh n+g, one
        tile "ng" or two) are read in each way, as typed first: the reading of
        `length` tiles that is in the list wins."""
        normalised = letters.normalise(self.lang, text)
        if not letters.is_word(self.lang, normalised):
            raise IllegalMove("wordle.bad_letters")
        if len(normalised) > length * max(map(len, letters.alphabet(self.lang))) + length:
            raise IllegalMove("wordle.wrong_length", length=length)
        readings = [
            "".join(self._to_char.get(tile, tile) for tile in tiles)
            for tiles in letters.splittings(self.lang, normalised)
        ]
        of_length = [word for word in readings if len(word) == length]
        if not of_length:
            raise IllegalMove("wordle.wrong_length", length=length)
        for word in of_length:
            if word in self.guesses[length]:
                return word
        raise IllegalMove("wordle.not_in_list", word=self.display(of_length[0]))
