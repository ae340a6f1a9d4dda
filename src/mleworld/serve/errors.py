"""An HTTP error with one clear message: what a client sent wrong and how to fix it."""

from __future__ import annotations


class RequestError(Exception):
    """A request the server refuses; `status` is the HTTP code, the message the one line."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
