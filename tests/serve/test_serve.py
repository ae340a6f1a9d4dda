"""`mleworld serve` as a real subprocess on loopback: routes, refusals, drain.

The served backend is the majority baseline over the default corpus: cheap to
fit, so these tests exercise the server rather than a model (the fast model
behind the same server is what benchmarks/serve_load.py measures).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from pathlib import Path

import pytest
from serverkit import PROGRAM, call, server

from mleworld.world.inputs import query_for_program
from mleworld.world.registry import get_world_model

pytest.importorskip("fastapi")
pytestmark = pytest.mark.slow

TOKEN = "s3cret-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


BACKEND = "baseline:majority"


@pytest.fixture(scope="module")
def local_model():
    return get_world_model(BACKEND, corpus="default")


@pytest.fixture(scope="module")
def served(task_root: Path):
    args = [
        "--world-model",
        BACKEND,
        "--corpus",
        "default",
        "--data-root",
        str(task_root),
        "--api-key-env",
        "MLEWORLD_TEST_TOKEN",
    ]
    args += ["--max-body-mb", "0.05"]
    with server(args, env={"MLEWORLD_TEST_TOKEN": TOKEN}) as handle:
        yield handle


def predict(url: str, queries: list[dict], headers: dict | None = None) -> tuple[int, dict]:
    return call(
        url + "/v1/predict",
        "POST",
        {"queries": queries},
        headers=AUTH if headers is None else headers,
    )


def test_predict_matches_in_process_prediction(served, task_root: Path, local_model) -> None:
    status, body = predict(served.url, [{"program": PROGRAM, "task": "task", "time_limit_s": 60}])
    assert status == 200, body
    (remote,) = body["predictions"]
    from mleworld.tasks.task import load_task

    task = load_task(task_root / "task")
    (local,) = local_model.predict_batch([query_for_program(PROGRAM, task=task, time_limit_s=60)])
    expected = local.to_dict()
    assert set(remote) == set(expected)
    assert remote["exc_type"] == expected["exc_type"]
    assert remote["backend"] == BACKEND
    assert remote["exc_probs"] == pytest.approx(expected["exc_probs"])
    assert remote["p_max"] == pytest.approx(expected["p_max"])
    assert remote["term_out"] == expected["term_out"]


def test_data_dir_query_and_batch_order(served, task_root: Path) -> None:
    clean = 'print("hello")\n'
    status, body = predict(
        served.url,
        [
            {"program": PROGRAM, "data_dir": "task/public"},
            {"program": clean, "data_dir": str(task_root / "task" / "public"), "stage": "improve"},
        ],
    )
    assert status == 200, body
    assert [p["backend"] for p in body["predictions"]] == [BACKEND, BACKEND]


def test_healthz_is_open_and_models_lists_the_backend(served) -> None:
    status, body = call(served.url + "/healthz")
    assert status == 200 and body["status"] == "ok" and body["model"] == BACKEND
    status, body = call(served.url + "/v1/models", headers=AUTH)
    assert status == 200 and [m["id"] for m in body["data"]] == [BACKEND]


@pytest.mark.parametrize(
    "headers, why",
    [
        ({}, "Bearer"),
        ({"Authorization": "Bearer wrong"}, "wrong"),
        ({"Authorization": "Basic x"}, "Bearer"),
    ],
)
def test_missing_or_wrong_token_is_401(served, headers: dict, why: str) -> None:
    status, body = predict(served.url, [{"program": PROGRAM, "task": "task"}], headers=headers)
    assert status == 401 and why in body["error"]["message"]
    status, _ = call(served.url + "/v1/models", headers=headers)
    assert status == 401


@pytest.mark.parametrize(
    "raw, status, words",
    [
        (b"{not json", 400, "not valid JSON"),
        (b"", 400, "no body"),
        (b"\xff\xfe", 400, "UTF-8"),
        (b'{"programs": []}', 422, '"queries" list'),
        (b'{"queries": []}', 422, "empty"),
        (b'{"queries": [{"task": "task"}]}', 422, "program"),
        (
            b'{"queries": [{"program": "x", "task": "task", "data_dir": "task/public"}]}',
            422,
            "exactly one",
        ),
        (b'{"queries": [{"program": "x", "task": "task", "stage": "deploy"}]}', 422, "stage"),
        (b'{"queries": [{"program": "x", "task": "task", "time_limit_s": -1}]}', 422, "positive"),
        (b'{"queries": [{"program": "x", "task": "task", "colour": 1}]}', 422, "unknown field"),
        (b'{"queries": [{"program": "x", "task": "nope"}]}', 404, "does not exist"),
        (b'{"queries": [{"program": "x", "task": "task", "parent": {"code": 1}}]}', 422, "parent"),
    ],
)
def test_malformed_requests_get_one_clear_line(served, raw: bytes, status: int, words: str) -> None:
    got, body = call(served.url + "/v1/predict", "POST", raw=raw, headers=AUTH)
    assert got == status, body
    message = body["error"]["message"]
    assert words in message and "\n" not in message


def test_oversized_body_is_413(served) -> None:
    big = {"queries": [{"program": "x = 1\n" * 20_000, "task": "task"}]}
    status, body = call(served.url + "/v1/predict", "POST", big, headers=AUTH)
    assert status == 413 and "limit" in body["error"]["message"]


def test_paths_outside_the_data_roots_are_403(served, task_root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "train.csv").write_text("a\n1\n")
    link = task_root / "escape"
    if not link.exists():
        link.symlink_to(outside, target_is_directory=True)
    for spec in ("../", "task/../../", str(outside), "/etc", "escape", "task/private"):
        status, body = predict(served.url, [{"program": "x", "data_dir": spec}])
        assert status == 403, (spec, body)
    status, body = predict(served.url, [{"program": "x", "task": str(outside)}])
    assert status == 403, body


def test_completions_need_a_language_model(served) -> None:
    status, body = call(
        served.url + "/v1/completions", "POST", {"prompt": "x", "max_tokens": 2}, headers=AUTH
    )
    assert status == 404 and "hf:PATH" in body["error"]["message"]


def test_a_slow_client_does_not_block_others(served) -> None:
    body = json.dumps({"queries": [{"program": PROGRAM, "task": "task"}]}).encode()
    slow = socket.create_connection(("127.0.0.1", served.port), timeout=30)
    try:
        head = (
            f"POST /v1/predict HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        slow.sendall(head.encode() + body[:10])  # and then nothing, for now
        status, answer = predict(served.url, [{"program": PROGRAM, "task": "task"}])
        assert status == 200 and answer["predictions"][0]["backend"] == BACKEND
        slow.sendall(body[10:])
        assert b"200 OK" in slow.recv(65536)
    finally:
        slow.close()


def test_sigterm_drains_the_request_in_flight(task_root: Path) -> None:
    args = ["--world-model", BACKEND, "--corpus", "default", "--data-root", str(task_root)]
    with server(args) as handle:
        body = json.dumps({"queries": [{"program": PROGRAM, "task": "task"}]}).encode()
        conn = socket.create_connection(("127.0.0.1", handle.port), timeout=60)
        head = (
            "POST /v1/predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        conn.sendall(head.encode() + body[:5])
        time.sleep(0.5)  # the server has read the headers: the request is in flight
        os.kill(handle.proc.pid, signal.SIGTERM)
        time.sleep(0.5)
        conn.sendall(body[5:])
        reply = b""
        while b"predictions" not in reply:
            chunk = conn.recv(65536)
            if not chunk:
                break
            reply += chunk
        conn.close()
        assert b"200 OK" in reply and b'"exc_type"' in reply
        # uvicorn re-raises the signal once it has drained: the default SIGTERM exit
        assert handle.proc.wait(timeout=60) in (0, -signal.SIGTERM)


def test_concurrent_clients_all_answered(served) -> None:
    results: list[int] = []

    def client() -> None:
        for _ in range(3):
            status, _ = predict(served.url, [{"program": PROGRAM, "task": "task"}])
            results.append(status)

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [200] * 24
