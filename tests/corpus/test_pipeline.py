"""`build_corpus` on real agent runs: ingest, filter, dedup, a checked holdout, stats, and
an SFT export that the world-model parser reads back.

A run of the toy task executes six distinct programs (scripted code model,
real sandbox); a second run replays it, so its records are all exact
duplicates of the first run's.
"""

from __future__ import annotations

import ast
import json
import shutil
import textwrap
from pathlib import Path

import pytest

from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.codegen.scripted import ScriptedCodeModel
from mleworld.corpus.export import export_sft
from mleworld.corpus.holdout import check_holdout
from mleworld.corpus.ingest import ingest_runs
from mleworld.corpus.pipeline import (
    STATS_JSON,
    STATS_MD,
    BuildReport,
    build_corpus,
    extend_corpus,
    refine_corpus,
)
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.world.format import parse_prediction_text, trim_output
from mleworld.world.vocab import Vocab
from threshold_task import make_task, program

PROGRAMS = [
    program(20, 1.0),
    """\
    import pandas as pd

    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    means = train.groupby("y")["x"].mean()
    cut = (means[0] + means[1]) / 2
    valid = train.sample(frac=0.5, random_state=0)
    acc = ((valid["x"] > cut).astype(int) == valid["y"]).mean()
    print(f"cut {cut:.2f}; validation accuracy: {acc:.4f}")
    test.assign(y=(test["x"] > cut).astype(int))[["id", "y"]].to_csv(
        "submission/submission.csv", index=False
    )
    """,
    """\
    import numpy as np

    data = np.loadtxt("input/train.csv", delimiter=",", skiprows=1)
    x, y = (data[:, 1] - 20.0) / 10.0, data[:, 2]
    w, b = 0.0, 0.0
    for epoch in range(300):
        p = 1.0 / (1.0 + np.exp(-(w * x + b)))
        w -= 0.5 * np.mean((p - y) * x)
        b -= 0.5 * np.mean(p - y)
    accuracy = np.mean((p > 0.5) == y)
    print("logistic regression, weights", round(w, 3), round(b, 3))
    print("Validation accuracy:", accuracy)
    """,
    """\
    import pandas as pd

    frame = pd.read_csv("input/train.csv")
    features = frame[["feature_1", "feature_2"]]
    print(features.describe())
    """,
    """\
    import csv
    import os


    class NearestNeighbour:
        def fit(self, points, labels):
            self.pairs = list(zip(points, labels))
            return self

        def predict(self, point):
            return min(self.pairs, key=lambda pair: abs(pair[0] - point))[1]


    with open("input/train.csv") as handle:
        table = [(float(r["x"]), int(r["y"])) for r in csv.DictReader(handle)]
    model = NearestNeighbour().fit([p for p, _ in table], [l for _, l in table])
    hits = sum(model.predict(p + 0.5) == l for p, l in table)
    print(f"nearest-neighbour accuracy on shifted train points = {hits / len(table):.3f}")
    os.makedirs("submission", exist_ok=True)
    with open("input/test.csv") as handle, open("submission/submission.csv", "w") as out:
        out.write("id,y\\n")
        for r in csv.DictReader(handle):
            out.write(f"{r['id']},{model.predict(float(r['x']))}\\n")
    """,
    """\
    import statistics
    import json

    def load(path):
        with open(path) as handle:
            header = handle.readline().strip().split(",")
            return [dict(zip(header, line.strip().split(","))) for line in handle if line.strip()]

    train = load("input/train.csv")
    positives = [float(r["x"]) for r in train if r["y"] == "1"]
    negatives = [float(r["x"]) for r in train if r["y"] == "0"]
    summary = {"pos": statistics.median(positives), "neg": statistics.median(negatives)}
    print(json.dumps(summary))
    raise ValueError("no threshold strategy chosen for " + str(len(train)) + " rows")
    """,
]
ANSWERS = [f"Plan {i}.\n\n```python\n{textwrap.dedent(p)}```\n" for i, p in enumerate(PROGRAMS)]


def make_runs(root: Path) -> list[Path]:
    """A real run, and a copy of it under another name (a replay with the same outcomes)."""
    task = make_task(root / "task", time_limit_s=120)  # no timeouts, even on a busy machine
    config = build_config(
        {
            "task": str(task.path),
            "seed": 1,
            "agent": {"steps": len(ANSWERS)},
            "search": {"num_drafts": len(ANSWERS)},
        }
    )
    run_dir = root / "runs" / "toy-first"
    loop.start(config, run_dir, code_model=ScriptedCodeModel(ANSWERS))
    return [run_dir, shutil.copytree(run_dir, root / "runs" / "toy-replay")]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return make_runs(tmp_path_factory.mktemp("pipeline"))


@pytest.fixture(scope="module")
def built(runs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildReport]:
    out = tmp_path_factory.mktemp("built") / "corpus"
    return out, build_corpus(runs, out, holdout_per_task=2, seed=0)


def test_build_reports_every_step_and_dedups_the_replayed_run(
    built: tuple[Path, BuildReport],
) -> None:
    out, report = built
    assert report.path == out
    steps = dict(report.steps())
    assert steps["ingested"] == 12  # two runs of six executed programs
    assert steps["after filter"] == 12  # nothing here is a harness failure or a bad label
    assert steps["after exact dedup"] == 6  # the second run repeats the first exactly
    assert steps["holdout"] == 2 and steps["training"] == 4
    corpus = Corpus.open(out)
    assert len(corpus) == 6 and report.records == 6
    outcomes = sorted(r.y.exc_type for r in corpus.iter_records())
    assert outcomes == ["KeyError", "None", "None", "None", "None", "ValueError"]
    assert not any(p.name.startswith(".") and p.is_dir() for p in out.parent.iterdir())
    assert not (out / "raw").exists()


def test_build_holdout_passes_its_check(built: tuple[Path, BuildReport]) -> None:
    out, report = built
    corpus = Corpus.open(out)
    holdout = corpus.holdout()
    assert sum(len(ids) for ids in holdout.values()) == 2
    assert check_holdout(corpus) == [] and check_holdout(corpus, recompute=True) == []
    assert report.to_dict()["holdout_check"] == {"passed": True, "violations": []}
    train_ids = {r.id for r in corpus.iter_records("train")}
    assert not train_ids & holdout["toy"]


def test_build_writes_stats(built: tuple[Path, BuildReport]) -> None:
    out, _ = built
    table = json.loads((out / STATS_JSON).read_text())
    assert table["total"] == 6 and table["holdout_total"] == 2
    assert table["by_outcome"] == {"clean": 4, "crash": 2, "timeout": 0}
    assert table["by_exception"] == {"KeyError": 1, "ValueError": 1}
    assert table["by_task"] == {"toy": 6} and table["by_stage"] == {"draft": 6}
    markdown = (out / STATS_MD).read_text()
    assert "| All programs | 6 | 100.0 |" in markdown and "| KeyError | 1 | 50.0 |" in markdown


def test_sft_export_round_trips_through_the_world_model_parser(
    built: tuple[Path, BuildReport], tmp_path: Path
) -> None:
    out, _ = built
    corpus = Corpus.open(out)
    export = export_sft(corpus, tmp_path / "sft")
    assert export.records == 4
    vocab = Vocab.load(export.files["vocab"])
    records = {r.id: r for r in corpus.iter_records("train")}
    lines = export.path.read_text().splitlines()
    assert len(lines) == 4
    for line in lines:
        example = json.loads(line)
        roles = [m["role"] for m in example["messages"]]
        assert roles == ["system", "user", "assistant"]
        record = records[example["id"]]
        assert record.x.program in example["messages"][1]["content"]
        answer = example["messages"][2]["content"]
        assert answer.startswith(f"EXC_{record.y.exc_type}")
        parsed = parse_prediction_text(answer, vocab)
        assert parsed.complete
        assert parsed.exc_type == record.y.exc_type and parsed.exc_from == "token"
        assert parsed.term_out == trim_output(record.y.term_out)
        assert parsed.metric == record.y.metric
        assert parsed.submission == record.y.submission
    info = json.loads((tmp_path / "sft" / "dataset_info.json").read_text())
    assert info["mleworld_world"]["file_name"] == export.path.name
    tokens = json.loads((tmp_path / "sft" / "added_tokens.json").read_text())
    assert {"EXC_None", "EXC_KeyError", "EXC_ValueError", "EXC_TimeoutError"} <= set(tokens)


def test_refine_of_an_ingested_corpus_matches_build(
    runs: list[Path], built: tuple[Path, BuildReport], tmp_path: Path
) -> None:
    raw = Corpus.create(tmp_path / "raw")
    ingest_runs(runs, raw)
    report = refine_corpus(raw, tmp_path / "refined", holdout_per_task=2, seed=0)
    out, _ = built
    assert report.records == 6 and report.ingest is None
    assert Corpus.open(tmp_path / "refined").holdout() == Corpus.open(out).holdout()


def test_failed_builds_leave_nothing_behind(runs: list[Path], tmp_path: Path) -> None:
    broken = shutil.copytree(runs[0], tmp_path / "broken")
    (broken / "context.json").unlink()
    with pytest.raises(MleWorldError, match="context.json"):
        build_corpus([runs[1], broken], tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken"]

    existing = Corpus.create(tmp_path / "existing")
    with pytest.raises(MleWorldError, match="is a corpus; --out takes a new directory"):
        build_corpus(runs, existing.path)
    with pytest.raises(MleWorldError, match="no run directories"):
        build_corpus([], tmp_path / "out")


NEW_PROGRAMS = [
    textwrap.dedent(
        """\
        import pandas as pd

        rows = pd.read_csv("input/train.csv")
        print("rows:", len(rows), "positives:", int(rows["y"].sum()))
        """
    ),
    textwrap.dedent(
        """\
        import numpy as np

        values = np.arange(12).reshape(3, 4)
        print("column sums", values.sum(axis=0).tolist())
        print(values[5])
        """
    ),
]


class _Renamed(ast.NodeTransformer):
    """Renames the variables a program assigns: an AST duplicate of the original."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id in self.names:
            node.id = "renamed_" + node.id
        return node


def _renamed(program: str) -> str:
    tree = ast.parse(program)
    assigned = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    return ast.unparse(_Renamed(assigned).visit(tree)) + "\n"


def test_extend_adds_new_programs_and_keeps_the_holdout_without_copies(
    built: tuple[Path, BuildReport], tmp_path: Path
) -> None:
    out, _ = built
    base = Corpus.open(out)
    held = {r.id: r for r in base.iter_records("holdout")}
    first, second = sorted(held.values(), key=lambda r: r.id)
    trained = next(base.iter_records("train"))
    new_programs = [
        "# the same program again, with a comment\n" + first.x.program,  # a holdout program
        _renamed(second.x.program),  # an AST copy of one
        trained.x.program,  # a training program run again: an exact duplicate
        *NEW_PROGRAMS,
    ]
    task = make_task(tmp_path / "task", time_limit_s=120)
    config = build_config(
        {
            "task": str(task.path),
            "seed": 2,
            "agent": {"steps": len(new_programs)},
            "search": {"num_drafts": len(new_programs)},
        }
    )
    answers = [f"Plan.\n\n```python\n{p}```\n" for p in new_programs]
    run_dir = tmp_path / "more" / "toy-more"
    loop.start(config, run_dir, code_model=ScriptedCodeModel(answers))

    report = extend_corpus(base, [run_dir], tmp_path / "extended")
    assert report.extended == {"base_records": 6, "added": 2, "dropped_as_holdout_copies": 1}
    corpus = Corpus.open(tmp_path / "extended")
    assert corpus.holdout() == base.holdout()
    assert sorted(r.uid for r in corpus.iter_records("holdout")) == sorted(
        r.uid for r in base.iter_records("holdout")
    )
    assert len(corpus) == 8 and check_holdout(corpus, recompute=True) == []
    added = {r.x.program for r in corpus.iter_records("train")} - {
        r.x.program for r in base.iter_records("train")
    }
    assert added == {p.strip() for p in NEW_PROGRAMS}
    with pytest.raises(MleWorldError, match="is a corpus"):
        extend_corpus(base, [run_dir], tmp_path / "extended")
