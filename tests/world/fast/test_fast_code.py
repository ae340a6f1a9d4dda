"""Facts read off program text: families, literal settings, counts, tokens, diffs."""

from __future__ import annotations

import math

from mleworld.corpus.record import Record
from mleworld.world.fast.code import (
    FACT_NAMES,
    code_facts,
    code_tokens,
    hashed_tokens,
    imported_modules,
    line_diff,
    strip_comments,
)

PROGRAM = """import pandas as pd
import numpy as np
from lightgbm import LGBMClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
params = {"n_estimators": 800, "learning_rate": 0.03, "num_leaves": 31}
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
scores = []
for fold, (tr, va) in enumerate(skf.split(train, train["y"])):
    model = LGBMClassifier(**params, n_jobs=-1)
    model.fit(train.iloc[tr][["a", "b"]], train["y"].iloc[tr])
    scores.append(roc_auc_score(train["y"].iloc[va], model.predict_proba(train.iloc[va][["a", "b"]])[:, 1]))
print(f"Validation AUC: {np.mean(scores):.4f}")
pd.DataFrame({"id": test["id"], "y": 0.5}).to_csv("./submission/submission.csv", index=False)
"""


def test_families_settings_and_counts_of_a_real_looking_program() -> None:
    facts = code_facts(PROGRAM)
    assert set(facts) == set(FACT_NAMES)
    assert facts["family_lgbm"] >= 2  # the import and the constructor
    assert facts["family_random_forest"] == 0
    assert facts["n_families"] == 1
    assert facts["max_n_estimators"] == 800
    assert facts["max_n_splits"] == 5
    assert facts["min_learning_rate"] == 0.03
    assert facts["max_num_leaves"] == 31
    assert facts["count_fit"] == 1
    assert facts["count_read_csv"] == 2
    assert facts["count_kfold"] == 1
    assert facts["count_for"] == 1
    assert facts["count_n_jobs_all"] == 1
    assert facts["count_format_metric"] == 1
    assert facts["count_submission_path"] == 1
    assert facts["count_column_literal"] >= 2
    # 800 trees x 5 folds x 1 fit call
    assert math.isclose(facts["log_work"], math.log1p(800 * 5))


def test_hist_gradient_boosting_is_not_plain_gradient_boosting() -> None:
    facts = code_facts(
        "from sklearn.ensemble import HistGradientBoostingRegressor\nm = HistGradientBoostingRegressor(max_iter=300)\n"
    )
    assert facts["family_hist_gb"] == 2
    assert facts["family_gb"] == 0
    assert facts["max_max_iter"] == 300


def test_a_program_that_does_not_parse_still_has_facts() -> None:
    broken = (
        "import pandas as pd\ndef main(\n    df = pd.read_csv('input/train.csv'\nprint(df.shape)\n"
    )
    facts = code_facts(broken)
    assert facts["count_read_csv"] == 1
    assert facts["count_def"] == 1
    assert all(isinstance(v, float) for v in facts.values())


def test_full_line_comments_and_the_generator_spec_do_not_change_tokens(
    dev_records: list[Record],
) -> None:
    program = next(r.x.program for r in dev_records if r.x.program.startswith("# mleworld-spec:"))
    without = "\n".join(line for line in program.splitlines() if not line.lstrip().startswith("#"))
    assert code_tokens(strip_comments(program)) == code_tokens(strip_comments(without))
    assert "mleworld" not in " ".join(code_tokens(strip_comments(program)))


def test_tokens_mark_calls_and_attributes() -> None:
    tokens = code_tokens("model.fit(X, y)\nprint(len(X))\n")
    assert tokens[:3] == ["model", ".fit(", "X"]
    assert "print(" in tokens and "len(" in tokens


def test_imports_and_hashed_bag() -> None:
    assert imported_modules(PROGRAM) == ["pandas", "numpy", "lightgbm", "sklearn", "sklearn"]
    a = hashed_tokens(code_tokens(PROGRAM), imported_modules(PROGRAM), 64)
    b = hashed_tokens(code_tokens(PROGRAM), imported_modules(PROGRAM), 64)
    assert a.shape == (64,) and (a == b).all() and a.sum() > 0


def test_line_diff_counts_added_and_removed_lines() -> None:
    child = PROGRAM.replace('"n_estimators": 800', '"n_estimators": 1600') + "print('done')\n"
    assert line_diff(PROGRAM, child) == (2, 1)
    assert line_diff(PROGRAM, PROGRAM) == (0, 0)
