"""What a stored record is called in the notice that says it was damaged and reset (the
page's storage problems: app.main tells the player once)."""

from app.daily.games import daily_slot
from app.games_list import remote_slot
from app.i18n import Translator

REMOTE = remote_slot("")  # the ending of a game with a friend's slot: "-remote"
DAILY = daily_slot("")  # the ending of a daily's slot: "-daily"


def storage_area(t: Translator, name: str) -> str:
    """The record `name` ("saved:deblockle", "saved:deblockle-remote", "settings"...) in
    the person's words."""
    area, _, game = name.partition(":")
    if area == "saved" and game.endswith(REMOTE):
        game = game.removesuffix(REMOTE)
        return t("storage.area.saved_remote", game=t(f"game.{game}.name"))
    if area == "saved" and game.endswith(DAILY):
        return t("storage.area.saved_daily", game=t(f"game.{game.removesuffix(DAILY)}.name"))
    return t(f"storage.area.{area}", game=t(f"game.{game}.name") if game else "")
