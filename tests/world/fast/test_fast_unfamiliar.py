"""The unfamiliarity signals and the calibration they drive (world/fast/unfamiliar.py).

The tiny model of conftest.py is trained on builtin-agent records of seven
suite tasks; a program written in another hand (other identifiers, a class,
callbacks, an unseen library) must get a lower p_max than a held-out program
of the corpus' own writer, and a program the corpus could have written must
keep the head's distribution untouched.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mleworld.corpus.foreign import open_program_set
from mleworld.corpus.record import Record
from mleworld.errors import MleWorldError
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.unfamiliar import (
    CALIBRATION_FILE,
    SIGNALS,
    Familiarity,
    UnfamiliarCalibration,
    nearest_similarity,
)
from mleworld.world.inputs import query_for_record
from mleworld.world.prediction import Query

FOREIGN_STYLE = '''"""Penguin species with a gradient-boosted ensemble, written the way a notebook would."""
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold


@dataclass
class Settings:
    seed: int = 7
    folds: int = 4


def engineer(frame: pd.DataFrame) -> pd.DataFrame:
    frame = frame.copy()
    frame["beak_ratio"] = frame["bill_length_mm"] / frame["bill_depth_mm"]
    frame["mass_per_flipper"] = frame["body_mass_g"] / frame["flipper_length_mm"]
    return frame


def cross_validate(settings: Settings, table: pd.DataFrame) -> float:
    splitter = StratifiedKFold(settings.folds, shuffle=True, random_state=settings.seed)
    columns = ["beak_ratio", "mass_per_flipper", "bill_length_mm"]
    scores = []
    for fold_train, fold_valid in splitter.split(table, table["species"]):
        learner = HistGradientBoostingClassifier(random_state=settings.seed)
        learner.fit(table.iloc[fold_train][columns], table.iloc[fold_train]["species"])
        scores.append(learner.score(table.iloc[fold_valid][columns], table.iloc[fold_valid]["species"]))
    return float(np.mean(scores))


if __name__ == "__main__":
    penguins = engineer(pd.read_csv("./input/train.csv").dropna())
    print(f"cv accuracy {cross_validate(Settings(), penguins):.4f}")
'''


def _query(record: Record, program: str | None = None) -> Query:
    query = query_for_record(record)
    if program is not None:
        query.x = dataclasses.replace(query.x, program=program)  # the record's x stays as it is
    return query


def test_a_corpus_program_has_no_unseen_identifiers_and_a_foreign_one_has_many(
    trained: tuple[Path, dict[str, Any]], dev_records: list[Record]
) -> None:
    model = FastWorldModel.load(trained[0], online=False)
    train_record = next(r for r in dev_records if r.run_id != "penguins-0.5")
    inputs = model.featurizer.prepare([_query(train_record), _query(train_record, FOREIGN_STYLE)])
    tokens, calls = SIGNALS.index("tokens_unseen"), SIGNALS.index("calls_unseen")
    own, foreign = inputs.unfamiliar
    assert own[tokens] == 0.0 and own[calls] == 0.0
    assert foreign[tokens] > 0.2  # beak_ratio, Settings, engineer, splitter, ...
    assert foreign[SIGNALS.index("sim_gap")] > own[SIGNALS.index("sim_gap")]


def test_a_corpus_program_keeps_the_heads_distribution_and_a_foreign_one_is_recalibrated(
    trained: tuple[Path, dict[str, Any]], dev_records: list[Record]
) -> None:
    model = FastWorldModel.load(trained[0], online=False)
    record = next(r for r in dev_records if r.run_id != "penguins-0.5")
    queries = [_query(record), _query(record, FOREIGN_STYLE)]
    inputs = model.featurizer.prepare(queries)
    blended, _ = model.class_probabilities(inputs, queries)
    head, _ = model.class_probabilities(inputs, queries, unfamiliar=False)
    # Its nearest program is itself, so every signal is 0 up to the float32 cosine's rounding.
    np.testing.assert_allclose(blended[0], head[0], atol=1e-6)
    assert np.abs(blended[1] - head[1]).max() > 0.05


def test_unfamiliar_programs_get_lower_p_max_than_familiar_ones(
    trained: tuple[Path, dict[str, Any]], held_records: list[Record]
) -> None:
    # The tiny model's head, trained on 180 runs, is unsure everywhere (p_max near 0.5), so
    # the calibration it fitted on the foreign set raises p on foreign code to that code's
    # base rate. Here the head is made as sure as the default model's (p_clean 0.97 on
    # every program) and a calibration is fitted on the signals the tiny model reads off
    # held-out runs of its own writer (clean 95%) and off foreign-style rewrites of them
    # (clean 55% of the time).
    model = FastWorldModel.load(trained[0], online=False)
    clean = [r for r in held_records if r.y.exc_type in (None, "None")][:8]
    familiar_q = [_query(r) for r in clean]
    foreign_q = [_query(r, FOREIGN_STYLE) for r in clean]
    familiar_s = model.featurizer.prepare(familiar_q).unfamiliar
    foreign_s = model.featurizer.prepare(foreign_q).unfamiliar
    classes = model.class_head.classes
    sure = np.full((1, len(classes)), 0.03 / (len(classes) - 1))
    sure[0, classes.index("None")] = 0.97
    rng = np.random.default_rng(0)
    rows = np.vstack([np.repeat(familiar_s, 25, axis=0), np.repeat(foreign_s, 25, axis=0)])
    n = len(familiar_s) * 25
    clean_runs = np.concatenate([rng.random(n) < 0.95, rng.random(len(rows) - n) < 0.55])
    labels = np.where(clean_runs, classes.index("None"), classes.index("Other"))
    calibration, _ = UnfamiliarCalibration.fit(
        classes,
        "None",
        np.repeat(sure, len(rows), axis=0),
        rows,
        labels,
        unfamiliar_rows=np.arange(len(rows)) >= n,
    )
    familiar = calibration.apply(np.repeat(sure, len(familiar_s), axis=0), familiar_s)
    foreign = calibration.apply(np.repeat(sure, len(foreign_s), axis=0), foreign_s)
    assert foreign.max(axis=1).max() < familiar.max(axis=1).min()
    assert abs(foreign.max(axis=1).mean() - 0.55) < 0.1


def test_the_trained_model_reports_the_calibration_it_fitted(
    trained: tuple[Path, dict[str, Any]],
) -> None:
    report = trained[1]["unfamiliar"]
    assert report["calibration_set"] == "foreign"
    shipped = open_program_set("foreign")
    assert report["unfamiliar_rows"] == len(shipped.calibration_records())  # dev and calib
    assert report["nll"] <= report["nll_head"] + 1e-9
    assert all(v >= 0 for v in report["weight_coef"].values())
    assert (trained[0] / CALIBRATION_FILE).is_file()


def test_signals_zero_leave_the_distribution_as_the_head_gave_it() -> None:
    classes = ["None", "ValueError", "Other"]
    calibration = UnfamiliarCalibration(
        classes,
        [50.0] * len(SIGNALS),
        [-1.0, *([0.0] * len(SIGNALS)), 0.2],  # unfamiliar code: clean log-odds near -0.5
        [0.0, 0.6, 0.4],
        "None",
    )
    probs = np.array([[0.9, 0.07, 0.03], [0.2, 0.5, 0.3]])
    same = calibration.apply(probs, np.zeros((2, len(SIGNALS))))
    np.testing.assert_allclose(same, probs, atol=1e-12)
    moved = calibration.apply(probs, np.full((2, len(SIGNALS)), 0.3))
    np.testing.assert_allclose(moved.sum(axis=1), 1.0)
    assert moved[0, 0] < probs[0, 0]


def test_fit_lowers_confidence_where_unfamiliar_runs_crash_more() -> None:
    rng = np.random.default_rng(0)
    classes = ["None", "ValueError", "Other"]
    n_familiar, n_foreign = 400, 200
    # The head is sure of a clean run everywhere; familiar runs are clean 95% of the
    # time, unfamiliar ones (a share of unseen identifiers) only 55%.
    probs = np.tile([0.95, 0.03, 0.02], (n_familiar + n_foreign, 1))
    signals = np.zeros((n_familiar + n_foreign, len(SIGNALS)))
    signals[n_familiar:, SIGNALS.index("tokens_unseen")] = rng.uniform(0.1, 0.4, n_foreign)
    clean = np.concatenate([rng.random(n_familiar) < 0.95, rng.random(n_foreign) < 0.55])
    labels = np.where(clean, 0, 1)
    foreign = np.arange(n_familiar + n_foreign) >= n_familiar
    calibration, report = UnfamiliarCalibration.fit(
        classes, "None", probs, signals, labels, unfamiliar_rows=foreign
    )
    out = calibration.apply(probs, signals)
    assert report["nll"] < report["nll_head"]
    np.testing.assert_allclose(out[:n_familiar], probs[:n_familiar], atol=1e-9)
    assert abs(out[n_familiar:, 0].mean() - 0.55) < 0.08


def test_the_calibration_round_trips_and_a_bad_file_names_itself(tmp_path: Path) -> None:
    classes = ["None", "ValueError", "Other"]
    calibration = UnfamiliarCalibration(
        classes, list(range(len(SIGNALS))), [0.1] * (len(SIGNALS) + 2), [0, 0.5, 0.5], "None"
    )
    calibration.save(tmp_path)
    again = UnfamiliarCalibration.load(tmp_path)
    assert again.to_dict() == calibration.to_dict()
    data = json.loads((tmp_path / CALIBRATION_FILE).read_text())
    data["signals"] = ["tokens_unseen"]
    (tmp_path / CALIBRATION_FILE).write_text(json.dumps(data))
    with pytest.raises(MleWorldError, match=CALIBRATION_FILE):
        UnfamiliarCalibration.load(tmp_path)


def test_a_calibration_of_other_classes_is_refused_on_load(
    trained: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    from mleworld.world.fast.persist import MANIFEST, file_digest

    model = tmp_path / "model"
    shutil.copytree(trained[0], model)
    data = json.loads((model / CALIBRATION_FILE).read_text())
    data["classes"] = data["classes"][:-1] + ["NotAClass"]
    (model / CALIBRATION_FILE).write_text(json.dumps(data))
    manifest = json.loads((model / MANIFEST).read_text())
    manifest["files"][CALIBRATION_FILE] = file_digest(model / CALIBRATION_FILE)
    (model / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(MleWorldError, match="calibrates other classes"):
        FastWorldModel.load(model)


def test_nearest_similarity_leaves_out_a_rows_own_program() -> None:
    import scipy.sparse as sp

    pool = sp.csr_matrix(np.array([[1.0, 0.0], [0.6, 0.8]]))
    query = sp.csr_matrix(np.array([[1.0, 0.0]]))
    assert nearest_similarity(query, pool, ["a", "b"])[0] == pytest.approx(1.0)
    left_out = nearest_similarity(query, pool, ["a", "b"], exclude_ids=["a"])
    assert left_out[0] == pytest.approx(0.6)
    assert np.isnan(nearest_similarity(query, sp.csr_matrix((0, 2)), [])[0])


def test_familiarity_counts_unseen_imports_and_dynamic_constructs() -> None:
    familiarity = Familiarity({"pd", ".read_csv("}, {"pandas"})
    rows = familiarity.signals(
        [["pd", ".read_csv(", "getattr(", "callbacks"]],
        [["pandas", "optuna"]],
        [None],
        np.array([np.nan]),
        [False],
    )[0]
    assert rows[SIGNALS.index("imports_unseen")] == pytest.approx(0.5)
    assert rows[SIGNALS.index("dynamic")] == pytest.approx(0.5)
    assert rows[SIGNALS.index("sim_gap")] == 1.0
    assert rows[SIGNALS.index("task_unseen")] == 1.0
    assert rows[SIGNALS.index("tokens_unseen")] == pytest.approx(0.5)


def test_a_gate_threshold_leaves_a_little_unfamiliarity_alone_and_moves_more() -> None:
    classes = ["None", "ValueError", "Other"]
    a = np.zeros(len(SIGNALS))
    a[SIGNALS.index("calls_unseen")] = 100.0
    unfamiliar = [0.0, *([0.0] * len(SIGNALS)), 0.0]  # unfamiliar code: clean with p 0.5
    gated = UnfamiliarCalibration(classes, a, unfamiliar, [0.0, 0.5, 0.5], "None", 10.0)
    plain = UnfamiliarCalibration(classes, a, unfamiliar, [0.0, 0.5, 0.5], "None", 0.0)
    signals = np.zeros((3, len(SIGNALS)))
    signals[:, SIGNALS.index("calls_unseen")] = [0.0, 0.03, 0.25]  # none, a new task's, a writer's
    w_gated, w_plain = gated.weight(signals), plain.weight(signals)
    assert w_gated[0] == w_plain[0] == 0.0
    assert w_gated[1] < 0.05 < 0.9 < w_plain[1]
    assert w_gated[2] > 0.99
    probs = np.tile([0.97, 0.02, 0.01], (3, 1))
    out = gated.apply(probs, signals)
    assert out[1, 0] > 0.96 and abs(out[2, 0] - 0.5) < 0.01
    with pytest.raises(ValueError, match="gate threshold"):
        UnfamiliarCalibration(classes, a, unfamiliar, [0.0, 0.5, 0.5], "None", -1.0)


def test_calls_on_values_the_walk_lost_count_as_unfollowed_code(tmp_path: Path) -> None:
    from mleworld.world.static.analyze import analyze

    (tmp_path / "train.csv").write_text("a,b\n1,2\n3,4\n")
    followed = 'import pandas as pd\ndf = pd.read_csv("./input/train.csv")\nprint(df.head())\n'
    lost = (
        "import pandas as pd\n"
        'model = pd.read_pickle("./input/model.pkl")\nmodel.tune()\nmodel.fit()\nmodel.report()\n'
    )
    familiarity = Familiarity(set(), set())
    reports = [analyze(followed, tmp_path), analyze(lost, tmp_path)]
    rows = familiarity.signals([[], []], [[], []], reports, np.array([1.0, 1.0]), [True, True])
    share = rows[:, SIGNALS.index("calls_lost")]
    assert share[0] == 0.0
    assert share[1] == pytest.approx(3 / 4)  # what read_pickle gives is unknown: 3 of 4 calls lost
