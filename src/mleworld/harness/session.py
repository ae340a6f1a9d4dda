"""The harness run: the conversation loop, its limits, its records, and --resume.

One turn = ask the tool model for its next reply (after compacting the
context when it is over budget), record it, carry out each of its tool calls
through the workbench, and record each result (cut to the result budget). A
malformed call or a refused one is a result the model reads, never a crash.
The run stops at the turn limit, the wall-time or execution budget, a turn
without calls, or a model error; then the run's results are written as an AIDE
run writes them (results.py). The run directory is an agent run directory
plus `harness.yaml` and `trajectory.jsonl`.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from mleworld.agent.budget import MIN_EXEC_S, Budget
from mleworld.agent.config import RunConfig, load_config, save_config
from mleworld.agent.journal import Journal
from mleworld.agent.loop import SandboxExecute, _locked, _resolve_task, check_config
from mleworld.agent.node import Node
from mleworld.agent.progress import Progress, QuietProgress
from mleworld.agent.step import Execute
from mleworld.errors import ConfigError, MleWorldError
from mleworld.harness import context as ctx
from mleworld.harness.config import (
    HarnessConfig,
    build_harness_config,
    load_harness_config,
    save_harness_config,
)
from mleworld.harness.models import ToolModel, Turn, get_tool_model
from mleworld.harness.prompts import SYSTEM, task_message
from mleworld.harness.results import finish
from mleworld.harness.tools import tool_schemas
from mleworld.harness.trajectory import (
    SCHEMA_VERSION,
    TRAJECTORY_FILE,
    append_event,
    load_trajectory,
    read_events,
)
from mleworld.harness.tree import Tree, write_journal
from mleworld.harness.workbench import PredictNode, Workbench, cut


class Session:
    def __init__(
        self,
        config: RunConfig,
        harness: HarnessConfig,
        task: Any,
        run_dir: Path,
        model: ToolModel,
        execute: Execute,
        predict_node: PredictNode | None,
        progress: Progress,
    ) -> None:
        self.config, self.harness, self.task, self.run_dir = config, harness, task, run_dir
        self.model = model
        self.progress = progress
        self.path = run_dir / TRAJECTORY_FILE
        self.tools = tool_schemas()
        self.messages: list[dict[str, Any]] = []
        self.context: list[int] = []
        self.turns = 0
        self.model_error: str | None = None
        self._overview: str | None = None
        journal = Journal(task.is_lower_better)
        self.budget = Budget(
            steps=config.agent.steps,
            time_budget_s=config.agent.time_budget_s,
            exec_budget_s=config.agent.exec_budget_s,
        )
        self.bench = Workbench(
            task=task,
            run_dir=run_dir,
            tree=Tree(journal),
            budget=self.budget,
            execute=execute,
            predict_node=predict_node or self._predict_with_world_model,
            seed=config.seed,
            overview=self.overview,
            result_chars=harness.tool_result_chars,
        )
        self._world_model: Any = None

    # --- shared context -----------------------------------------------------------------
    def overview(self) -> str:
        if self._overview is None:
            from mleworld.tasks.overview import data_overview

            self._overview = data_overview(self.task.public_dir, self.config.agent.overview_chars)
        return self._overview

    def _predict_with_world_model(self, node: Node, time_limit_s: float) -> dict[str, Any]:
        from mleworld.world.inputs import query_for_program
        from mleworld.world.prediction import Parent
        from mleworld.world.registry import get_world_model

        if self.harness.world_model == "none":
            raise MleWorldError("this run has no world model (world_model: none); run the node")
        if self._world_model is None:
            self._world_model = get_world_model(self.harness.world_model)
        parent = None
        if node.parent is not None:
            p = node.parent
            parent = Parent(p.code, p.exc_type, p.metric, p.term_out, p.exec_time_s or None)
        query = query_for_program(
            node.code,
            task=self.task,
            time_limit_s=time_limit_s,
            stage=node.stage,
            parent=parent,
            overview=self.overview(),
        )
        (prediction,) = self._world_model.predict_batch([query])
        return prediction.to_dict()

    # --- records --------------------------------------------------------------------------
    def _event(self, kind: str, **data: Any) -> None:
        append_event(
            self.path,
            {"event": kind, "elapsed_s": round(self.budget.wall_time_s(), 3), **data},
        )

    def _message(self, message: dict[str, Any], **meta: Any) -> int:
        index = len(self.messages)
        self.messages.append(message)
        self.context.append(index)
        self._event("message", index=index, turn=self.turns, message=message, meta=meta)
        return index

    def _flush_changes(self, message_index: int) -> None:
        changed = False
        for change in self.bench.changes:
            kind = change.pop("event")
            if kind == "submission":
                change["message_index"] = message_index
                change["turn"] = self.turns
            self._event(kind, **change)
            changed = changed or kind == "node"
        self.bench.changes.clear()
        if changed:
            write_journal(self.run_dir, self.bench.tree.journal)

    # --- the loop --------------------------------------------------------------------------
    def begin(self) -> None:
        self._event(
            "start",
            schema_version=SCHEMA_VERSION,
            task=self.task.id,
            task_dir=str(self.task.path),
            model=self.model.name,
            seed=self.config.seed,
            tools=self.tools,
            harness=self.harness.model_dump(mode="json"),
        )
        budgets = {
            "nodes": self.budget.steps,
            "turns": self.harness.max_turns,
            "execution time (s)": self.budget.exec_budget_s,
            "wall time (s)": self.budget.time_budget_s,
        }
        self._message({"role": "system", "content": SYSTEM})
        self._message({"role": "user", "content": task_message(self.task, budgets)})
        write_journal(self.run_dir, self.bench.tree.journal)

    def stop_reason(self) -> str | None:
        if self.turns >= self.harness.max_turns:
            return "turns"
        left = self.budget.time_left_s()
        if left is not None and left < MIN_EXEC_S:
            return "time_budget"
        left = self.budget.exec_left_s(self.bench.tree.journal)
        if left is not None and left < MIN_EXEC_S:
            return "exec_budget"
        return None

    def run(self) -> str:
        while (reason := self.stop_reason()) is None:
            self._compact_if_needed()
            self.bench.turn = self.turns
            self.bench.turns_left = self.harness.max_turns - self.turns
            started = time.perf_counter()
            try:
                turn = self.model.next_turn(
                    [self.messages[i] for i in self.context], self.tools, self.bench
                )
            except MleWorldError as exc:
                self.model_error = str(exc)
                self._event("model_error", turn=self.turns, error=str(exc))
                return "model_error"
            gen_time = time.perf_counter() - started
            self.bench.gen_time_s = gen_time
            assistant = self._message(turn.message(), gen_time_s=round(gen_time, 4), **turn.meta)
            self._flush_changes(assistant)
            if not turn.tool_calls:
                self.turns += 1
                return "model_done"
            self._carry_out(turn, assistant)
            self.turns += 1
        return reason

    def _carry_out(self, turn: Turn, assistant: int) -> None:
        for call in turn.tool_calls:
            try:
                data = self.bench.call(call.name, call.arguments)
                content, meta = json.dumps(data, ensure_ascii=False, default=str), {"ok": True}
            except MleWorldError as exc:  # a refused call (ToolCallError) or what it ran into
                content = json.dumps({"error": str(exc)}, ensure_ascii=False)
                meta = {"ok": False, "error": str(exc)}
            limit = self.harness.tool_result_chars
            if len(content) > limit:
                meta["truncated_from"] = len(content)
                content = cut(content, limit)
            self._flush_changes(assistant)
            self._message(
                {"role": "tool", "tool_call_id": call.id, "content": content},
                tool=call.name,
                **meta,
            )
            if call.name == "run" and meta.get("ok"):
                node = self.bench.tree.journal[data["node_id"]]
                snapshot = self.budget.snapshot(self.bench.tree.journal, node.stage)
                self.progress.step_done(node, snapshot)

    # --- compaction ------------------------------------------------------------------------
    def _compact_if_needed(self) -> None:
        before = ctx.context_chars(self.messages, self.context)
        if before <= self.harness.context_chars:
            return
        keep = self.harness.keep_messages
        while True:
            split = ctx.split_context(self.messages, self.context, keep)
            if split is None:
                return  # nothing left to drop: the model sees what there is
            pinned, dropped, kept = split
            kept_chars = ctx.context_chars(self.messages, pinned + kept)
            if kept_chars < self.harness.context_chars * 0.6 or keep == 0:
                break
            keep = max(0, keep - 2)
        room = max(self.harness.context_chars - kept_chars, 1000) // 2
        summary = self._summary(dropped, room)
        index = len(self.messages)
        self.messages.append({"role": "user", "content": summary})
        self._event(
            "message",
            index=index,
            turn=self.turns,
            message=self.messages[index],
            meta={"synthetic": "summary"},
        )
        self.context = [*pinned, index, *kept]
        self._event(
            "compaction",
            turn=self.turns,
            summary_index=index,
            dropped=dropped,
            kept=kept,
            context=self.context,
            chars_before=before,
            chars_after=ctx.context_chars(self.messages, self.context),
            summarizer=self.harness.summarizer,
        )

    def _summary(self, dropped: list[int], room: int) -> str:
        tree = self.bench.tool_history()
        text = ctx.digest(self.messages, dropped, tree, room)
        if self.harness.summarizer == "model" and hasattr(self.model, "complete"):
            transcript = "\n".join(
                json.dumps(self.messages[i], ensure_ascii=False)[:1500] for i in dropped
            )
            try:
                written = self.model.complete(  # type: ignore[attr-defined]
                    "Summarise this part of an ML experiment session for yourself: what was "
                    "tried, what ran, what failed and why, what is best. Be brief.",
                    cut(transcript, 12_000),
                )
            except MleWorldError:
                written = ""
            if written.strip():
                text = f"{ctx.SUMMARY_PREFIX} {written.strip()[: room // 2]}\n\n{text}"
        return text

    # --- resume ----------------------------------------------------------------------------
    def replay(self) -> None:
        """Rebuild the conversation, the context and the tree from the trajectory."""
        read_events(self.path, repair=True)
        traj = load_trajectory(self.path)
        if not traj.start:
            raise ConfigError(f"{self.path} has no start event; start a new run")
        self.messages = list(traj.messages)
        self.context = list(traj.current_context)
        self.turns = max((e.get("turn", 0) for e in traj.events if "turn" in e), default=-1) + 1
        latest: dict[str, dict[str, Any]] = {}
        for event in traj.events:
            if event["event"] == "node":
                latest[event["node"]["id"]] = event["node"]
            elif event["event"] == "invalidate":
                self.bench.tree.invalidated[event["node_id"]] = event["reason"]
                if event.get("withdrawn"):
                    self.bench.tree.submitted = None
            elif event["event"] == "submission":
                self.bench.tree.submitted = event["node_id"]
        journal = self.bench.tree.journal
        for data in sorted(latest.values(), key=lambda d: d["step"]):
            journal.append(Node.from_dict(data))
        self.budget.wall_offset_s = max((e.get("elapsed_s", 0.0) for e in traj.events), default=0.0)
        answered = {m.get("tool_call_id") for m in self.messages if m.get("role") == "tool"}
        open_calls = [
            call["id"]
            for m in self.messages
            if m.get("role") == "assistant"
            for call in m.get("tool_calls") or []
            if call["id"] not in answered
        ]
        self._event("resume", turn=self.turns, interrupted=open_calls)
        for call_id in open_calls:
            note = "the run stopped before this call finished; check history and call it again"
            self._message(
                {"role": "tool", "tool_call_id": call_id, "content": json.dumps({"error": note})},
                ok=False,
                error=note,
                synthetic="interrupted",
            )
        write_journal(self.run_dir, journal)


# --- entry points -----------------------------------------------------------------------------


def start(
    config: RunConfig,
    run_dir: Path,
    harness: HarnessConfig | dict[str, Any] | None = None,
    *,
    model: ToolModel | None = None,
    execute: Execute | None = None,
    predict_node: PredictNode | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Begin a harness run in `run_dir` (new or empty) and run it to its limits."""
    check_config(config)
    hconfig = harness if isinstance(harness, HarnessConfig) else build_harness_config(harness)
    chosen_wm = getattr(config.search, "world_model", None)  # `mleworld run --world-model`
    if chosen_wm and "world_model" not in hconfig.model_fields_set:
        hconfig = hconfig.model_copy(update={"world_model": chosen_wm})
    if run_dir.exists() and any(run_dir.iterdir()):
        raise ConfigError(
            f"run directory {run_dir} is not empty; continue it with --resume {run_dir} "
            "or pass a new --out"
        )
    task = _resolve_task(config.task)
    if Path(config.task).is_dir():
        config = config.model_copy(update={"task": str(Path(config.task).resolve())})
    tool_model = model or get_tool_model(config, hconfig)
    run_dir.mkdir(parents=True, exist_ok=True)
    return _drive(config, hconfig, task, run_dir, tool_model, execute, predict_node, progress, True)


def resume(
    run_dir: Path,
    *,
    overrides: dict[str, Any] | None = None,
    model: ToolModel | None = None,
    execute: Execute | None = None,
    predict_node: PredictNode | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Continue the harness run in `run_dir`; `overrides` may raise the agent budgets."""
    from mleworld.agent.config import build_config, merge

    config = load_config(run_dir)
    if overrides:
        config = build_config(merge(config.model_dump(mode="json"), overrides), "--resume")
    hconfig = load_harness_config(run_dir)
    task = _resolve_task(config.task)
    tool_model = model or get_tool_model(config, hconfig)
    return _drive(
        config, hconfig, task, run_dir, tool_model, execute, predict_node, progress, False
    )


def _drive(
    config: RunConfig,
    hconfig: HarnessConfig,
    task: Any,
    run_dir: Path,
    model: ToolModel,
    execute: Execute | None,
    predict_node: PredictNode | None,
    progress: Progress | None,
    fresh: bool,
) -> dict[str, Any]:
    progress = progress or QuietProgress()
    with _locked(run_dir):
        save_config(config, run_dir)
        save_harness_config(hconfig, run_dir)
        runner = execute or SandboxExecute(
            task, run_dir, config.exec.memory_mb, config.exec.threads
        )
        session = Session(config, hconfig, task, run_dir, model, runner, predict_node, progress)
        if fresh or not session.path.is_file():
            session.begin()
        else:
            session.replay()
        journal = session.bench.tree.journal
        progress.start(
            task.name or task.id, str(run_dir), journal, session.budget.snapshot(journal)
        )
        reason = "interrupted"
        try:
            reason = session.run()
        finally:
            session._event("end", stop_reason=reason, turns=session.turns)
            summary = finish(session, reason)
            progress.finish(summary)
    return summary
