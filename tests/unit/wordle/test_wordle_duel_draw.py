"""The practice duel drawn (app.wordle_duel.draw) from real duel positions
under CPython: the screen in play and over, one replayed position at a time; the
word only once the duel is over (docs/rules/wordle-tournament.md 3.7), every
word through the catalogue."""

import re
from html import unescape

from app.i18n import Translator
from app.wordle_duel import draw
from games.wordle.duel import TURN_MS
from games.wordle.duel_game import duel_game, guess, timeout
from games.wordle.sample_words import sample_dictionary

WORDS = sample_dictionary()
GAME = duel_game(WORDS)
T = Translator("en")


def duel(secret=7):
    return GAME.new_game({"lang": "en", "secret": secret}, 1)


def other_word(state, n=0):
    return [w for w in WORDS.guess_lists[state.length] if w != state.duel.word][n]


def played(state, *words):
    """Each seat in turn plays the next word one second into its turn."""
    for word in words:
        view = state.view_for(None)
        state.apply(guess(view["turn"], word, view["turn_started"] + 1000))
    return state


def text_of(html: str) -> str:
    labels = re.findall(r'aria-label="([^"]*)"', html)
    return unescape(re.sub(r"<[^>]+>", "\n", html) + "\n".join(labels))


def test_your_turn_shows_your_clock_your_typing_and_live_keys():
    state = duel()
    if state.current_player == 1:
        played(state, other_word(state))
    ui = draw.Ui(level="casual", time_left=12_300, typed=["c", "r"], message="Hm", shake=True)
    html = draw.page(T, WORDS, state.view_for(0), ui)
    assert "Your turn" in html and "0:13" in html and "13 seconds left" in html
    assert "Casual" in html and f"{state.length} letters" in html
    assert html.count("wd-typed") == 2 and "wd-current wd-you wd-shake" in html
    assert 'class="wd-message"' in html and ">Hm<" in html
    assert "disabled" not in html.split('class="wd-keyboard"')[1]
    assert state.duel.word.upper() not in text_of(html).upper().split()


def test_the_computers_turn_disables_the_keys():
    state = duel()
    if state.current_player == 0:
        played(state, other_word(state))
    html = draw.page(T, WORDS, state.view_for(0), draw.Ui(level="expert", time_left=TURN_MS))
    assert "Computer is thinking" in html and "wd-whose wd-them" in html
    keys = html.split('class="wd-keyboard"')[1]
    assert keys.count("disabled") == keys.count("<button")


def test_the_end_shows_the_result_the_word_and_what_next():
    state = duel()
    if state.current_player == 1:
        played(state, other_word(state))
    played(state, state.duel.word)
    html = draw.page(T, WORDS, state.view_for(0), draw.Ui(level="beginner"))
    word = WORDS.display(state.duel.word).upper()
    assert f"You solved it first! The word was {word}." in html
    assert 'data-action="wd-new-duel"' in html and "wd-clock" not in html
    lost = duel()
    if lost.current_player == 0:
        played(lost, other_word(lost))
    played(lost, lost.duel.word)
    assert "Your opponent solved it first" in draw.result_text(T, WORDS, lost.view_for(0))


def test_a_replayed_duel_shows_its_rows_and_the_word_only_at_the_end():
    state = duel(secret=3)
    positions = [state.copy()]
    played(state, other_word(state, 0), other_word(state, 1))
    positions.append(state.copy())
    state.apply(timeout(state.deadline))
    positions.append(state.copy())
    played(state, state.duel.word)
    positions.append(state.copy())
    word = WORDS.display(state.duel.word).upper()
    for number, position in enumerate(positions):
        html = draw.replay_board(position, T)
        assert "replay-board" in html and "wordle-view" in html and "wd-key" not in html
        rows = position.rows
        assert html.count("wd-row ") - html.count("wd-future") - html.count("wd-current") == len(
            rows
        )
        if number < len(positions) - 1:
            assert word not in text_of(html).upper().split() and "replay-figures" not in html
    assert "time ran out" in draw.replay_board(positions[2], T)
    assert f"The word was {word}" in draw.replay_board(positions[-1], T)


def test_a_duel_with_a_friend_names_them_and_seats_this_screen_where_the_coin_put_it():
    state = duel()
    friend_first = state.current_player == 0  # this screen sits in seat 1
    ui = draw.Ui(level="beginner", me=1, peer="Siân", time_left=TURN_MS)
    html = draw.page(T, WORDS, state.view_for(1), ui)
    text = text_of(html)
    assert "with Siân on another device" in text and "against the computer" not in text
    if friend_first:
        assert "Siân's turn" in text and "Your turn" not in text
        played(state, other_word(state))
    html = draw.page(T, WORDS, state.view_for(1), ui)
    assert "Your turn" in text_of(html)
    keys = html.split('class="wd-keyboard"')[1]
    assert "disabled" not in keys
    frozen = draw.page(T, WORDS, state.view_for(1), draw.Ui(level="", me=1, peer="S", frozen=True))
    assert frozen.split('class="wd-keyboard"')[1].count("disabled") == keys.count("<button")
    played(state, state.duel.word)  # this screen's guess: the word
    over = draw.page(T, WORDS, state.view_for(1), ui)
    assert "You solved it first" in text_of(over)
    assert 'data-action="wd-new-duel"' not in over  # the remote bar offers what comes next
    lost = duel()
    if lost.current_player == 1:
        played(lost, other_word(lost))
    played(lost, lost.duel.word)
    assert draw.result_text(T, WORDS, lost.view_for(1), 1, "Siân").startswith("Siân solved it")


def test_a_replay_of_a_duel_with_a_friend_names_the_friend_and_the_result_for_you():
    state = duel()
    if state.current_player == 0:
        played(state, other_word(state))
    played(state, state.duel.word)  # seat 1 solves it
    mine = draw.replay_board(state, T, seats=["remote", "human"])
    assert "Friend" in text_of(mine) and "Computer" not in text_of(mine)
    assert "You solved it first" in mine
    theirs = draw.replay_board(state, T, seats=["human", "remote"])
    assert "Your opponent solved it first" in theirs
    assert "Computer" in text_of(draw.replay_board(state, T, seats=["human", "computer:easy"]))


def test_every_word_drawn_comes_from_the_catalogue():
    pseudo = Translator("en", pseudo=True)
    state = duel()
    pages = [draw.page(pseudo, WORDS, state.view_for(0), draw.Ui(level="skilled", message=""))]
    played(state, other_word(state))
    state.apply(timeout(state.deadline))
    pages.append(draw.replay_board(state, pseudo))
    played(state, state.duel.word)
    pages += [
        draw.page(pseudo, WORDS, state.view_for(0), draw.Ui(level="skilled")),
        draw.replay_board(state, pseudo),
    ]
    for html in pages:
        text = text_of(html)
        while re.search(r"⟦[^⟦⟧]*⟧", text):  # translations nest: words inside lines
            text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        # Only the tiles of the rows and the keys are bare: letters, one a cell.
        assert all(len(bit) <= 2 for bit in re.findall(r"[^\W\d]+", text)), text


def test_the_drawing_loads_no_browser():
    import ast
    from pathlib import Path

    source = Path(draw.__file__).read_text()
    imported = {
        node.module or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
    }
    # (views: its wordle_parts, the board and keys the tournament draws too, pure as well;
    # router: the rules page's address; frame.frontend: the frame's types, such as
    # Translate; games: the engines' types, pure)
    outside_games = {module for module in imported if not module.startswith("games.")}
    assert outside_games <= {"dataclasses", "html", "router", "views", "frame.frontend"}, imported


# --- the duel between devices, whose word neither knows (games.wordle.hidden_duel_game) -----


def hidden_duel():
    from games.common.commitment import digest
    from games.wordle.hidden_duel import HiddenDuel
    from games.wordle.hidden_duel_game import HiddenDuelState

    state = HiddenDuelState(HiddenDuel(WORDS, 5, 0))
    for seat in (0, 1):
        commitment = digest(bytes(32), f"{seat}:{'ab' * 32}")
        state.apply({"type": "commit", "seat": seat, "commitment": commitment})
    return state


def test_a_guess_waiting_for_its_marks_is_drawn_as_checking_with_no_one_to_guess():
    state = hidden_duel()
    ui = draw.Ui(level="", me=1, peer="Siân", time_left=TURN_MS)
    guess_word = WORDS.answers[5][0]
    state.apply({"type": "guess", "seat": 0, "word": guess_word, "at": 1000})
    html = draw.page(T, WORDS, draw.between_turns(state.view_for(1)), ui)
    text = text_of(html)
    assert "wd-pending" in html and "checking…" in text and "wd-current" not in html
    assert f"Row 1, Siân: {guess_word.upper()}. Checking the marks…" in text
    assert 'data-waiting="checking"' in html and "Checking the marks…" in text
    assert "wd-clock" not in html and "Your turn" not in text
    keys = html.split('class="wd-keyboard"')[1]
    assert keys.count("disabled") == keys.count("<button")
    assert "wd-correct" not in keys and "wd-absent" not in keys  # no news from a pending row
    state.apply({"type": "marks", "seat": 1, "marks": [0, 0, 0, 0, 0], "at": 1500})
    view = draw.between_turns(state.view_for(1))
    assert "waiting" not in view and view["turn"] == 1
    assert "Your turn" in text_of(draw.page(T, WORDS, view, ui))


def test_a_duel_between_devices_says_when_it_is_being_set_up_and_when_the_word_is_shown():
    from games.wordle.hidden_duel import HiddenDuel
    from games.wordle.hidden_duel_game import HiddenDuelState

    setting_up = HiddenDuelState(HiddenDuel(WORDS, 5, 0)).view_for(0)
    assert draw.between_turns(setting_up)["waiting"] == "starting"
    ui = draw.Ui(level="", me=0, peer="Siân")
    html = draw.page(T, WORDS, draw.between_turns(setting_up), ui)
    assert "neither device knows the word" in text_of(html) and "wd-current" not in html
    state = hidden_duel()
    state.apply({"type": "guess", "seat": 0, "word": WORDS.answers[5][0], "at": 1000})
    state.apply({"type": "marks", "seat": 1, "marks": [2] * 5, "at": 1500})
    view = draw.between_turns(state.view_for(0))
    assert view["waiting"] == "revealing" and view["word"] is None
    assert "showing the word" in text_of(draw.page(T, WORDS, view, ui))


def test_who_starts_is_drawn_by_lot_evenly_and_shown_and_the_page_is_the_duels():
    """docs/rules/wordle-tournament.md 3.1, 13.5."""
    firsts = [duel(secret).view_for(0)["first"] for secret in range(400)]
    assert 160 <= firsts.count(0) <= 240  # (400 draws: 4 standard deviations either way)
    you_first = duel(firsts.index(0))
    computer_first = duel(firsts.index(1))
    ui = draw.Ui(level="skilled", time_left=TURN_MS)
    assert "Drawn by lot: you start." in text_of(draw.page(T, WORDS, you_first.view_for(0), ui))
    theirs = text_of(draw.page(T, WORDS, computer_first.view_for(0), ui))
    assert "Drawn by lot: Computer starts." in theirs and "you start" not in theirs
    friend = draw.Ui(level="", me=1, peer="Siân", time_left=TURN_MS)
    assert "Drawn by lot: Siân starts." in text_of(
        draw.page(T, WORDS, you_first.view_for(1), friend)
    )
    welsh = Translator("cy")
    assert "chi sy'n dechrau" in text_of(draw.page(welsh, WORDS, you_first.view_for(0), ui))
    page = draw.framed(T, draw.page(T, WORDS, you_first.view_for(0), ui), False)
    assert "<h1" in page and "Practice duel</h1>" in page and "Tournament" not in page
    with_friend = draw.framed(T, "", False, draw.FRIEND_TITLE)
    assert "Wordle duel</h1>" in with_friend


def test_the_players_column_fits_the_longest_name_and_a_cut_name_is_whole_in_its_title():
    """Issue 33, the player review: "Com…" at 1280 px."""
    state = played(duel(), other_word(duel()))
    html = draw.page(Translator("cy"), WORDS, state.view_for(0), draw.Ui(level="skilled"))
    names = re.findall(r'<span class="wd-who" title="([^"]*)"', html)
    assert names and set(names) <= {"Chi", "Cyfrifiadur"}
    assert "--wd-who-chars: 11" in html  # the column fits the longest name (wordle.css)
    friend = draw.Ui(level="", me=0, peer="Bartholomew Rhys")
    assert "--wd-who-chars: 16" in draw.page(T, WORDS, state.view_for(0), friend)
