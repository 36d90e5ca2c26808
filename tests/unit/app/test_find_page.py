"""#/find without a browser (app.views.find_panels): each stage in English and Welsh, the
question before anything is sent (what the other players and the relays learn), a button per
kind of game with the player's rating for it, the search's line, and the stranger's room at
#/invite drawn without a link to send."""

from app.i18n import Translator
from app.peer.strangers import VARIANTS
from app.views import find_panels as panels
from app.views import invite_panels
from app.views.find_panels import CHOOSE, NO_RELAY, OPT_IN, SEEKING, Screen
from markup_tree import parse

T = Translator("en")
CY = Translator("cy")


def page(t=T, **screen):
    return parse(str(panels.render(Screen(**{"name": "Ann", **screen}), t)))


def test_every_stage_draws_in_both_languages_with_its_status():
    for t in (T, CY):
        for stage in (OPT_IN, CHOOSE, SEEKING, NO_RELAY):
            screen = Screen(stage=stage, name="Ann", variant="battleship/salvo", others=2)
            shown = page(t, stage=stage, variant="battleship/salvo", others=2)
            assert shown.one("section").attrs["data-stage"] == stage
            status = shown.one("p", "connect-status").text()
            assert status == panels.status_text(screen, t)
            assert "find." not in status and "{" not in status  # (every text translated)


def test_the_question_says_what_others_and_the_relays_learn_before_anything_is_sent():
    text = page(stage=OPT_IN).one("div", "invite-opt-in").text()
    assert "nickname and your rating" in text and "which kind of game" in text
    assert "IP address" in text
    actions = [b.attrs.get("data-action") for b in page(stage=OPT_IN).all("button")]
    assert actions == ["opt-in"]  # nothing to look for until the player says yes


def test_a_button_per_kind_of_game_with_the_players_rating_for_it():
    ratings = {"deblockle": {"rating": 1342, "games": 3, "won": 2, "lost": 1, "drawn": 0}}
    shown = page(stage=CHOOSE, ratings=ratings)
    buttons = [b for b in shown.all("button") if b.attrs.get("data-action") == "seek"]
    keys = [b.attrs["data-variant"] for b in buttons]
    assert keys == [k for k in VARIANTS if not k.startswith("wordle/")] + ["wordle/en"]
    texts = {b.attrs["data-variant"]: b.text() for b in buttons}
    assert texts["battleship/salvo"] == "Battleship: Salvorating 1200"
    assert texts["deblockle"].endswith("rating 1342")
    assert texts["wordle/en"] == "Wordle duel: Englishrating 1200"
    welsh = page(CY, stage=CHOOSE, wordle_lang="de")
    chosen = [b for b in welsh.all("button") if b.attrs.get("data-variant", "").startswith("w")]
    assert [b.attrs["data-variant"] for b in chosen] == ["wordle/de"]


def test_looking_says_how_many_others_look_and_offers_to_stop():
    shown = page(stage=SEEKING, variant="deblockle", others=3, relays_up=1, relays=2)
    assert shown.one("p", "connect-status").text() == (
        "Looking for an opponent for Deblockle… Others looking now: 3."
    )
    assert [b.attrs["data-action"] for b in shown.all("button")] == ["cancel"]
    assert shown.one("input").attrs.get("disabled") is not None  # (the nickname is said)


def test_the_name_field_asks_for_a_nickname_not_a_name_for_a_friend():
    for t, label in ((T, "Your nickname"), (CY, "Eich llysenw")):
        field = page(t, stage=CHOOSE).one("p", "connect-name")
        assert field.one("label").text() == label


def test_the_strangers_room_is_drawn_with_their_nickname_and_no_link_to_send():
    screen = invite_panels.Screen(
        stage=invite_panels.WAITING,
        hosting=True,
        name="Ann",
        game="battleship",
        inviter="<b>Eve</b>",
        link="https://example.org/#/invite?room=x",
        stranger=True,
    )
    shown = parse(str(invite_panels.render(screen, T)))
    assert shown.one("p", "connect-status").text() == "Connecting to <b>Eve</b>…"
    assert shown.all("textarea") == [] and shown.all("b") == []  # their words, as text
