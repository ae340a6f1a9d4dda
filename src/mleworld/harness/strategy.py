"""The builtin strategy: an offline tool model that drives the harness's own tools.

Each turn it makes one call, decided from the tree as it stands (so a resumed
run continues where it left off, and a compaction loses it nothing):

1. `inspect_data` once, before the first solution;
2. `write_solution`: drafts until `drafts` roots, then repair the latest failed
   node (up to `max_debug_depth` repairs in a row), else improve the best
   verified node; repairs and improvements go as unified diffs from the parent;
3. `predict` every new node; a confident predicted failure (p_max at or above
   `trust_failure_at`) is repaired from its predicted output instead of being
   run, at most `max_predicted_repairs` times in a row, then it runs;
4. `run` the rest (the promising ones);
5. `submit` whenever the best verified node changes, and at the end; then a
   turn without calls ends the run.

Programs come from the builtin code model (codegen/builtin), the same writer
AIDE's builtin runs use, so the two scaffolds differ only in how they search.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from mleworld.agent.budget import MIN_EXEC_S, derive_seed
from mleworld.agent.node import Node
from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.errors import MleWorldError
from mleworld.harness.diffs import DiffError, apply_diff, make_diff
from mleworld.harness.models import ToolCall, Turn

if TYPE_CHECKING:
    from mleworld.harness.config import StrategyConfig
    from mleworld.harness.workbench import Workbench

_CLEAN = "None"


class BuiltinStrategy:
    name = "builtin"

    def __init__(self, code_model: CodeModel, config: StrategyConfig, seed: int = 0) -> None:
        self.code_model = code_model
        self.config = config
        self.seed = seed

    def next_turn(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], bench: Workbench
    ) -> Turn:
        turn = self._decide(messages, bench)
        failed = _last_failed_call(messages)
        if failed is None or not turn.tool_calls:
            return turn
        call = turn.tool_calls[0]
        if (call.name, call.arguments) != failed:
            return turn
        # The same call just failed: do not loop on it.
        if call.name == "predict":
            return _turn(
                bench,
                "No prediction to be had; run it for real.",
                "run",
                json.loads(call.arguments),
            )
        return Turn(content=f"{call.name} keeps failing; stopping here.")

    def _decide(self, messages: list[dict[str, Any]], bench: Workbench) -> Turn:
        journal = bench.tree.journal
        if not len(journal) and not _called(messages, "inspect_data"):
            return _turn(bench, "Look at the task and its data first.", "inspect_data", {})
        latest = journal.nodes[-1] if len(journal) else None
        if latest is not None and not latest.executed and self._can_run(bench):
            if latest.prediction is None and not _failed_before(messages, "predict", latest.id):
                return _turn(
                    bench,
                    "Ask the world model before paying for a run.",
                    "predict",
                    {"node_id": latest.id},
                )
            if self._repair_from_prediction(latest, bench):
                return self._write(bench, "debug", latest)
            return _turn(
                bench,
                "The prediction looks promising enough to run.",
                "run",
                {"node_id": latest.id},
            )
        best = bench.tree.default_submission()
        if best is not None and bench.tree.submitted != best.id:
            return _turn(
                bench,
                f"Node {best.id} is the best verified so far.",
                "submit",
                {"node_id": best.id},
            )
        if bench.turns_left <= 2 or not self._can_run(bench) or not _nodes_left(bench):
            return Turn(content="Done: the best verified node is submitted.")
        roots = len(journal.draft_nodes)
        if roots < self.config.drafts:
            return self._write(bench, "draft", None)
        failed = self._to_repair(bench)
        if failed is not None:
            return self._write(bench, "debug", failed)
        if best is None:
            return self._write(bench, "draft", None)
        return self._write(bench, "improve", best)

    # --- decisions --------------------------------------------------------------------
    @staticmethod
    def _can_run(bench: Workbench) -> bool:
        left = bench.budget.exec_left_s(bench.tree.journal)
        wall = bench.budget.time_left_s()
        return (left is None or left >= MIN_EXEC_S) and (wall is None or wall >= MIN_EXEC_S)

    def _repair_from_prediction(self, node: Node, bench: Workbench) -> bool:
        prediction = node.prediction or {}
        confidence = prediction.get("p_max")
        if prediction.get("exc_type") in (None, _CLEAN) or confidence is None:
            return False
        if float(confidence) < self.config.trust_failure_at or not _nodes_left(bench):
            return False
        depth, above = 0, node
        while above is not None and not above.executed and above.stage == "debug":
            depth, above = depth + 1, above.parent
        return depth < self.config.max_predicted_repairs

    def _to_repair(self, bench: Workbench) -> Node | None:
        """The latest node that ran and failed, when its chain of repairs is short enough."""
        for node in reversed(bench.tree.journal.nodes):
            if node.executed:
                if node.is_buggy and node.code and node.is_leaf:
                    depth = node.debug_depth
                    return node if depth < self.config.max_debug_depth else None
                return None
        return None

    # --- writing ----------------------------------------------------------------------
    def _write(self, bench: Workbench, stage: str, parent: Node | None) -> Turn:
        step = len(bench.tree.journal)
        request = CodeRequest(
            stage=stage,
            prompt="",
            task=bench.task,
            parent_code=parent.code if parent else None,
            parent_output=parent.term_out if parent else None,
            parent_exc_type=parent.exc_type if parent else None,
            seed=derive_seed(self.seed, step, "codegen"),
        )
        try:
            generation = self.code_model.generate(request)
        except MleWorldError as exc:
            return Turn(content=f"The code writer failed ({exc}); stopping.")
        args: dict[str, Any] = {"plan": generation.plan[:400]}
        if parent is not None:
            args["parent_id"] = parent.id
        if parent is not None and self.config.use_diffs:
            diff = make_diff(parent.code, generation.code)
            try:
                same = apply_diff(parent.code, diff) == _ended(generation.code)
            except DiffError:
                same = False
            args |= {"diff": diff} if same else {"code": generation.code}
        else:
            args["code"] = generation.code
        verb = {"draft": "Draft", "improve": "Improve", "debug": "Repair"}[stage]
        return _turn(bench, f"{verb}: {generation.plan[:200]}", "write_solution", args)


def _ended(code: str) -> str:
    return "\n".join(code.splitlines()) + "\n"


def _nodes_left(bench: Workbench) -> bool:
    return len(bench.tree.journal) < bench.budget.steps


def _last_failed_call(messages: list[dict[str, Any]]) -> tuple[str, str] | None:
    """(name, arguments) of the last call when its result was an error."""
    results = {m.get("tool_call_id"): m for m in messages if m.get("role") == "tool"}
    for message in reversed(messages):
        calls = message.get("tool_calls") or []
        if message.get("role") == "assistant" and calls:
            call = calls[-1]
            result = results.get(call.get("id"))
            if result is not None and str(result.get("content", "")).startswith('{"error"'):
                function = call.get("function") or {}
                return str(function.get("name")), str(function.get("arguments"))
            return None
    return None


def _failed_before(messages: list[dict[str, Any]], name: str, node_id: str) -> bool:
    """Whether a call `name` on `node_id` already came back as an error."""
    results = {m.get("tool_call_id"): m for m in messages if m.get("role") == "tool"}
    for message in messages:
        for call in message.get("tool_calls") or []:
            function = call.get("function") or {}
            if function.get("name") != name or node_id not in str(function.get("arguments")):
                continue
            result = results.get(call.get("id"))
            if result is not None and str(result.get("content", "")).startswith('{"error"'):
                return True
    return False


def _called(messages: list[dict[str, Any]], name: str) -> bool:
    return any(
        (call.get("function") or {}).get("name") == name
        for m in messages
        for call in m.get("tool_calls") or []
    )


def _turn(bench: Workbench, text: str, name: str, args: dict[str, Any]) -> Turn:
    call = ToolCall(f"call_{bench.turn}_0", name, json.dumps(args))
    return Turn(content=text, tool_calls=[call], meta={"backend": "builtin"})
