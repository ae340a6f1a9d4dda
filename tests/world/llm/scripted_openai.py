"""A scripted OpenAI-compatible chat server on loopback: each request gets the next scripted reply.

A reply is (status, JSON body or raw bytes, delay in seconds). Requests are
recorded, so a test can check what the client sent (logprobs asked for, model).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def chat_body(text: str, first_top: list[tuple[str, float]] | None = None) -> dict[str, Any]:
    logprobs = None
    if first_top is not None:
        token, logprob = first_top[0]
        logprobs = {
            "content": [
                {
                    "token": token,
                    "logprob": logprob,
                    "bytes": None,
                    "top_logprobs": [
                        {"token": t, "logprob": lp, "bytes": None} for t, lp in first_top
                    ],
                }
            ]
        }
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "scripted",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "logprobs": logprobs,
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


class ScriptedServer:
    def __init__(self, replies: list[tuple[int, Any, float]]) -> None:
        self.replies = list(replies)
        self.requests: list[dict[str, Any]] = []
        lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with lock:
                    owner.requests.append(body)
                    status, payload, delay = (
                        owner.replies.pop(0)
                        if owner.replies
                        else (500, {"error": "script done"}, 0)
                    )
                if delay:
                    time.sleep(delay)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> ScriptedServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
