"""Whether ./submission/submission.csv is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze

SUB = "import pandas as pd\nsub = pd.read_csv('./input/sample_submission.csv')\n"


@pytest.mark.parametrize(
    "write",
    [
        "sub.to_csv('./submission/submission.csv', index=False)\n",
        "sub.to_csv('submission/submission.csv')\n",
        "import os\nOUT = './submission'\nsub.to_csv(os.path.join(OUT, 'submission.csv'))\n",
        "from pathlib import Path\nsub.to_csv(Path('submission') / 'submission.csv')\n",
        "import csv\nwith open('./submission/submission.csv', 'w', newline='') as fh:\n    csv.writer(fh).writerow([1])\n",
        "def save(frame, name='submission.csv'):\n    frame.to_csv(f'./submission/{name}', index=False)\n\nsave(sub)\n",
    ],
)
def test_writes_are_recognised(write: str, data_dir: Path) -> None:
    assert analyze(SUB + write, data_dir).writes_submission is True


def test_no_write_at_all(data_dir: Path) -> None:
    report = analyze(SUB + "print(sub.shape)\n", data_dir)
    assert report.writes_submission is False
    finding = report.findings[-1]
    assert (
        finding.detector == "submission" and finding.fatal is False and finding.exc_type == "None"
    )
    assert report.first_fatal is None


def test_a_write_to_the_wrong_place(data_dir: Path) -> None:
    report = analyze(SUB + "sub.to_csv('submission.csv', index=False)\n", data_dir)
    assert report.writes_submission is False
    finding = report.findings[-1]
    assert "./submission.csv" in finding.message and finding.line == 3


@pytest.mark.parametrize(
    "write",
    [
        "import sys\nsub.to_csv(sys.argv[1])\n",
        "def save(frame):\n    frame.to_csv('./submission/submission.csv')\n",  # never called: can't tell
    ],
)
def test_writes_analysis_cannot_follow_leave_it_open(write: str, data_dir: Path) -> None:
    assert analyze(SUB + write, data_dir).writes_submission is None
