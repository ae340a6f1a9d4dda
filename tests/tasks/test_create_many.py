"""`task create-many`: tasks from a manifest, each validated; broken datasets excluded with
their reasons; a known fault repaired; a rerun rebuilds only what failed or changed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from cli_runner import run_cli
from mleworld.errors import MleWorldError
from mleworld.tasks.create_many import create_many, read_manifest, write_suite_manifest
from mleworld.tasks.validation import validate_task

pytestmark = pytest.mark.slow


def _table(rows: int, seed: int = 0, with_label: bool = True) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, 3))
    frame = pd.DataFrame(x, columns=["a", "b", "c"])
    if with_label:
        frame["label"] = np.where(x[:, 0] + 0.3 * rng.normal(size=rows) > 0, "yes", "no")
    return frame


def _mtimes(task_dir: Path) -> dict[str, int]:
    return {
        str(p.relative_to(task_dir)): p.stat().st_mtime_ns
        for p in task_dir.rglob("*")
        if p.is_file()
    }


def test_builds_keeps_excludes_repairs_and_reruns_only_the_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    manifest = write_suite_manifest(["penguins"], data)
    dup = _table(150, seed=1)
    dup.insert(0, "id", np.arange(150) % 100)  # repeated ids: repaired by renaming
    dup.to_csv(data / "dup_ids.csv", index=False)
    _table(150, seed=2, with_label=False).to_csv(data / "no_label.csv", index=False)
    _table(12, seed=3).to_csv(data / "tiny.csv", index=False)
    spec = yaml.safe_load(manifest.read_text())
    for name in ("dup_ids", "no_label", "tiny"):
        spec["datasets"].append(
            {
                "name": name,
                "data": f"{name}.csv",
                "target": "label",
                "metric": "auc",
                "positive_class": "yes",
            }
        )
    manifest.write_text(yaml.safe_dump(spec))
    out = tmp_path / "tasks"

    code, stdout, err = run_cli(
        ["task", "create-many", "--manifest", str(data), "--out", str(out), "--workers", "2"],
        capsys,
    )
    assert code == 0, err
    report = json.loads((out / "create_many.json").read_text())
    assert report["kept"] == ["penguins", "dup_ids"]
    assert report["excluded"]["no_label"] == [
        "target column 'label' is not in the data (columns: a, b, c); pick one of them"
    ]
    assert "a task needs at least 30" in report["excluded"]["tiny"][0]
    assert not (out / "no_label").exists() and not (out / "tiny").exists()
    dup_report = next(t for t in report["tasks"] if t["name"] == "dup_ids")
    assert dup_report["repairs"] and "source_id" in dup_report["repairs"][0]
    for name in report["kept"]:
        assert validate_task(out / name) == []
    assert "excluded no_label: target column 'label'" in stdout
    assert "2 kept, 2 excluded, 4 built this time" in stdout
    penguins = (out / "penguins" / "task.yaml").read_text()
    assert "metric: logloss" in penguins and "manifest_fingerprint" in penguins

    # Rerun as is: the kept tasks are left untouched, the failed ones are tried again.
    before = {name: _mtimes(out / name) for name in report["kept"]}
    again = create_many(data, out)
    assert again["rebuilt"] == ["no_label", "tiny"]
    assert {name: _mtimes(out / name) for name in report["kept"]} == before

    # The user fixes a dataset and breaks a kept task: only those two are rebuilt.
    _table(150, seed=2).to_csv(data / "no_label.csv", index=False)
    (out / "dup_ids" / "private" / "answers.csv").unlink()
    third = create_many(data, out)
    assert sorted(third["rebuilt"]) == ["dup_ids", "no_label", "tiny"]
    assert third["kept"] == ["penguins", "dup_ids", "no_label"]
    assert _mtimes(out / "penguins") == before["penguins"]
    assert validate_task(out / "dup_ids") == [] and validate_task(out / "no_label") == []


def test_manifest_errors_name_the_entry_and_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(yaml.safe_dump({"datasets": [{"name": "a", "data": "a.csv", "target": "y"}]}))
    with pytest.raises(MleWorldError, match="entry 1 lacks metric"):
        read_manifest(path)
    path.write_text(
        yaml.safe_dump(
            {
                "datasets": [
                    {
                        "name": "a",
                        "data": "a.csv",
                        "target": "y",
                        "metric": "auc",
                        "split": "sideways",
                    }
                ]
            }
        )
    )
    with pytest.raises(MleWorldError, match="split 'sideways' is not auto"):
        read_manifest(path)
    path.write_text(
        yaml.safe_dump(
            {
                "defaults": {"metric": "rmse", "colour": 1},
                "datasets": [{"name": "a", "data": "a.csv", "target": "y"}],
            }
        )
    )
    with pytest.raises(MleWorldError, match="unknown field"):
        read_manifest(path)
    csv_manifest = tmp_path / "manifest.csv"
    csv_manifest.write_text("name,data,target,metric,split\nb,b.csv,y,rmse,time:day\n")
    (entry,) = read_manifest(tmp_path)  # a folder: its manifest.* is read
    assert entry.name == "b" and entry.time_column == "day"
    with pytest.raises(MleWorldError, match="unknown executor"):
        create_many(csv_manifest, tmp_path / "out", executor="dask")


@pytest.mark.ray
def test_the_ray_executor_builds_the_same_report(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    data = tmp_path / "data"
    data.mkdir()
    _table(120, seed=4).to_csv(data / "small.csv", index=False)
    _table(120, seed=5, with_label=False).to_csv(data / "broken.csv", index=False)
    (data / "manifest.csv").write_text(
        "name,data,target,metric,positive_class\n"
        "small,small.csv,label,auc,yes\n"
        "broken,broken.csv,label,auc,yes\n"
    )
    report = create_many(data, tmp_path / "tasks", workers=2, executor="ray")
    assert report["kept"] == ["small"] and list(report["excluded"]) == ["broken"]
    assert validate_task(tmp_path / "tasks" / "small") == []
