"""A 40-row threshold task and the tiny pure-Python programs that solve it.

Shared by the tests that run the agent loop for real (tests/agent, tests/corpus):
each program executes in a fraction of a second, so a whole run takes seconds.
Test modules import it by name; pytest puts this folder on sys.path because it
holds the suite's conftest.py.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from mleworld.tasks.task import Task

LEADERBOARD = (1.0, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.4, 0.3)


def make_task(root: Path, time_limit_s: float = 20.0) -> Task:
    """Train and test halves of x = 0..39, y = 1 when x > 20, graded by accuracy."""
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    rows = [(i, i, int(i > 20)) for i in range(40)]
    train, test = rows[::2], rows[1::2]
    (root / "public" / "train.csv").write_text(
        "id,x,y\n" + "".join(f"{i},{x},{y}\n" for i, x, y in train)
    )
    (root / "public" / "test.csv").write_text("id,x\n" + "".join(f"{i},{x}\n" for i, x, _ in test))
    (root / "public" / "sample_submission.csv").write_text(
        "id,y\n" + "".join(f"{i},0\n" for i, _, _ in test)
    )
    (root / "private" / "answers.csv").write_text(
        "id,y\n" + "".join(f"{i},{y}\n" for i, _, y in test)
    )
    (root / "private" / "leaderboard.csv").write_text(
        "score\n" + "".join(f"{s}\n" for s in LEADERBOARD)
    )
    (root / "description.md").write_text("Predict y from x. Metric: accuracy.\n")
    task = Task(root, "toy", "accuracy", "id", ("y",), name="toy", time_limit_s=time_limit_s)
    task.save()
    return task


def program(threshold: float, printed: float | None, before: str = "") -> str:
    """Reads ./input, writes ./submission/submission.csv and prints `printed` as its score.

    `before` is one line run first: a crash (`raise KeyError(...)`) or a delay.
    """
    line = f'print("Validation accuracy: {printed}")' if printed is not None else ""
    return textwrap.dedent(
        f"""\
        import csv, os
        {before}
        rows = list(csv.DictReader(open("input/test.csv")))
        os.makedirs("submission", exist_ok=True)
        with open("submission/submission.csv", "w", newline="") as handle:
            out = csv.writer(handle)
            out.writerow(["id", "y"])
            for row in rows:
                out.writerow([row["id"], int(float(row["x"]) > {threshold})])
        {line}
        """
    )


def answer(plan: str, code: str) -> str:
    """A code model's reply: the plan, then the program in a fenced block."""
    return f"{plan}\n\n```python\n{code}```\n"
