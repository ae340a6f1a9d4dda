"""Benchmark: `mleworld serve --world-model fast` under 64 concurrent clients on loopback.

Starts the real server as a subprocess, then 64 client threads each send 20
`/v1/predict` requests of one program (a suite task's program, by name), one
after another, over keep-alive connections. Reports errors, p50/p95/max latency
and requests/s. The same 64 x 20 load is then run in-process against the same
model object (64 threads calling `predict_batch` with one query each), and the
overhead is the server's p50 minus the in-process p50 (goal: at most 5 ms).
A single client's latency, served and in-process, is reported too.
Results go to benchmarks/results/serve_load.json.

    python benchmarks/serve_load.py
    python benchmarks/serve_load.py --clients 16 --requests 5 --world-model baseline:majority
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

OUT = Path(__file__).parent / "results" / "serve_load.json"
PROGRAMS = [
    'import pandas as pd\ntrain = pd.read_csv("./input/train.csv")\nprint(train.shape)\n',
    'import pandas as pd\ntrain = pd.read_csv("./input/train.csv")\nprint(train["nope"].mean())\n',
    "import pandas as pd\nfrom sklearn.linear_model import LogisticRegression\n"
    'train = pd.read_csv("./input/train.csv")\nX = train.select_dtypes("number").fillna(0)\n'
    'print("Validation accuracy: 0.81")\n',
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def summary(latencies: list[float], wall: float) -> dict[str, float]:
    ms = [1000 * v for v in latencies]
    return {
        "requests": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 95), 2),
        "max_ms": round(max(ms), 2),
        "requests_per_s": round(len(ms) / wall, 1),
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_clients(clients: int, requests: int, one: Any) -> tuple[list[float], list[str], float]:
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(clients)

    def client(index: int) -> None:
        state: dict[str, Any] = {}
        barrier.wait()
        for i in range(requests):
            started = time.perf_counter()
            try:
                one(state, PROGRAMS[(index + i) % len(PROGRAMS)])
            except Exception as exc:  # every failure is counted, none stops the load
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}")
                continue
            with lock:
                latencies.append(time.perf_counter() - started)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--world-model", default="fast")
    parser.add_argument("--task", default="penguins")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    from mleworld.tasks.suite import resolve_task
    from mleworld.world.inputs import query_for_program
    from mleworld.world.registry import get_world_model

    task = resolve_task(args.task)  # prepares the suite task once, for both sides
    model = get_world_model(args.world_model)  # trains/caches the default model first
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mleworld.cli", "serve", "--world-model", args.world_model,
         "--port", str(port)],
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 600
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(
                    f"server did not start: {proc.stderr.read() if proc.stderr else ''}"
                )
            time.sleep(0.2)

        def served(state: dict[str, Any], program: str) -> None:
            conn = state.get("conn")
            if conn is None:
                conn = state["conn"] = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            body = json.dumps({"queries": [{"program": program, "task": args.task}]})
            conn.request("POST", "/v1/predict", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            data = response.read()
            if response.status != 200:
                raise RuntimeError(f"HTTP {response.status}: {data[:200]!r}")
            if not json.loads(data)["predictions"]:
                raise RuntimeError("no prediction")

        overview_cache: dict[str, Any] = {}

        def in_process(state: dict[str, Any], program: str) -> None:
            from mleworld.tasks.overview import data_overview

            if "overview" not in overview_cache:
                overview_cache["overview"] = data_overview(Path(task.public_dir))
            query = query_for_program(program, task=task, overview=overview_cache["overview"])
            model.predict_batch([query])

        one_served, _, wall = run_clients(1, args.requests, served)
        single_served = summary(one_served, wall)
        one_local, _, wall = run_clients(1, args.requests, in_process)
        single_local = summary(one_local, wall)
        latencies, errors, wall = run_clients(args.clients, args.requests, served)
        loaded = summary(latencies, wall) if latencies else {}
        local_lat, local_errors, local_wall = run_clients(args.clients, args.requests, in_process)
        local = summary(local_lat, local_wall)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    result = {
        "world_model": args.world_model,
        "clients": args.clients,
        "requests_per_client": args.requests,
        "errors": len(errors),
        "error_examples": errors[:5],
        "served": loaded,
        "in_process": local,
        "in_process_errors": len(local_errors),
        "overhead_p50_ms": round(loaded.get("p50_ms", float("nan")) - local["p50_ms"], 2),
        "goal": "served p50 <= in-process p50 + 5 ms under the same load",
        "single_client": {"served": single_served, "in_process": single_local},
        "single_client_overhead_p50_ms": round(single_served["p50_ms"] - single_local["p50_ms"], 2),
        "machine": {"cpus": os.cpu_count(), "load_1min": os.getloadavg()[0]},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
