"""The one owner of localStorage.

Every record lives under a namespaced key ("gemau:<name>") as JSON:
    {"v": schema version, "rev": write counter, "data": ...}
On read the record is checked against its schema: old versions are migrated,
and data that is corrupt, of an unknown version or of the wrong shape is reset
for that key only; the app is told once per key so it can tell the user.
`rev` makes writes safe across tabs: a save based on an older revision than
the one stored is refused (StaleWrite) instead of overwriting newer data, and
`update` re-reads before it writes, so counters from two tabs add up.

The backend is anything with get/set/remove (localStorage in the browser, a
dict in tests), so all of this runs under CPython.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .untrusted import parse_json

NAMESPACE = "gemau:"
MAX_RECORD_CHARS = 5_000_000  # all a browser's localStorage holds for one origin


class StaleWrite(Exception):
    """Another tab stored a newer revision of this record."""


class StorageFull(Exception):
    """The browser refused the write (quota exceeded or storage disabled)."""


@dataclass
class Schema:
    name: str
    version: int
    default: Callable[[], Any]
    # Returns the data to use (repaired if needed) or raises ValueError when unusable.
    clean: Callable[[Any], Any]
    # migrations[n] turns data of version n into data of version n + 1.
    migrations: dict[int, Callable[[Any], Any]] = field(default_factory=dict)


class Backend(Protocol):
    """What a Store keeps its records in: localStorage, or MemoryBackend."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


@dataclass
class Record:
    data: Any
    rev: int


class MemoryBackend:
    """A dict with localStorage's interface, for tests and for browsers without storage."""

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.items = dict(items or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(v) for k, v in self.items.items() if k != key)
            if used + len(value) > self.quota:
                raise StorageFull(key)
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)


class Store:
    def __init__(
        self, backend: Backend, on_problem: Callable[[str, str], None] = lambda name, kind: None
    ) -> None:
        self.backend = backend
        self.on_problem = on_problem
        self.schemas: dict[str, Schema] = {}
        self._reported: set[tuple[str, str]] = set()

    def register(self, schema: Schema) -> None:
        self.schemas[schema.name] = schema

    def _report(self, name: str, kind: str) -> None:
        if (name, kind) not in self._reported:
            self._reported.add((name, kind))
            self.on_problem(name, kind)

    def load(self, name: str) -> Record:
        schema = self.schemas[name]
        try:
            raw = self.backend.get(NAMESPACE + name)
        except Exception:
            self._report(name, "unavailable")
            return Record(schema.default(), 0)
        if not isinstance(raw, str):
            return Record(schema.default(), 0)
        try:
            record = self._decode(schema, raw)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            self.reset(name)
            return Record(schema.default(), 0)
        return record

    def _decode(self, schema: Schema, raw: str) -> Record:
        envelope = parse_json(raw, max_chars=MAX_RECORD_CHARS)
        if not isinstance(envelope, dict) or set(envelope) != {"v", "rev", "data"}:
            raise ValueError("not a record")
        version, rev, data = envelope["v"], envelope["rev"], envelope["data"]
        if type(version) is not int or type(rev) is not int or rev < 0:
            raise ValueError("bad version or revision")
        if version > schema.version or version < 1:
            raise ValueError(f"unknown version {version}")
        while version < schema.version:
            if version not in schema.migrations:
                raise ValueError(f"no migration from version {version}")
            data = schema.migrations[version](data)
            version += 1
        cleaned = schema.clean(data)
        migrated = envelope["v"] != schema.version
        if cleaned != data or migrated:
            if cleaned != data:
                self._report(schema.name, "repaired")
            try:
                rev = self._write(schema, cleaned, rev + 1)
            except StorageFull:
                pass  # repaired in memory for this visit; the player has been told
        return Record(cleaned, rev)

    def check_all(self) -> None:
        """Read every registered record once, so any bad one is reset and reported."""
        for name in self.schemas:
            self.load(name)

    def reset(self, name: str) -> None:
        """Forget one record (it was bad) and tell the app once."""
        try:
            self.backend.remove(NAMESPACE + name)
        except Exception:
            pass
        self._report(name, "reset")

    def _write(self, schema: Schema, data: Any, rev: int) -> int:
        text = json.dumps({"v": schema.version, "rev": rev, "data": data}, separators=(",", ":"))
        try:
            self.backend.set(NAMESPACE + schema.name, text)
        except Exception as error:
            self._report(schema.name, "full")
            raise StorageFull(schema.name) from error
        return rev

    def save(self, name: str, data: Any, base_rev: int | None = None) -> Record:
        """Store data. With base_rev, refuse if someone stored a newer revision meanwhile."""
        schema = self.schemas[name]
        current = self.load(name)
        if base_rev is not None and current.rev > base_rev:
            raise StaleWrite(name)
        return Record(data, self._write(schema, data, current.rev + 1))

    def update(self, name: str, change: Callable[[Any], Any]) -> Record:
        """Read the freshest data, apply change to it, write it back."""
        current = self.load(name)
        data = change(current.data)
        return Record(data, self._write(self.schemas[name], data, current.rev + 1))

    def remove(self, name: str) -> None:
        try:
            self.backend.remove(NAMESPACE + name)
        except Exception:
            pass

    @staticmethod
    def name_of(full_key: object) -> str | None:
        """The record name for a raw localStorage key, or None when it is not ours."""
        if isinstance(full_key, str) and full_key.startswith(NAMESPACE):
            return full_key[len(NAMESPACE) :]
        return None
