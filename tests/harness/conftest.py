"""A real OpenAI-compatible chat-completions server on loopback that answers with tool calls.

`tool_server` serves POST /v1/chat/completions from a list of scripted turns
(`{"content": ..., "tool_calls": [{"name": ..., "arguments": ...}]}`; `arguments`
an object, or a string sent as is). Every request body is kept in `requests`,
so a test can check the tools offered and the messages the model was shown.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


class ToolServer:
    def __init__(self) -> None:
        self.turns: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def script(self, turns: list[dict[str, Any]]) -> ToolServer:
        self.turns = list(turns)
        return self

    def _body(self, index: int) -> dict[str, Any]:
        turn = self.turns[index] if index < len(self.turns) else {"content": "done"}
        calls = [
            {
                "id": f"call_{index}_{i}",
                "type": "function",
                "function": {
                    "name": call["name"],
                    "arguments": call["arguments"]
                    if isinstance(call.get("arguments"), str)
                    else json.dumps(call.get("arguments", {})),
                },
            }
            for i, call in enumerate(turn.get("tool_calls") or [])
        ]
        message: dict[str, Any] = {"role": "assistant", "content": turn.get("content")}
        if calls:
            message["tool_calls"] = calls
        return {
            "id": f"chatcmpl-{index}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": "tool-model",
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if calls else "stop",
                    "logprobs": None,
                }
            ],
            "usage": {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60},
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with server._lock:
                    server.requests.append(json.loads(raw))
                    index = len(server.requests) - 1
                status, body = 200, server._body(index)
                if self.path.rstrip("/") != "/v1/chat/completions":
                    status, body = 404, {"error": {"message": "no such route"}}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler

    def start(self) -> ToolServer:
        self._thread.start()
        return self

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture
def tool_server() -> Iterator[ToolServer]:
    server = ToolServer().start()
    try:
        yield server
    finally:
        server.close()
