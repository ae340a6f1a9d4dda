"""A real `mleworld serve` subprocess on loopback, and small HTTP helpers, for the serve tests."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PROGRAM = """import pandas as pd
train = pd.read_csv("./input/train.csv")
print(train.shape)
print(train["no_such_column"].mean())
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def server(
    args: list[str], env: dict[str, str] | None = None, ready_s: float = 600
) -> Iterator[Any]:
    """`mleworld serve ARGS --port P` running; yields an object with `.url` and `.proc`."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mleworld.cli", "serve", *args, "--port", str(port)],
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + ready_s
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited {proc.returncode}: {proc.stderr.read()}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(url + "/healthz", timeout=5) as response,
            ):
                if response.status == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("server did not become ready")
            time.sleep(0.2)
        handle = type("Server", (), {"url": url, "proc": proc, "port": port})()
        yield handle
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def call(
    url: str,
    method: str = "GET",
    body: Any = None,
    *,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 300,
) -> tuple[int, Any]:
    """(status, parsed JSON body) of one request; HTTP errors are returned, not raised."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def data_root(tmp: Path, task_dir: Path) -> Path:
    """A data root holding a copy of a task (task.yaml, public/, private/) named `task`."""
    import shutil

    root = tmp / "root"
    shutil.copytree(task_dir, root / "task")
    return root
