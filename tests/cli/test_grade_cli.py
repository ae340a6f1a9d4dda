"""`mleworld grade` as a user runs it: the installed console script, in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

MLEWORLD = Path(sys.executable).parent / "mleworld"
CLASSES = ["cat", "dog", "fox"]
KEYS = [
    "score",
    "valid",
    "error",
    "percentile",
    "medal",
    "above_median",
    "gold_threshold",
    "silver_threshold",
    "bronze_threshold",
    "median_threshold",
    "is_lower_better",
    "normalized_score",
]


def write_task(root: Path, metric: str, answers: pd.DataFrame, ladder: list[float] | None) -> Path:
    """A task directory by hand: task.yaml, description, public sample, private answers."""
    targets = [c for c in answers.columns if c != "id"]
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    (root / "task.yaml").write_text(
        f"id: {root.name}\nmetric: {metric}\nid_column: id\n"
        f"target_columns: [{', '.join(targets)}]\ntime_limit_s: 60\n"
    )
    (root / "description.md").write_text("Predict the targets for each test id.\n")
    answers.assign(**dict.fromkeys(targets, 0)).to_csv(
        root / "public" / "sample_submission.csv", index=False
    )
    answers.to_csv(root / "private" / "answers.csv", index=False)
    if ladder is not None:
        pd.DataFrame({"teamId": range(len(ladder)), "score": ladder}).to_csv(
            root / "private" / "leaderboard.csv", index=False
        )
    return root


@pytest.fixture(scope="module")
def animals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three-class log loss with a 40-team ladder (lower is better)."""
    root = tmp_path_factory.mktemp("tasks") / "animals"
    labels = np.random.default_rng(4).integers(0, 3, 24)
    answers = pd.DataFrame({"id": [f"a{i}" for i in range(24)]})
    for j, c in enumerate(CLASSES):
        answers[c] = (labels == j).astype(int)
    return write_task(root, "logloss", answers, list(np.linspace(0.1, 1.1, 40)))


@pytest.fixture(scope="module")
def prices(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tasks") / "prices"
    answers = pd.DataFrame({"id": range(10), "price": np.linspace(2.0, 20.0, 10)})
    return write_task(root, "rmsle", answers, None)


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MLEWORLD), "grade", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def perfect(task: Path, out: Path) -> Path:
    pd.read_csv(task / "private" / "answers.csv").to_csv(out, index=False)
    return out


def test_perfect_submission_json(animals: Path, tmp_path: Path) -> None:
    sub = perfect(animals, tmp_path / "submission.csv")
    proc = run("--task", animals, "--submission", sub, "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert list(data) == KEYS
    assert data["valid"] is True and data["error"] is None
    assert data["medal"] == "gold" and data["percentile"] == 100.0
    assert data["score"] == pytest.approx(0.0, abs=1e-12)
    ladder = np.linspace(0.1, 1.1, 40)
    assert data["gold_threshold"] == pytest.approx(ladder[3])  # int(40 * 0.1) = 4th team
    assert data["is_lower_better"] is True
    assert data["normalized_score"] is None, "a hand-made ladder has no references"


def test_factory_ladders_give_a_normalised_score(tmp_path: Path) -> None:
    """(score - constant) / (strongest reference - constant), from task.yaml's summary."""
    answers = pd.DataFrame({"id": range(8), "y": [0, 1] * 4})
    task = write_task(tmp_path / "flags", "auc", answers, list(np.linspace(0.5, 0.9, 40)))
    with (task / "task.yaml").open("a") as fh:
        fh.write(
            "reference_ladder:\n  teams: 40\n  strongest: blend\n  score_se: 0.01\n"
            "  best_possible: 1.0\n  references:\n    constant-train-prior: 0.5\n"
            "    blend: 0.9\n  off_ladder: []\n"
        )
    sub = tmp_path / "submission.csv"
    # Two positives ranked below one negative: AUC 14/16 = 0.875.
    answers.assign(y=[0.1, 0.9, 0.2, 0.8, 0.3, 0.7, 0.75, 0.6]).to_csv(sub, index=False)
    data = json.loads(run("--task", task, "--submission", sub, "--json").stdout)
    assert data["score"] == pytest.approx(0.875)
    assert data["normalized_score"] == pytest.approx((0.875 - 0.5) / 0.4)
    table = run("--task", task, "--submission", sub).stdout
    assert "normalised score" in table and "0.9375" in table


def test_valid_submission_table(animals: Path, tmp_path: Path) -> None:
    sub = tmp_path / "submission.csv"
    frame = pd.read_csv(animals / "private" / "answers.csv")
    frame[CLASSES] = frame[CLASSES] * 0.4 + 0.2  # 0.6 on the true class
    frame.iloc[::-1].to_csv(sub, index=False)
    proc = run("--task", animals, "--submission", sub)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for field in ("valid", "score", "percentile", "medal", "above median", "gold threshold"):
        assert field in out
    assert f"{-np.log(0.6):.8g}" in out  # the log loss of p=0.6 on every row
    assert "yes" in out and proc.stderr == ""


def test_invalid_submission_json_exits_2(animals: Path, tmp_path: Path) -> None:
    sub = tmp_path / "submission.csv"
    pd.read_csv(animals / "private" / "answers.csv").iloc[:-1].to_csv(sub, index=False)
    proc = run("--task", animals, "--submission", sub, "--json")
    assert proc.returncode == 2
    data = json.loads(proc.stdout)
    assert list(data) == KEYS
    assert data["valid"] is False and data["score"] is None and data["medal"] is None
    assert data["error"].startswith("submission has 23 rows but the test set has 24")


def test_invalid_submission_text_prints_one_error_line(animals: Path, tmp_path: Path) -> None:
    sub = tmp_path / "submission.csv"
    sub.write_text("")
    proc = run("--task", animals, "--submission", sub)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: submission ")
    assert "is empty" in lines[0] and "Traceback" not in proc.stderr


def test_missing_task_directory_is_a_clean_error(tmp_path: Path) -> None:
    proc = run("--task", tmp_path / "no-such-task", "--submission", tmp_path / "s.csv")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr


# Every invalid kind through the real entry point, in one interpreter to stay fast.
DRIVER = textwrap.dedent(
    """
    import contextlib, io, json, sys
    from mleworld.cli import main

    results = {}
    for name, task, sub in json.loads(sys.argv[1]):
        err = io.StringIO()
        code = 0
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                main(["grade", "--task", task, "--submission", sub])
            except SystemExit as exc:
                code = exc.code
        results[name] = [code, err.getvalue()]
    print(json.dumps(results))
    """
)


def _variants(animals: Path, prices: Path, folder: Path) -> dict[str, tuple[Path, str, str]]:
    good = pd.read_csv(animals / "private" / "answers.csv")
    good[CLASSES] = good[CLASSES] * 0.7 + 0.1
    price = pd.read_csv(prices / "private" / "answers.csv")

    def with_value(col: str, value: object) -> pd.DataFrame:
        frame = good.copy().astype({col: object})
        frame.loc[2, col] = value
        return frame

    frames: dict[str, tuple[Path, pd.DataFrame | str, str]] = {
        "missing id": (animals, good.drop(columns="id"), "lacks the id column 'id'"),
        "missing target": (animals, good.drop(columns="fox"), "lacks target column 'fox'"),
        "extra column": (animals, good.assign(x=1), "has extra column 'x'"),
        "row count": (animals, good.iloc[:20], "has 20 rows but the test set has 24"),
        "duplicate ids": (
            animals,
            good.assign(id=["a0", *good["id"][1:-1], "a0"]),
            "repeats 1 id ",
        ),
        "foreign ids": (
            animals,
            good.assign(id=[f"z{i}" for i in range(24)]),
            "24 submission ids are not in the test set",
        ),
        "nan": (animals, with_value("cat", None), "column 'cat' has 1 empty/NaN"),
        "non-numeric": (
            animals,
            with_value("dog", "likely"),
            "non-numeric value (e.g. 'likely')",
        ),
        "out of range": (animals, with_value("cat", 3.5), "outside [0, 1] (e.g. 3.5 in 'cat')"),
        "row sum": (
            animals,
            good.assign(cat=good["cat"] * 0 + 0.5),
            "not sum to 1 within 0.01",
        ),
        "negative": (prices, price.assign(price=-price["price"]), "10 negative predictions"),
        "unreadable": (animals, "\x00\x01\x02,\n\xff", "is not a readable CSV"),
    }
    variants = {}
    for name, (task, frame, expected) in frames.items():
        path = folder / f"{name.replace(' ', '_')}.csv"
        if isinstance(frame, str):
            path.write_bytes(frame.encode("latin-1"))
        else:
            frame.to_csv(path, index=False)
        variants[name] = (task, str(path), expected)
    return variants


def test_every_invalid_kind_exits_2_with_its_own_line(
    animals: Path, prices: Path, tmp_path: Path
) -> None:
    variants = _variants(animals, prices, tmp_path)
    jobs = [[name, str(task), sub] for name, (task, sub, _) in variants.items()]
    proc = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(jobs)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    lines = set()
    for name, (_, _, expected) in variants.items():
        code, err = results[name]
        assert code == 2, (name, err)
        err_lines = err.strip().splitlines()
        assert len(err_lines) == 1 and err_lines[0].startswith("error: "), (name, err)
        assert expected in err_lines[0], (name, err_lines[0])
        lines.add(err_lines[0])
    assert len(lines) == len(variants)
