"""`mleworld experiment` end to end: 2 small suite tasks x 2 arms x 1 seed x 1 step, the
builtin code model writing real programs, the real sandbox, real grading.

The world model is the corpus majority baseline (fitted in seconds) so the test does not
train the default fast model; the policy and gate code paths are the same for any backend.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROW_KEYS = {
    "policy",
    "gate",
    "trials",
    "mean_percentile",
    "se",
    "mean_normalized_score",
    "valid_rate",
    "real_exec_s_per_trial",
    "real_runs_per_trial",
    "clean_share",
    "predictions_per_trial",
    "generations_per_trial",
    "wall_s_per_trial",
}
PLOTS = ("percentile.png", "valid_rate.png", "real_exec.png", "fig1c.png", "over_time.png")


def test_a_small_grid_runs_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "exp"
    args = ["--out", str(out), "--tasks", "penguins,diabetes", "--policies", "none,bon"]
    args += ["--gate", "on", "--seeds", "1", "--steps", "1", "--defect-rate", "0.5"]
    args += ["--world-model", "baseline:majority", "--workers", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "mleworld.cli", "experiment", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "4/4 trials done" in done.stdout
    # the progress display (log lines off a terminal) counted trials and gave an ETA
    assert "trials 4/4 done" in done.stderr and "ETA" in done.stderr

    results = json.loads((out / "results.json").read_text())
    rows = {r["arm"]: r for r in results["rows"]}
    assert set(rows) == {"none_always", "bon_confidence"}
    for row in rows.values():
        assert set(row) >= ROW_KEYS and row["trials"] == 2 and row["tasks"] == 2
        assert 0.0 <= row["mean_percentile"] <= 100.0
    none, bon = rows["none_always"], rows["bon_confidence"]
    # base AIDE: one draw a step, every program run, nothing predicted
    assert none["generations_per_trial"] == 1 and none["predictions_per_trial"] == 0
    assert none["real_runs_per_trial"] == 1 and none["trusted_per_trial"] == 0
    # bon: four draws a step, each predicted once; the gate ran or trusted each chosen one
    assert bon["generations_per_trial"] == 4 and bon["predictions_per_trial"] == 4
    assert bon["real_runs_per_trial"] + bon["trusted_per_trial"] == 1

    for arm in rows:
        for task in ("penguins", "diabetes"):
            trial_dir = out / "trials" / arm / task / "seed0"
            summary = json.loads((trial_dir / "trial.json").read_text())
            assert (trial_dir / "journal.jsonl").is_file() and summary["steps"] == 1
            # the over-time line ends where the run's own grade is (0 when invalid)
            assert summary["timeline"][-1]["percentile"] == round(summary["score_percentile"], 4)
    for name in PLOTS:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
    text = (out / "results.md").read_text()
    assert "`none_always`" in text and "`bon_confidence`" in text and "fig1c.png" in text
    assert "bon_confidence" in results["comparisons"]["vs_none"]
