"""A small built-in English word list, for tests and simulations when the
generated lists (static/words/<lang>.json) are not at hand. Common words, all
plain a-z; the accepted guesses are the answers plus a few more."""

from games.common.protocol import Json

from .dictionary import Dictionary

ANSWERS = {
    4: """able back bake band bank bark barn bead beam bear beat bell belt bend
        bird bite blow blue boat bold bolt bone book boot bowl burn cake calm
        card care cart cave coal coat code cold cone cook cord core corn cost
        crow dark dart dawn deal dear deep desk dime dine dirt dish dock door
        dove down drum dusk dust earn east edge farm fast fern fire fish flag
        fork form fort frog gate gold golf harp heat herb hill home hope horn""",
    5: """about acorn adore alert alike apple apron arise badge baker beach berry
        blame blend bloom board brave bread brick brisk brush cabin camel candy
        cargo chair chalk charm chase chest chief cider claim clerk cliff climb
        cloud coral crane crisp crowd crown daisy dance delta diary drift eagle
        earth ember fable feast field flame flint flock flute frost fruit grain
        grape grass heart honey horse lemon light maple melon night ocean olive""",
    6: """almond anchor animal autumn badger barley basket beacon bottle bridge
        bright bucket butter candle carpet castle cheese cherry circle clever
        cobalt cotton dragon driver engine falcon farmer flower forest garden
        ginger golden guitar hammer harbor island jacket jungle kettle ladder
        lantern leader letter linen magnet meadow mirror monkey needle orange
        parrot pencil pepper pillow planet pocket rabbit ribbon rocket silver""",
}
EXTRA_GUESSES = {
    4: "arch aunt axes loud mild pint rust salt slim town",
    5: "slate trace crate stare raise adieu roast least tears notes",
    6: "stripe salted stolen tinsel reason ponies",
}


def sample_data() -> Json:
    answers = {n: [w for w in text.split() if len(w) == n] for n, text in ANSWERS.items()}
    guesses = {n: sorted(set(answers[n]) | set(EXTRA_GUESSES[n].split())) for n in answers}
    return {
        "language": "en",
        "version": 1,
        "answers": {str(n): words for n, words in answers.items()},
        "guesses": {str(n): words for n, words in guesses.items()},
    }


def sample_dictionary() -> Dictionary:
    return Dictionary("en", sample_data())
