"""What each harness tool does, over the run's tree, task, executor and world model.

Each method takes a tool's validated arguments and returns the JSON object the
model reads, or raises `ToolCallError` with the one line it reads instead
(an unknown node, a diff that does not apply, an invalidated node submitted).
Everything a call changes is queued in `changes` for the session to record in
the trajectory. The hidden test grade of a submission is recorded there too and
never shown to the model. Schemas live in tools.py; the conversation in
session.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.agent.budget import MIN_EXEC_S, Budget, node_id_for
from mleworld.agent.node import GATE_RUN, Node, clean_metric
from mleworld.agent.report import SUBMISSIONS_DIR
from mleworld.agent.step import Execute
from mleworld.errors import MleWorldError
from mleworld.execution.outcome import Outcome
from mleworld.harness import tools
from mleworld.harness.diffs import DiffError, apply_diff
from mleworld.harness.tools import ToolCallError
from mleworld.harness.tree import Tree

# (node, time limit) -> Prediction.to_dict(); built lazily from the world-model name.
PredictNode = Callable[[Node, float], dict[str, Any]]
_DESCRIPTION_CHARS = 3000
_STAT_ROWS = 20_000  # rows read for column statistics


def cut(text: str, limit: int) -> str:
    """`text` in at most about `limit` characters: its head and tail, with the cut marked."""
    if len(text) <= limit:
        return text
    half = max(limit // 2 - 40, 1)
    return f"{text[:half]}\n… [{len(text) - 2 * half} characters cut] …\n{text[-half:]}"


@dataclass
class Workbench:
    task: Any  # mleworld.tasks.Task
    run_dir: Path
    tree: Tree
    budget: Budget
    execute: Execute
    predict_node: PredictNode
    seed: int
    overview: Callable[[], str]
    result_chars: int = 4000
    changes: list[dict[str, Any]] = field(default_factory=list)  # trajectory events to record
    turn: int = 0
    turns_left: int = 0
    gen_time_s: float = 0.0  # the current turn's generation time, charged to nodes it writes

    @property
    def time_limit_s(self) -> float:
        return float(self.task.time_limit_s)

    def call(self, name: str, arguments: str | dict[str, Any] | None) -> dict[str, Any]:
        """Validate and carry out one call; ToolCallError for anything the model must fix."""
        args = tools.parse_call(name, arguments)
        handler = getattr(self, f"tool_{name}")
        return handler(args)

    # --- reading ---------------------------------------------------------------------
    def tool_inspect_data(self, args: tools.InspectData) -> dict[str, Any]:
        public = Path(self.task.public_dir)
        if args.file is None:
            files = sorted(p for p in public.rglob("*") if p.is_file())
            return {
                "task": self.task.id,
                "metric": self.task.metric,
                "direction": "minimize" if self.task.is_lower_better else "maximize",
                "id_column": self.task.id_column,
                "target_columns": list(self.task.target_columns),
                "time_limit_s": self.time_limit_s,
                "files": {str(p.relative_to(public)): p.stat().st_size for p in files},
                "description": cut(self.task.description, _DESCRIPTION_CHARS),
                "overview": self.overview(),
            }
        path = (public / args.file).resolve()
        if not path.is_relative_to(public.resolve()) or not path.is_file():
            listed = ", ".join(sorted(p.name for p in public.iterdir()))
            raise ToolCallError(
                f"inspect_data: {args.file!r} is not a file of the task's input folder; "
                f"the files are: {listed}"
            )
        return _file_facts(path, args.rows, self.result_chars)

    def _line(self, node: Node) -> dict[str, Any]:
        chosen = self.tree.chosen()
        line: dict[str, Any] = {
            "node_id": node.id,
            "parent_id": node.parent_id,
            "stage": node.stage,
            "status": self._status(node),
            "metric": node.metric,
        }
        if node.prediction is not None:
            line["predicted"] = _short_prediction(node.prediction)
        if node.id in self.tree.invalidated:
            line["invalidated"] = self.tree.invalidated[node.id]
        if chosen is not None and chosen.id == node.id:
            line["submission"] = "submitted" if self.tree.submitted == node.id else "default"
        return line

    @staticmethod
    def _status(node: Node) -> str:
        if not node.executed:
            return "not run"
        return node.status

    def tool_history(self, args: tools.History | None = None) -> dict[str, Any]:
        journal = self.tree.journal
        best = self.tree.default_submission()
        exec_left = self.budget.exec_left_s(journal)
        time_left = self.budget.time_left_s()
        return {
            "nodes": [self._line(n) for n in journal],
            "best_verified": best.id if best else None,
            "submitted": self.tree.submitted,
            "direction": "minimize" if journal.lower_is_better else "maximize",
            "budgets_left": {
                "nodes": self.budget.steps - len(journal),
                "exec_s": None if exec_left is None else round(exec_left, 1),
                "wall_s": None if time_left is None else round(time_left, 1),
            },
        }

    def tool_read_node(self, args: tools.ReadNode) -> dict[str, Any]:
        node = self.tree.node(args.node_id)
        data = self._line(node) | {"plan": node.plan, "step": node.step}
        if args.code:
            data["code"] = node.code
        if node.outcome is not None:
            data["outcome"] = self._outcome_view(node.outcome)
        if node.prediction is not None:
            data["prediction"] = self._prediction_view(node.prediction)
        return data

    # --- writing ---------------------------------------------------------------------
    def tool_write_solution(self, args: tools.WriteSolution) -> dict[str, Any]:
        journal = self.tree.journal
        if len(journal) >= self.budget.steps:
            raise ToolCallError(
                f"write_solution: the node budget ({self.budget.steps}) is spent; run, "
                "submit or invalidate the nodes there are"
            )
        parent = self.tree.node(args.parent_id) if args.parent_id is not None else None
        if args.diff is not None:
            assert parent is not None  # the schema asks for parent_id with a diff
            try:
                code = apply_diff(parent.code, args.diff)
            except DiffError as exc:
                raise ToolCallError(f"write_solution: {exc}") from None
        else:
            code = args.code or ""
        if not code.strip():
            raise ToolCallError("write_solution: the program is empty; write the full program")
        stage = "draft"
        if parent is not None:
            failed = parent.exc_type not in (None, "None") or (parent.executed and parent.is_buggy)
            stage = "debug" if failed else "improve"
        node = Node(
            id=node_id_for(self.task.id, self.seed, len(journal)),
            step=len(journal),
            stage=stage,
            parent_id=parent.id if parent else None,
            plan=args.plan,
            code=code,
            policy="harness",
            gate=None,
            gen_time_s=self.gen_time_s,
        )
        self.gen_time_s = 0.0  # charged once per turn
        self._record(node, created=True)
        return {
            "node_id": node.id,
            "stage": stage,
            "parent_id": node.parent_id,
            "lines": len(code.splitlines()),
        }

    def tool_predict(self, args: tools.Predict) -> dict[str, Any]:
        node = self.tree.node(args.node_id)
        try:
            prediction = self.predict_node(node, self._limit())
        except MleWorldError as exc:
            raise ToolCallError(f"predict: the world model failed ({exc})") from None
        node.prediction = prediction
        self._record(node)
        return {"node_id": node.id} | self._prediction_view(prediction)

    def tool_run(self, args: tools.Run) -> dict[str, Any]:
        node = self.tree.node(args.node_id)
        if node.executed:
            raise ToolCallError(
                f"run: node {node.id} already ran (status {node.status}); read_node shows its "
                "outcome, write_solution makes a new version"
            )
        left = self.budget.exec_left_s(self.tree.journal)
        if left is not None and left < MIN_EXEC_S:
            raise ToolCallError("run: the execution budget is spent; submit a node that ran")
        limit = self._limit()
        outcome = self.execute(node.code, node.id, limit)
        apply_outcome(node, outcome, self.run_dir, limit)
        self._record(node)
        return {"node_id": node.id, "status": node.status} | self._outcome_view(node.outcome or {})

    def tool_submit(self, args: tools.Submit) -> dict[str, Any]:
        if args.node_id is None:
            node = self.tree.default_submission()
            if node is None:
                raise ToolCallError(
                    "submit: no node has run cleanly with a metric and a submission yet; run one"
                )
        else:
            node = self.tree.node(args.node_id)
        if node.id in self.tree.invalidated:
            raise ToolCallError(
                f"submit: node {node.id} was invalidated ({self.tree.invalidated[node.id]}); "
                "submit another node"
            )
        if not node.executed:
            raise ToolCallError(f"submit: node {node.id} has not run; run it first")
        if not node.verified or not node.submission_file:
            raise ToolCallError(
                f"submit: node {node.id} did not finish cleanly with a metric and a valid "
                f"submission (status {node.status}); submit a verified node"
            )
        self.tree.submitted = node.id
        self.changes.append(
            {
                "event": "submission",
                "node_id": node.id,
                "metric": node.metric,
                "grade": self._hidden_grade(node),
            }
        )
        return {"submitted": node.id, "metric": node.metric}

    def tool_invalidate(self, args: tools.Invalidate) -> dict[str, Any]:
        node = self.tree.node(args.node_id)
        self.tree.invalidated[node.id] = args.reason
        withdrawn = self.tree.submitted == node.id
        if withdrawn:
            self.tree.submitted = None
        self.changes.append(
            {
                "event": "invalidate",
                "node_id": node.id,
                "reason": args.reason,
                "withdrawn": withdrawn,
            }
        )
        fallback = self.tree.chosen()
        return {
            "invalidated": node.id,
            "withdrawn_submission": withdrawn,
            "submission_now": fallback.id if fallback else None,
        }

    # --- helpers ---------------------------------------------------------------------
    def _limit(self) -> float:
        return self.budget.time_limit(self.time_limit_s, self.tree.journal)

    def _record(self, node: Node, created: bool = False) -> None:
        if created:
            node.created_at = time.time()
            self.tree.journal.append(node)
        self.changes.append({"event": "node", "node": node.to_dict()})

    def _hidden_grade(self, node: Node) -> dict[str, Any] | None:
        """The test grade of this submission, for trajectory selection and rewards only."""
        if not self.task.has_private or not node.submission_file:
            return None
        from mleworld.tasks.grading import grade_file

        try:
            return grade_file(self.task, self.run_dir / node.submission_file).to_dict()
        except MleWorldError as exc:
            return {"valid": False, "error": str(exc)}

    def _outcome_view(self, outcome: dict[str, Any]) -> dict[str, Any]:
        return {
            "exc_type": outcome.get("exc_type"),
            "metric": clean_metric(outcome.get("metric")),
            "submission": outcome.get("submission"),
            "submission_valid": outcome.get("submission_valid"),
            "submission_error": outcome.get("submission_error"),
            "runtime_s": round(float(outcome.get("runtime_s") or 0.0), 2),
            "timed_out": outcome.get("timed_out"),
            "term_out": cut(str(outcome.get("term_out") or ""), self.result_chars // 2),
        }

    def _prediction_view(self, prediction: dict[str, Any]) -> dict[str, Any]:
        return _short_prediction(prediction) | {
            "term_out": cut(str(prediction.get("term_out") or ""), self.result_chars // 3),
        }


def apply_outcome(node: Node, outcome: Outcome, run_dir: Path, time_limit_s: float) -> None:
    """A real run's outcome onto its node, as the AIDE loop records one."""
    node.outcome = outcome.to_dict()
    node.metric = clean_metric(outcome.metric)
    node.is_buggy = outcome.is_buggy or node.metric is None
    node.exec_time_s = float(outcome.runtime_s)
    node.executed = True
    node.gate = GATE_RUN
    node.time_limit_s = time_limit_s
    kept = Path(SUBMISSIONS_DIR) / f"{node.id}.csv"
    node.submission_file = str(kept) if (run_dir / kept).is_file() else None


def _short_prediction(prediction: dict[str, Any]) -> dict[str, Any]:
    p_max = prediction.get("p_max")
    return {
        "exc_type": prediction.get("exc_type"),
        "confidence": None if p_max is None else round(float(p_max), 3),
        "metric": clean_metric(prediction.get("metric")),
        "submission": prediction.get("submission"),
        "runtime_s": prediction.get("runtime_s"),
    }


def _file_facts(path: Path, rows: int, limit: int) -> dict[str, Any]:
    """A file's first rows and, for a table, per-column statistics."""
    import pandas as pd

    head: list[str] = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for _ in range(rows + 1):
            line = handle.readline()
            if not line:
                break
            head.append(line.rstrip("\n")[:400])
    facts: dict[str, Any] = {"file": path.name, "bytes": path.stat().st_size, "head": head}
    if path.suffix.lower() not in (".csv", ".tsv"):
        return facts
    try:
        frame = pd.read_csv(
            path, sep="\t" if path.suffix.lower() == ".tsv" else ",", nrows=_STAT_ROWS
        )
    except (ValueError, OSError, pd.errors.ParserError) as exc:
        facts["stats_error"] = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        return facts
    columns: dict[str, Any] = {}
    for name in frame.columns:
        col = frame[name]
        entry: dict[str, Any] = {
            "dtype": str(col.dtype),
            "missing": int(col.isna().sum()),
            "unique": int(col.nunique()),
        }
        if pd.api.types.is_numeric_dtype(col) and not pd.api.types.is_bool_dtype(col):
            described = col.describe()
            entry |= {k: _round(described.get(k)) for k in ("mean", "std", "min", "max")}
        else:
            top = col.astype(str).value_counts().head(3)
            entry["top"] = {str(k)[:40]: int(v) for k, v in top.items()}
        columns[str(name)] = entry
    facts["rows_read"] = len(frame)
    facts["columns"] = columns
    text_budget = max(limit - 600, 200)
    while len(str(facts["columns"])) > text_budget and len(facts["columns"]) > 1:
        # wide tables: keep the first columns rather than cutting JSON mid-way
        keep = list(facts["columns"])[: max(1, len(facts["columns"]) * 2 // 3)]
        facts["columns"] = {k: facts["columns"][k] for k in keep}
        facts["columns_shown"] = f"{len(keep)} of {len(columns)}"
    return facts


def _round(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return round(number, 6) if number == number else None
