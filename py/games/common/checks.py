"""Checks for input that may come from anywhere (a saved game, another device)."""

from typing import Any, TypeGuard


def is_int(value: Any) -> TypeGuard[int]:
    """An int that is not a bool (JSON has no such thing as True for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)
