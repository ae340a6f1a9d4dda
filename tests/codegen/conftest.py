"""A real OpenAI-compatible HTTP server on loopback, scripted per test.

`llm_server` serves POST /v1/chat/completions from a queue of actions: a reply
text, an HTTP failure (500, 429, 401, ...), a delay longer than the client's
timeout, or a body that is not JSON. Every request body it receives is kept in
`requests` so tests can check what the client sent.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass
class Action:
    kind: str  # "reply" | "fail" | "sleep" | "malformed"
    text: str = ""
    status: int = 200
    seconds: float = 0.0
    headers: dict[str, str] | None = None
    finish_reason: str = "stop"


class FakeLLMServer:
    def __init__(self) -> None:
        self.actions: deque[Action] = deque()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        # A client that gave up (timeout) leaves a broken pipe behind; that is expected.
        self._httpd.handle_error = lambda request, client_address: None  # type: ignore[method-assign]
        self.port = self._httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    # Scripting -----------------------------------------------------------
    def reply(self, *texts: str, finish_reason: str = "stop") -> FakeLLMServer:
        for text in texts:
            self.actions.append(Action("reply", text=text, finish_reason=finish_reason))
        return self

    def fail(self, status: int, times: int = 1, retry_after: str | None = None) -> FakeLLMServer:
        headers = {"Retry-After": retry_after} if retry_after is not None else None
        for _ in range(times):
            self.actions.append(Action("fail", status=status, headers=headers))
        return self

    def hang(self, seconds: float, times: int = 1) -> FakeLLMServer:
        for _ in range(times):
            self.actions.append(Action("sleep", seconds=seconds))
        return self

    def malformed(self, times: int = 1) -> FakeLLMServer:
        for _ in range(times):
            self.actions.append(Action("malformed"))
        return self

    @property
    def hits(self) -> int:
        return len(self.requests)

    # Serving ---------------------------------------------------------------
    def _next(self) -> Action:
        with self._lock:
            if self.actions:
                return self.actions.popleft()
        return Action("fail", status=500, text="the test server has no scripted reply left")

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _send(
                self, status: int, body: bytes, headers: dict[str, str] | None = None
            ) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, b'{"error": {"message": "no such route"}}')
                    return
                with server._lock:
                    server.requests.append(json.loads(raw))
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                action = server._next()
                if action.kind == "sleep":
                    server.stop.wait(action.seconds)
                    action = Action("reply", text="```python\nprint('late')\n```")
                if action.kind == "malformed":
                    self._send(200, b"<html>this is not json")
                elif action.kind == "fail":
                    error = {
                        "error": {
                            "message": action.text or f"scripted failure {action.status}",
                            "type": "server_error",
                            "code": None,
                        }
                    }
                    self._send(action.status, json.dumps(error).encode(), action.headers)
                else:
                    body = completion_body(action.text, finish_reason=action.finish_reason)
                    self._send(200, json.dumps(body).encode())

        return Handler

    def start(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def close(self) -> None:
        self.stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()


def completion_body(
    text: str, model: str = "test-model", finish_reason: str = "stop"
) -> dict[str, Any]:
    """An OpenAI chat.completion object, as /v1/chat/completions returns it."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": finish_reason,
                "logprobs": None,
            }
        ],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
    }


@pytest.fixture
def llm_server() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def dead_url() -> str:
    """A loopback URL where nothing listens (the port was free a moment ago)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"
