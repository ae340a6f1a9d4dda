"""The harness driven by an OpenAI-compatible endpoint: a real loopback HTTP server speaking
chat-completions tool calling, the project's openai client, the real sandbox and grading.

One scripted session exercises every tool, a malformed call, an unknown tool, a diff that
does not apply, an invalidated node refused by submit, and a context compaction.
"""

from __future__ import annotations

import json
from pathlib import Path

from harness_kit import config_for, events, fake_predict, node_ids, tool_results

from mleworld.harness import start
from mleworld.harness.diffs import make_diff
from mleworld.harness.tools import TOOLS
from threshold_task import make_task, program

BAD_DIFF = "--- a\n+++ b\n@@ -3,2 +3,2 @@\n-this line is not in the parent\n+print('x')\n"


def test_every_tool_over_a_real_openai_compatible_server(tmp_path: Path, tool_server) -> None:
    task = make_task(tmp_path / "task")
    a, b = node_ids(task, 2)
    first, better = program(10, 0.75), program(20, 1.0)
    tool_server.script(
        [
            {
                "content": "Look first.",
                "tool_calls": [
                    {"name": "inspect_data", "arguments": {}},
                    {"name": "inspect_data", "arguments": {"file": "train.csv", "rows": 3}},
                ],
            },
            {
                "tool_calls": [
                    {
                        "name": "write_solution",
                        "arguments": {"code": first, "plan": "threshold at 10"},
                    }
                ]
            },
            {
                "tool_calls": [
                    {"name": "predict", "arguments": {"node_id": a}},
                    {"name": "history", "arguments": {}},
                ]
            },
            {"tool_calls": [{"name": "run", "arguments": {"node_id": a}}]},
            {
                "tool_calls": [
                    {"name": "write_solution", "arguments": {"parent_id": a, "diff": BAD_DIFF}}
                ]
            },
            {
                "tool_calls": [
                    {
                        "name": "write_solution",
                        "arguments": {
                            "parent_id": a,
                            "diff": make_diff(first, better),
                            "plan": "threshold at 20",
                        },
                    }
                ]
            },
            {
                "tool_calls": [
                    {"name": "run", "arguments": '{"node_id": '},
                    {"name": "fly", "arguments": {}},
                    {"name": "run", "arguments": {"node": b}},
                ]
            },
            {
                "tool_calls": [
                    {"name": "run", "arguments": {"node_id": b}},
                    {"name": "read_node", "arguments": {"node_id": b}},
                ]
            },
            {
                "tool_calls": [
                    {
                        "name": "invalidate",
                        "arguments": {"node_id": b, "reason": "it reads the answers"},
                    }
                ]
            },
            {"tool_calls": [{"name": "submit", "arguments": {"node_id": b}}]},
            {"tool_calls": [{"name": "submit", "arguments": {"node_id": a}}]},
            {"content": "Done."},
        ]
    )
    config = config_for(task, model="openai:tool-model", base_url=tool_server.base_url)
    run_dir = tmp_path / "run"
    harness = {"context_chars": 2000, "keep_messages": 2}
    summary = start(config, run_dir, harness, predict_node=fake_predict)

    # Every request offered the eight tools with their schemas, in the OpenAI format.
    offered = tool_server.requests[0]["tools"]
    assert [t["function"]["name"] for t in offered] == list(TOOLS)
    assert all(t["type"] == "function" and "parameters" in t["function"] for t in offered)
    assert len(tool_server.requests) == 12 and summary["stop_reason"] == "model_done"

    results = tool_results(run_dir)
    by_call = [(name, data) for name, data in results]
    overview, head = by_call[0][1], by_call[1][1]
    assert overview["metric"] == "accuracy" and "train.csv" in overview["files"]
    assert head["columns"]["x"]["max"] == 38.0 and len(head["head"]) == 4
    assert by_call[3][0] == "predict" and by_call[3][1]["exc_type"] == "None"
    assert by_call[4][0] == "history" and by_call[4][1]["nodes"][0]["node_id"] == a
    assert by_call[5][1]["status"] == "clean" and by_call[5][1]["metric"] == 0.75
    assert "does not apply" in by_call[6][1]["error"]  # the bad diff: no node made
    assert by_call[7][1]["node_id"] == b and by_call[7][1]["stage"] == "improve"
    malformed, unknown, wrong_field = by_call[8][1], by_call[9][1], by_call[10][1]
    assert "not valid JSON" in malformed["error"]
    assert "there is no tool 'fly'" in unknown["error"]
    assert "node_id" in wrong_field["error"] and "schema" in wrong_field["error"]
    assert by_call[11][1]["metric"] == 1.0
    assert by_call[12][1]["code"].count("> 20") == 1  # the diff was applied
    assert by_call[13][1]["invalidated"] == b
    assert "was invalidated (it reads the answers)" in by_call[14][1]["error"]
    assert by_call[15][1] == {"submitted": a, "metric": 0.75}

    # The model's submission counts, not the (invalidated) best metric.
    assert summary["submission"] == {"node_id": a, "step": 0, "metric": 0.75, "chosen_by": "model"}
    assert summary["grade"]["valid"] and summary["grade"]["score"] == 0.75
    assert (run_dir / "best_solution.py").read_text() == first
    assert summary["harness"]["tool_errors"] == {
        "write_solution": 1,
        "run": 2,
        "fly": 1,
        "submit": 1,
    }

    # The history outgrew 2,000 characters: compactions were logged, and later requests
    # carried the summary and only the recent messages, never a tool result without its call.
    compactions = events(run_dir, "compaction")
    assert compactions and all(c["chars_after"] < c["chars_before"] for c in compactions)
    later = tool_server.requests[-1]["messages"]
    assert later[0]["role"] == "system" and later[2]["content"].startswith("[context summary]")
    assert len(later) < sum(1 for e in events(run_dir, "message"))
    ids = {c["id"] for m in later if m["role"] == "assistant" for c in m.get("tool_calls", [])}
    assert all(m["tool_call_id"] in ids for m in later if m["role"] == "tool")

    # The submissions carry their hidden test grade, which no message shows.
    (sub,) = events(run_dir, "submission")
    assert sub["node_id"] == a and sub["grade"]["score"] == 0.75
    shown = "".join(json.dumps(e["message"]) for e in events(run_dir, "message"))
    assert "percentile" not in shown and "normalized_score" not in shown


def test_an_endpoint_that_fails_ends_the_run_with_its_error(tmp_path: Path, tool_server) -> None:
    task = make_task(tmp_path / "task")
    config = config_for(task, model="openai:tool-model", base_url=tool_server.base_url + "/nope")
    summary = start(config, tmp_path / "run", {"world_model": "none"})
    assert summary["stop_reason"] == "model_error" and summary["steps"] == 0
    assert "answered HTTP 404" in summary["harness"]["model_error"]
    assert events(tmp_path / "run", "model_error")[0]["error"] == summary["harness"]["model_error"]


def test_without_a_world_model_predict_is_a_tool_error(tmp_path: Path, tool_server) -> None:
    task = make_task(tmp_path / "task")
    (a,) = node_ids(task, 1)
    tool_server.script(
        [
            {"tool_calls": [{"name": "write_solution", "arguments": {"code": program(20, 1.0)}}]},
            {"tool_calls": [{"name": "predict", "arguments": {"node_id": a}}]},
        ]
    )
    config = config_for(task, model="openai:tool-model", base_url=tool_server.base_url)
    start(config, tmp_path / "run", {"world_model": "none"})
    (_, written), (_, predicted) = tool_results(tmp_path / "run")
    assert written["node_id"] == a
    assert predicted["error"].startswith("predict: the world model failed (this run has no")
