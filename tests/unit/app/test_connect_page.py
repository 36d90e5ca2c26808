"""#/connect without a browser: how the connection's news moves the page on
(app.views.connect_stages), what each stage shows (app.views.connect_panels) and which
games with a friend saved here it offers or takes up again (app.remote.saved_matches)."""

from app import saved_games
from app.games_list import REMOTE_GAMES, remote_slot
from app.i18n import Translator
from app.peer.channel import CLOSED, DROPPED, FAILED, OPEN
from app.remote import saved_matches, wire
from app.storage import MemoryBackend, Store
from app.views import connect_panels as panels
from app.views.connect_stages import (
    CONNECTED,
    CONNECTING,
    DISCONNECTED,
    SEND_REPLY,
    WAITING,
    after_link_state,
    problem_named,
)
from app.views.connect_table import GROUP, games_for, group_address
from markup_tree import parse

T = Translator("en")
CY = Translator("cy")


# --- the stages --------------------------------------------------------------------------
def test_an_open_connection_is_connected_and_a_dropped_message_changes_nothing():
    assert after_link_state(CONNECTING, None, OPEN) == (CONNECTED, None)
    assert after_link_state(CONNECTED, None, DROPPED) is None


def test_a_connection_closed_before_it_opened_never_found_a_way_and_after_it_is_over():
    assert after_link_state(CONNECTING, None, CLOSED) == (FAILED, "no_route")
    assert after_link_state(CONNECTED, None, CLOSED) == (DISCONNECTED, None)


def test_a_failed_connection_is_broken_once_open_and_without_a_route_before():
    assert after_link_state(CONNECTED, None, FAILED) == (FAILED, "broken")
    assert after_link_state(WAITING, None, FAILED) == (FAILED, "no_route")
    assert after_link_state(WAITING, "x", "connecting") == (WAITING, "x")


# --- what each stage shows ---------------------------------------------------------------
def test_the_host_waiting_sees_the_invite_with_its_qr_code_and_the_reply_field():
    screen = panels.Screen(WAITING, hosting=True, name="Ann", code="https://x/#/connect?invite=AB")
    page = parse(str(panels.render(screen, T)))
    assert page.one("section").attrs["data-stage"] == WAITING
    assert page.one("div", "connect-code").attrs["data-code"] == "invite"
    assert page.one("img", "connect-qr").attrs["src"].startswith("data:image/svg+xml")
    assert page.by_id("connect-code").text() == screen.code
    assert page.by_id("connect-reply") is not None
    assert page.all("button", data_action="share") == []  # the browser cannot share here
    assert page.all("button", data_action="scan") == []


def test_a_refused_reply_is_named_under_the_field_and_marks_it_invalid():
    screen = panels.Screen(WAITING, hosting=True, name="", code="c", reply_problem="not_a_code")
    page = parse(str(panels.render(screen, T)))
    field = page.by_id("connect-reply")
    assert field.attrs["aria-invalid"] == "true"
    assert field.attrs["aria-describedby"] == "connect-reply-problem"
    assert page.by_id("connect-reply-problem").text().startswith("That is not a reply code")


def test_the_friend_sends_a_reply_code_and_never_sees_a_reply_field():
    screen = panels.Screen(SEND_REPLY, hosting=False, name="Bryn", code="REPLY")
    page = parse(str(panels.render(screen, T)))
    assert page.one("div", "connect-code").attrs["data-code"] == "reply"
    assert page.all("textarea", id="connect-reply") == []


def test_the_camera_is_offered_where_it_can_scan_and_drawn_while_it_scans():
    screen = panels.Screen(WAITING, hosting=True, name="", code="c", can_scan=True)
    assert parse(str(panels.render(screen, T))).one("button", data_action="scan")
    scanning = panels.Screen(WAITING, hosting=True, name="", code="c", can_scan=True, scanning=True)
    page = parse(str(panels.render(scanning, T)))
    assert page.by_id("connect-scan").tag == "video"
    assert page.one("button", data_action="scan").text() == T("connect.scan.stop")


def test_once_connected_the_host_may_wave_resume_a_game_and_choose_any_game_of_two():
    screen = panels.Screen(
        CONNECTED,
        hosting=True,
        name="Ann",
        peer_name="<b>Bryn</b>",
        table=("<b>Bryn</b>",),
        resumable=("deblockle",),
        waves=2,
    )
    html = str(panels.render(screen, T))
    page = parse(html)
    assert page.one("button", data_action="wave")
    assert [b.attrs["data-game"] for b in page.all("button", data_action="resume")] == ["deblockle"]
    chosen = [b.attrs["data-game"] for b in page.all("button", data_action="play")]
    assert chosen == [*REMOTE_GAMES, GROUP]
    assert "<b>" not in html and "&lt;b&gt;Bryn" in html  # a friend's name is text
    assert page.one("section").attrs["data-peer"] == "open"
    assert page.by_id("connect-name").attrs.get("disabled") is not None


def test_at_a_table_the_host_sees_who_is_there_and_only_the_games_a_table_plays():
    screen = panels.Screen(
        CONNECTED,
        hosting=True,
        name="Ann",
        peer_name="Cai",
        inviting_more=True,
        table=("Bryn", "Cai"),
    )
    page = parse(str(panels.render(screen, T)))
    assert page.one("p", "connect-table").attrs["data-friends"] == "2"
    assert page.all("button", data_action="wave") == []  # waving is for two devices
    assert [b.attrs["data-game"] for b in page.all("button", data_action="play")] == [*games_for(2)]
    assert games_for(2) == ("dominoes", GROUP) and games_for(5) == (GROUP,)
    assert page.one("button", data_action="invite-more")


def test_a_friend_connected_waits_for_the_host_and_may_pass_on_a_newcomers_reply():
    screen = panels.Screen(CONNECTED, hosting=False, name="Bryn", peer_name="Ann", passed="Sent")
    page = parse(str(panels.render(screen, T)))
    assert page.all("button", data_action="play") == []
    assert page.by_id("connect-pass") is not None
    assert page.one("span", "connect-passed").text() == "Sent"


def test_the_status_line_says_where_things_stand_in_both_languages():
    failed = panels.Screen(FAILED, hosting=True, name="", problem="broken")
    assert panels.status_text(failed, T) == T("connect.failed.broken")
    assert (
        panels.status_text(failed, CY) == CY("connect.failed.broken") != T("connect.failed.broken")
    )
    relink = panels.Screen(WAITING, hosting=True, name="", relinking="Cai")
    assert panels.status_text(relink, T) == T("connect.status.relink", name="Cai")
    lost = panels.Screen(FAILED, hosting=True, name="")
    assert panels.status_text(lost, T) == T("connect.failed.no_route")
    again = parse(str(panels.render(lost, T)))
    assert again.one("a", "button").attrs["href"] == "#/connect"


def test_a_group_address_passes_on_only_a_numeric_clock_speed():
    assert (
        group_address("group-host", "20") == "#/wordle?mode=tournament&remote=group-host&speed=20"
    )
    assert group_address("group-member", "<x>") == "#/wordle?mode=tournament&remote=group-member"


# --- games with a friend saved here --------------------------------------------------------
def store_with(route: str, frame: dict, over: bool = False) -> Store:
    store = Store(MemoryBackend())
    saved_games.register_remote(store, [remote_slot(r) for r in REMOTE_GAMES])
    saved_games.save(store, remote_slot(route), {}, {"frame": frame, "over": over}, None)
    return store


def test_an_unfinished_game_with_this_friend_is_offered_and_one_with_another_is_not():
    frame = {"options": {}, "seed": 7, "remote": {"peer": "Bryn"}}
    store = store_with("deblockle", frame)
    assert saved_matches.in_progress(store, "Bryn") == [("deblockle", frame)]
    assert saved_matches.in_progress(store, "Cai") == []
    assert saved_matches.in_progress(store_with("deblockle", frame, over=True), None) == []
    assert saved_matches.in_progress(store_with("deblockle", {"remote": "x"}), None) == []


def test_a_duel_saved_by_the_version_in_which_both_devices_knew_the_word_is_not_offered():
    frame = {"options": {"lang": "en"}, "seed": 7, "remote": {"peer": "Bryn"}}
    store = store_with("wordle", frame)
    assert saved_matches.in_progress(store, "Bryn") == [("wordle", frame)]
    old_state = {"version": 1, "word": "crane", "first": 0, "turn": 0, "rows": []}
    saved_games.save(store, remote_slot("wordle"), old_state, {"frame": frame}, None)
    assert saved_matches.in_progress(store, "Bryn") == []


def test_a_friends_sync_names_the_game_it_resumes_and_a_broken_frame_is_passed_over():
    frame = {"options": {"a": 1}, "seed": 7, "remote": {"peer": "Bryn"}}
    store = store_with("deblockle", frame)
    match = wire.match_id(REMOTE_GAMES["deblockle"], {"a": 1}, 7)
    assert saved_matches.asked_to_resume(store, match) == "deblockle"
    assert saved_matches.asked_to_resume(store, "another") is None
    broken = store_with("deblockle", {"remote": {"peer": "Bryn"}})  # no options, no seed
    assert saved_matches.asked_to_resume(broken, match) is None


def test_a_new_link_at_a_table_is_for_a_friend_the_saved_table_names_never_the_host():
    names = {"host": "Ann", "g1": "Bryn"}
    frame = {"remote": {"session": {"devices": ["host", "g1"], "names": names}}}
    store = store_with("dominoes", frame)
    assert saved_matches.lost_table_friend(store, "g1") == ("g1", "Bryn")
    assert saved_matches.lost_table_friend(store, "host") is None
    assert saved_matches.lost_table_friend(store, "g9") is None
    assert saved_matches.lost_table_friend(store, ["g1"]) is None
    assert saved_matches.lost_table_friend(store_with("deblockle", frame), "g1") is None


def test_no_way_found_through_the_players_own_turn_server_is_named_so():
    assert problem_named("no_route", relay_only=True) == "no_turn"
    assert problem_named("no_candidates", relay_only=True) == "no_turn"
    assert problem_named("no_route", relay_only=False) == "no_route"
    assert problem_named("broken", relay_only=True) == "broken"  # it had connected
