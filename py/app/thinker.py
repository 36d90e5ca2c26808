"""The page's one thinker: a Web Worker (static/js/thinker.js) that chooses the
computer players' moves with the engines' own code (app.thinking), so the page
never stops for them.

This module is the page's side of it, without the browser: `start_worker` (from
app.browser) starts the worker and gives the function that posts to it. A move is
asked for only once the worker's Python is ready; until then, or if the worker
could not start, `think` says no and the caller chooses on the main thread.
"""

import json
from collections.abc import Callable

OnMove = Callable[[str], None]
OnError = Callable[[str], None]
Post = Callable[[dict], None]
StartWorker = Callable[[Callable[[dict], None]], Post]


class Thinker:
    def __init__(self, start_worker: StartWorker):
        self._start_worker = start_worker
        self._post: Post | None = None
        self.ready = False
        self.failed: str | None = None  # why the worker could not start
        self._waiting: dict[int, tuple[OnMove, OnError]] = {}
        self._last_id = 0

    def start(self) -> None:
        """Start the worker, once (its Python takes a few seconds to be ready)."""
        if self._post is None and self.failed is None:
            self._post = self._start_worker(self._receive)

    def think(self, request: dict, on_move: OnMove, on_error: OnError) -> bool:
        """Ask for a move (app.thinking's request); False when the worker cannot
        take it now (not ready, or failed): then nothing will be called."""
        if not self.ready or self._post is None:
            return False
        self._last_id += 1
        self._waiting[self._last_id] = (on_move, on_error)
        self._post({"id": self._last_id, "request": json.dumps(request)})
        return True

    def _receive(self, message: dict) -> None:
        if message.get("ready") is True:
            self.ready = True
        elif "failed" in message:
            self.ready, self.failed = False, str(message["failed"])
            waiting, self._waiting = self._waiting, {}
            for _, on_error in waiting.values():
                on_error(self.failed)
        else:
            answer = self._waiting.pop(message.get("id"), None)  # type: ignore[arg-type]
            if answer is None:
                return
            on_move, on_error = answer
            if isinstance(message.get("move"), str):
                on_move(message["move"])
            else:
                on_error(str(message.get("error")))


shared: Thinker | None = None  # the page's thinker, set by app.main (none under tests)
