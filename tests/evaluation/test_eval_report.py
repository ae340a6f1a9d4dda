"""End to end: evaluate() with honest world models on realistic held-out records,
then results.json's layout, report.md's tables and the PNG plots."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from evalkit import (
    ConstantModel,
    HalfRightModel,
    NoConfidenceModel,
    OracleModel,
    _Base,
    build_holdout,
    make_record,
)

from mleworld.errors import MleWorldError
from mleworld.evaluation.holdout_eval import evaluate, find_parents, suite_data_dir
from mleworld.evaluation.report import render_report
from mleworld.evaluation.scoring import FIELDS
from mleworld.world.prediction import Prediction, Query

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MODEL_KEYS = {*FIELDS, "latency_ms_p50", "latency_ms_p95", "ece", "parse_rates"}


class RecordingModel(_Base):
    """Predicts the parent's class when it has one (like the parent baseline); keeps every query."""

    name = "recording"

    def __init__(self) -> None:
        self.queries: list[Query] = []

    def predict_one(self, query: Query) -> Prediction:
        self.queries.append(query)
        exc = query.parent.exc_type if query.parent is not None else "None"
        return Prediction(exc_type=exc, exc_probs={exc: 0.7, "Other": 0.3}, submission=True)


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory):
    held, parents = build_holdout(60)
    out = tmp_path_factory.mktemp("eval")
    models = {
        "oracle": OracleModel(held),
        "constant": ConstantModel(),
        "half": HalfRightModel(held),
        "noconf": NoConfidenceModel(),
    }
    results = evaluate(
        models, held, parents=parents, out_dir=out, resamples=300, batch_size=16, source="test"
    )
    return held, results, out


def test_the_oracle_scores_one_everywhere_with_zero_se(evaluated) -> None:
    held, results, _ = evaluated
    oracle = results["models"]["oracle"]
    for field in FIELDS:
        assert oracle[field]["accuracy"] == 1.0, field
        assert oracle[field]["se"] == 0.0, field
    crashes = sum(1 for r in held if r.outcome == "crash")
    assert oracle["crash_class"]["n"] == crashes
    assert oracle["metric_within_5pct"]["n"] == sum(1 for r in held if r.y.metric is not None)
    for table in ("by_stage", "by_outcome", "by_crash_type"):
        for name, entry in results[table].items():
            assert entry["models"]["oracle"]["exception_class"]["accuracy"] == 1.0, (table, name)


def test_the_constant_model_scores_the_class_share(evaluated) -> None:
    held, results, _ = evaluated
    constant = results["models"]["constant"]
    clean_share = sum(1 for r in held if r.y.exc_type == "None") / len(held)
    assert constant["exception_class"]["accuracy"] == pytest.approx(clean_share)
    assert constant["submission"]["accuracy"] == pytest.approx(
        sum(1 for r in held if r.y.submission) / len(held)
    )
    assert constant["terminal_output"]["accuracy"] == 0.0  # no log never matches a real one
    assert constant["metric_recall"]["accuracy"] == 0.0
    assert constant["crash_class"] == {"accuracy": None, "se": None, "n": 0}
    # Its SE is the program bootstrap's, near the binomial one.
    binomial = (clean_share * (1 - clean_share) / len(held)) ** 0.5
    assert constant["exception_class"]["se"] == pytest.approx(binomial, rel=0.25)
    by_outcome = results["by_outcome"]
    assert by_outcome["clean"]["models"]["constant"]["exception_class"]["accuracy"] == 1.0
    assert by_outcome["crash"]["models"]["constant"]["exception_class"]["accuracy"] == 0.0


def test_half_right_model_is_right_on_half_and_calibrated_by_quintile(evaluated) -> None:
    _, results, _ = evaluated
    half = results["models"]["half"]
    assert half["exception_class"]["accuracy"] == pytest.approx(0.5)
    qs = results["quintiles"]["half"]["quintiles"]
    assert [q["n"] for q in qs] == [12] * 5
    assert qs[0]["fields"]["exception_class"]["accuracy"] == 0.0
    assert qs[-1]["fields"]["exception_class"]["accuracy"] == 1.0
    assert results["quintiles"]["noconf"] is None
    assert results["gate_tradeoff"]["noconf"] is None
    assert results["models"]["noconf"]["ece"] is None


def test_slices_count_the_holdout(evaluated) -> None:
    held, results, _ = evaluated
    stages = Counter(r.stage for r in held)
    assert {k: v["n"] for k, v in results["by_stage"].items()} == dict(stages)
    assert sum(v["n"] for v in results["by_outcome"].values()) == len(held)
    crash_classes = Counter(r.y.exc_type for r in held if r.outcome == "crash")
    assert {k: v["n"] for k, v in results["by_crash_type"].items()} == dict(crash_classes)
    h = results["holdout"]
    assert h["programs"] == len(held) and h["parents_found"] == h["with_parent_id"] > 0


def test_results_json_has_the_issue_layout(evaluated) -> None:
    _, results, out = evaluated
    data = json.loads((out / "results.json").read_text())
    assert {
        "holdout",
        "models",
        "by_stage",
        "by_outcome",
        "by_crash_type",
        "quintiles",
        "gate_tradeoff",
    } <= set(data)
    assert set(data["models"]) == {"oracle", "constant", "half", "noconf"}
    for entry in data["models"].values():
        assert set(entry) >= MODEL_KEYS
        for field in FIELDS:
            assert set(entry[field]) == {"accuracy", "se", "n"}
    gate = data["gate_tradeoff"]["half"]
    assert gate["success"]["gamma"] == 0.5 and gate["failure"]["gamma"] == 0.56
    assert {"gamma", "skipped_runtime_share", "error"} <= set(gate["success"]["curve"][0])
    assert data["by_stage"]["draft"]["models"]["oracle"]["terminal_output"]["accuracy"] == 1.0


def test_programs_jsonl_has_one_line_per_model_and_program(evaluated) -> None:
    held, _, out = evaluated
    lines = [json.loads(line) for line in (out / "programs.jsonl").read_text().splitlines()]
    assert len(lines) == 4 * len(held)
    assert {line["model"] for line in lines} == {"oracle", "constant", "half", "noconf"}


def test_report_md_has_the_paper_tables(evaluated) -> None:
    _, results, out = evaluated
    text = (out / "report.md").read_text()
    assert (
        "| Model | Exception class | Terminal output | Crash class | Metric (±5%) | "
        "Metric recall | Submission |" in text
    )
    oracle_row = next(line for line in text.splitlines() if line.startswith("| `oracle` | 100.0"))
    assert "100.0 ± 0.0" in oracle_row
    for heading in (
        "## Table 1",
        "## Table 10",
        "## Table 11",
        "## Table 12",
        "## Figure 7",
        "## Figure 9",
        "## Cost",
    ):
        assert heading in text, heading
    for row in ("| Stage: draft |", "| Outcome: crash |", "| Crash type: KeyError |"):
        assert row in text, row
    assert "Exception class (Draft/Improve/Debug)" in text
    assert "`noconf`: no class distribution" in text
    # Every plot the report links exists.
    links = [line[line.index("(") + 1 : -1] for line in text.splitlines() if line.startswith("![")]
    assert len(links) >= 3
    for link in links:
        assert (out / link).is_file()
    assert render_report(results) == text.split("## Plots")[0].rstrip() + "\n"


def test_plots_are_valid_pngs(evaluated) -> None:
    from matplotlib.image import imread

    _, _, out = evaluated
    pngs = sorted((out / "plots").glob("*.png"))
    names = {p.name for p in pngs}
    assert {"accuracy_by_quintile.png", "gate_tradeoff.png", "field_accuracy.png"} <= names
    for path in pngs:
        assert path.read_bytes()[:8] == PNG_MAGIC
        image = imread(path)
        assert image.shape[0] > 200 and image.shape[1] > 400


def test_queries_carry_the_parent_record_and_the_data_folder(tmp_path: Path) -> None:
    held, parents = build_holdout(30)
    model = RecordingModel()
    folder = tmp_path / "public"
    folder.mkdir()
    results = evaluate(
        {"recording": model},
        held,
        parents=parents,
        data_dir=lambda task: folder if task == "alpha-task" else None,
        resamples=50,
    )
    by_program = {q.x.program: q for q in model.queries}
    for record in held:
        query = by_program[record.x.program]
        assert query.stage == record.stage and query.task_id == record.task_id
        assert query.data_dir == (folder if record.task_id == "alpha-task" else None)
        if record.parent_id:
            parent = next(p for p in parents if p.node_id == record.parent_id)
            assert query.parent is not None and query.parent.program == parent.x.program
            assert query.parent.exc_type == parent.y.exc_type
        else:
            assert query.parent is None
    # Predicting the parent's class is right where the child kept it.
    expected = sum(
        1
        for r in held
        if (
            next(p for p in parents if p.node_id == r.parent_id).y.exc_type
            if r.parent_id
            else "None"
        )
        == r.y.exc_type
    ) / len(held)
    assert results["models"]["recording"]["exception_class"]["accuracy"] == pytest.approx(expected)


def test_parents_are_found_in_the_whole_corpus(tmp_path: Path) -> None:
    from mleworld.corpus.store import Corpus

    held, parents = build_holdout(24)
    corpus = Corpus.create(tmp_path / "corpus")
    corpus.append([*parents, *held])
    holdout: dict[str, list[str]] = {}
    for r in held:
        holdout.setdefault(r.task_id, []).append(r.id)
    corpus.set_holdout(holdout)
    found = find_parents(corpus, held)
    assert len(found) == sum(1 for r in held if r.parent_id)
    for key, parent in found.items():
        assert (parent.task_id, parent.run_id, parent.node_id) == key


def test_a_model_answering_the_wrong_number_of_queries_is_an_error() -> None:
    class Short(_Base):
        name = "short"

        def predict_batch(self, queries):
            return []

    held, parents = build_holdout(6)
    with pytest.raises(MleWorldError, match="returned 0 predictions for 6 programs"):
        evaluate({"short": Short()}, held, parents=parents, resamples=10)


def test_an_empty_holdout_is_an_error() -> None:
    with pytest.raises(MleWorldError, match="holdout has no records"):
        evaluate({"constant": ConstantModel()}, [], resamples=10)


def test_only_suite_tasks_have_a_suite_data_folder() -> None:
    assert suite_data_dir("alpha-task") is None


@pytest.mark.slow
def test_suite_tasks_get_their_public_folder(tmp_path: Path) -> None:
    record = make_record(1, task_id="penguins", stage="draft", outcome="clean")
    model = RecordingModel()
    evaluate({"recording": model}, [record], resamples=10)
    folder = model.queries[0].data_dir
    assert folder is not None and folder.name == "public" and (folder / "train.csv").is_file()
    assert model.queries[0].metric_name  # the suite task's metric travels with the query
