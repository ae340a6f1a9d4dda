"""The calibration: measured by a command, cached under MLEWORLD_HOME, reused, re-measured.

One real measurement (a few seconds) serves the whole module; no assertion is about
how long anything took, only about what was measured, written and read back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_runner import run_cli
from mleworld.world.runtime import calibrate
from mleworld.world.runtime.calibrate import REFERENCE, calibration, read_cache


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path))
    monkeypatch.setattr(calibrate, "_LOADED", {})
    return tmp_path


@pytest.mark.slow
def test_the_command_measures_caches_and_predictions_reuse_it(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run_cli(["wm", "calibrate-runtime", "--json"], capsys)
    assert code == 0, err
    shown = json.loads(out)
    path = home / "runtime" / "calibration.json"
    assert shown["path"] == str(path) and path.is_file()
    assert set(shown["per_unit"]) == set(REFERENCE)  # lightgbm is installed here
    assert all(v > 0 for v in shown["per_unit"].values())
    assert shown["startup_s"] > 0 and 1.0 <= shown["contention"] <= calibrate.MAX_CONTENTION

    monkeypatch.setattr(calibrate, "_LOADED", {})

    def no_measuring() -> None:
        raise AssertionError("the cache should have been used")

    monkeypatch.setattr(calibrate, "measure", no_measuring)
    reused = calibration()
    assert reused.measured_at == shown["measured_at"]
    assert reused.per_unit == shown["per_unit"]


def test_a_cache_from_another_machine_or_schema_is_not_used(home: Path) -> None:
    path = home / "runtime" / "calibration.json"
    path.parent.mkdir(parents=True)
    entry = {
        "schema_version": calibrate.SCHEMA_VERSION,
        "per_unit": {"forest": 1e-8},
        "fit_overhead_s": 0.001,
        "startup_s": 1.0,
        "contention": 1.0,
        "machine": calibrate.machine(),
        "measured_at": 1.0,
    }
    path.write_text(json.dumps(entry))
    assert read_cache(path) is not None
    path.write_text(json.dumps({**entry, "machine": {**entry["machine"], "cpus": -1}}))
    assert read_cache(path) is None
    path.write_text(json.dumps({**entry, "schema_version": 0}))
    assert read_cache(path) is None
    path.write_text("{not json")
    assert read_cache(path) is None


def test_an_unwritable_home_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "home"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("MLEWORLD_HOME", str(blocker))
    monkeypatch.setattr(calibrate, "_LOADED", {})
    measured = calibrate.Calibration({"forest": 1e-8}, 0.001, 1.0, {}, 0.0)
    monkeypatch.setattr(calibrate, "measure", lambda: measured)
    code, out, err = run_cli(["wm", "calibrate-runtime"], capsys)
    assert code == 2
    assert err.startswith("error: cannot write the runtime calibration") and "MLEWORLD_HOME" in err
    assert "Traceback" not in err
