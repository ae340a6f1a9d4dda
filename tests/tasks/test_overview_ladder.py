"""`task overview` on a task with a reference ladder: the data overview first, exactly as
agents read it, then the private ladder section (teams, thresholds, references)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd

from mleworld.tasks.leaderboard import medal_positions
from mleworld.tasks.overview import data_overview
from mleworld.tasks.overview.ladder import ladder_overview
from mleworld.tasks.reference import Fitted, ladder
from mleworld.tasks.reference_summary import KEY, LadderSummary
from mleworld.tasks.task import Task

MLEWORLD = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "mleworld"
REFS = [
    Fitted("constant-train-prior", 0.5),
    Fitted("random-guess", 0.48),
    Fitted("linear", 0.80),
    Fitted("lightgbm", 0.85),
    Fitted("lightgbm-cv", 0.86),
    Fitted("blend", 0.87),
]


def ladder_task(root: Path, with_summary: bool = True) -> Path:
    """A task directory with a public train.csv, a 600-team ladder and (optionally) its
    task.yaml summary, written the way the factory writes them."""
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    rng = np.random.default_rng(0)
    pd.DataFrame({"id": range(40), "x": rng.normal(size=40), "y": [0, 1] * 20}).to_csv(
        root / "public" / "train.csv", index=False
    )
    board = ladder(REFS, True, 600, seed=0, score_se=0.005, best_possible=1.0)
    board.to_csv(root / "private" / "leaderboard.csv", index=False)
    summary = LadderSummary(
        teams=600,
        strongest="blend",
        score_se=0.005,
        best_possible=1.0,
        references={f.name: f.score for f in REFS},
        off_ladder=("random-guess",),
    )
    extra = {KEY: summary.to_yaml()} if with_summary else {}
    Task(
        path=root, id="flags", metric="auc", id_column="id", target_columns=("y",), extra=extra
    ).save()
    return root


def test_the_section_lists_teams_thresholds_and_every_reference(tmp_path: Path) -> None:
    text = ladder_overview(ladder_task(tmp_path / "t"))
    assert text is not None
    lines = text.splitlines()
    assert lines[0].startswith("## Reference ladder (private")
    gold, silver, bronze = medal_positions(600)
    assert "600 teams; auc, higher is better" in text
    assert f"gold 0.87 (position {gold})" in text
    assert f"(position {silver})" in text and f"(position {bronze})" in text
    assert (
        "strongest reference: blend 0.87 (test-set bootstrap SE of the strong references 0.005)"
        in text
    )
    rows = {line.split()[0]: line for line in lines[5:]}
    assert list(rows)[:2] == ["blend", "lightgbm-cv"], "best first"
    assert rows["blend"].endswith("gold")
    assert "off the ladder" in rows["random-guess"]
    assert set(rows) == {f.name for f in REFS}


def test_a_leaderboard_without_a_summary_still_shows_its_thresholds(tmp_path: Path) -> None:
    text = ladder_overview(ladder_task(tmp_path / "t", with_summary=False))
    assert text is not None and text.startswith("## Leaderboard (private")
    assert "gold 0.87" in text and "strongest reference" not in text
    assert ladder_overview(tmp_path / "t" / "public") is None, "a plain data folder has none"


def test_cli_prints_the_data_overview_then_the_ladder(tmp_path: Path) -> None:
    task = ladder_task(tmp_path / "t")
    env = {**os.environ, "MLEWORLD_HOME": str(tmp_path / "home")}

    def overview(*flags: str) -> str:
        done = subprocess.run(
            [str(MLEWORLD), "task", "overview", str(task), "--budget", "800", *flags],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.rstrip("\n")

    data = data_overview(task / "public", budget_chars=800)
    assert overview() == f"{data}\n\n{ladder_overview(task)}"
    assert overview("--no-ladder") == data
