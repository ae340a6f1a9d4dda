"""A `FastWorldModel` on disk: the directory layout, its schema version, writing and reading it.

A model directory holds the vocabulary, the TF-IDF vocabulary and neighbour
pool, one file pair per head (LightGBM text + JSON), the unfamiliar-code
calibration when there is one, `parts.json` (the feature spec, task
statistics and the small fitted numbers) and `model.json` (schema version and
training facts), all written through persist.py's atomic, checksummed
directory. Reading checks every part against the others (class names against
the vocabulary, feature counts against the spec) so a mismatched or damaged
model is one clear error naming the fix, never a wrong prediction.

This module owns the layout and the schema version; what the parts mean is
model.py's and the heads' business.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from mleworld.errors import MleWorldError
from mleworld.world.fast.batch import Featurizer
from mleworld.world.fast.edits import EditHead
from mleworld.world.fast.features import FeatureSpec, TaskStats
from mleworld.world.fast.heads import (
    METRIC_EXTRA,
    RUNTIME_COLUMNS,
    ClassHead,
    MetricHead,
    RuntimeHead,
    SubmissionHead,
)
from mleworld.world.fast.neighbours import NeighbourPool
from mleworld.world.fast.persist import atomic_directory, check_directory, load_json, save_json
from mleworld.world.fast.tfidf import CodeTfidf
from mleworld.world.fast.unfamiliar import CALIBRATION_FILE, Familiarity, UnfamiliarCalibration
from mleworld.world.vocab import Vocab

if TYPE_CHECKING:
    from mleworld.world.fast.model import FastWorldModel

# 2: the unfamiliar-code calibration (unfamiliar.json, train_imports).
# 3: the edit head (edit_head.json/.txt): the metric change of an edit, on parent-anchored rows.
# 4: the unfamiliar-code blend's gate threshold (unfamiliar.json `gate_threshold`).
SCHEMA_VERSION = 4


def save_model(model: FastWorldModel, target: Path) -> Path:
    """Write `model` (as trained, without online state) to `target`, atomically."""
    with atomic_directory(target) as tmp:
        features = model.featurizer
        model.vocab.save(tmp / "vocab.json")
        features.tfidf.save(tmp)
        features.pool.save(tmp)
        model.class_head.save(tmp)
        model.runtime_head.save(tmp)
        model.metric_head.save(tmp)
        model.edit_head.save(tmp)
        model.submission_head.save(tmp)
        if model.unfamiliar is not None:
            model.unfamiliar.save(tmp)
        save_json(
            tmp / "parts.json",
            {
                "spec": features.spec.to_dict(),
                "task_stats": {t: s.to_dict() for t, s in sorted(model.train_task_stats.items())},
                "metric_by_name": features.metric_by_name,
                "timeout_mix": model.timeout_mix,
                "detectors": model.detectors,
                "neighbours": features.n_neighbours,
                "near_copy_sim": features.near_copy_sim,
                "train_imports": sorted(features.familiarity.imports),
                "other_writers_runs": {
                    t: [list(r) for r in runs] for t, runs in features.other_runs.items()
                },
            },
        )
        save_json(tmp / "model.json", {"schema_version": SCHEMA_VERSION, "meta": model.meta})
    return target


def _retrain(what: str) -> MleWorldError:
    return MleWorldError(f"{what}; retrain it with `mleworld wm train --backend fast`")


def load_model(
    cls: type[FastWorldModel], path: Path, *, online: bool = True, k: int = 10
) -> FastWorldModel:
    """The model saved in `path`; any missing, corrupt or mismatched file is one clear error."""
    directory = path.expanduser()
    manifest = check_directory(directory, SCHEMA_VERSION)
    vocab = Vocab.load(directory / "vocab.json")
    parts = load_json(directory / "parts.json")
    try:
        spec = FeatureSpec.from_dict(parts["spec"])
        task_stats = {str(t): TaskStats.from_dict(s) for t, s in parts["task_stats"].items()}
        metric_by_name = {str(k): float(v) for k, v in parts["metric_by_name"].items()}
        timeout_mix = float(parts["timeout_mix"])
        detectors = {str(d): [float(x) for x in v] for d, v in parts["detectors"].items()}
        n_neighbours = int(parts.get("neighbours", 5))
        near = parts.get("near_copy_sim")
        near_copy_sim = None if near is None else float(near)
        train_imports = [str(m) for m in parts.get("train_imports", [])]
        other_runs = {
            str(t): [(str(d), float(v)) for d, v in runs]
            for t, runs in (parts.get("other_writers_runs") or {}).items()
        }
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _retrain(f"model file {directory / 'parts.json'} is malformed ({exc})") from None
    class_head = ClassHead.load(directory)
    unknown = [c for c in class_head.classes if c not in vocab]
    if unknown:
        raise _retrain(
            f"model {directory} predicts classes its vocabulary lacks ({', '.join(unknown)})"
        )
    meta: dict[str, Any] = dict(manifest.get("meta") or {})
    tfidf = CodeTfidf.load(directory)
    featurizer = Featurizer(
        spec,
        tfidf,
        NeighbourPool.load(directory),
        task_stats,
        metric_by_name,
        n_neighbours,
        near_copy_sim,
        Familiarity.from_vocabulary(tfidf.vocabulary, train_imports),
        other_runs,
    )
    unfamiliar = None
    if (directory / CALIBRATION_FILE).is_file():
        unfamiliar = UnfamiliarCalibration.load(directory)
        if unfamiliar.classes != class_head.classes:
            raise _retrain(
                f"model {directory}: {CALIBRATION_FILE} calibrates other classes than the "
                "class head's"
            )
    model = cls(
        vocab=vocab,
        featurizer=featurizer,
        class_head=class_head,
        runtime_head=RuntimeHead.load(directory),
        metric_head=MetricHead.load(directory),
        edit_head=EditHead.load(directory),
        submission_head=SubmissionHead.load(directory),
        timeout_mix=timeout_mix,
        detectors=detectors,
        meta=meta,
        online=online,
        k=k,
        unfamiliar=unfamiliar,
    )
    n_features = len(spec.names)
    for head_name, booster, expected in (
        ("class", class_head.booster, n_features + len(RUNTIME_COLUMNS)),
        ("runtime", model.runtime_head.booster, n_features),
    ):
        if booster is not None and booster.num_feature() != expected:
            raise _retrain(
                f"model {directory}: the {head_name} head reads {booster.num_feature()} features, "
                f"expected {expected}"
            )
    columns = model.metric_head.columns
    if len(columns) and int(columns.max()) >= n_features + len(METRIC_EXTRA):
        raise _retrain(
            f"model {directory}: the metric head reads column {int(columns.max())}, "
            f"beyond the {n_features + len(METRIC_EXTRA)} the features have"
        )
    return model


__all__ = ["SCHEMA_VERSION", "load_model", "save_model"]
