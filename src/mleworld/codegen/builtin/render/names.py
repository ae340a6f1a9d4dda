"""Identifier choices: how different authors name the same things.

`pick_names(seed)` draws one spelling per role from the variants below. Roles
that come in families (train/test frames, the X/y/X_test triple, the split
quartet, fold indices) are drawn as one tuple so the names read as one author's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

_FRAMES = [
    ("train", "test", "sample"),
    ("train_df", "test_df", "sample_df"),
    ("df_train", "df_test", "df_sample"),
    ("trn", "tst", "sub_template"),
    ("train_data", "test_data", "sample_sub"),
    ("df", "test_df", "submission_template"),
    ("tr_df", "te_df", "ss"),
]
_XY = [
    ("X", "y", "X_test"),
    ("features", "target", "test_features"),
    ("X_full", "y_full", "X_sub"),
    ("train_X", "train_y", "test_X"),
    ("X", "y", "X_te"),
    ("X_all", "y_all", "X_pred"),
]
_SPLIT = [
    ("X_train", "X_val", "y_train", "y_val"),
    ("X_tr", "X_va", "y_tr", "y_va"),
    ("x_train", "x_valid", "y_train", "y_valid"),
    ("X_trn", "X_hold", "y_trn", "y_hold"),
    ("X_fit", "X_eval", "y_fit", "y_eval"),
]
_FOLD = [
    ("fold", "train_idx", "valid_idx"),
    ("i", "tr_idx", "va_idx"),
    ("fold_n", "trn_idx", "val_idx"),
    ("k", "idx_tr", "idx_va"),
    ("fold_id", "fit_idx", "hold_idx"),
]
_MODEL = ["model", "clf", "est", "estimator", "pipe", "m", "learner"]
_REG_MODEL = ["model", "reg", "est", "regressor", "pipe", "m", "learner"]
_PRED = [
    ("val_pred", "test_pred"),
    ("preds", "test_preds"),
    ("y_pred", "sub_pred"),
    ("va_pred", "final_pred"),
    ("valid_pred", "predictions"),
    ("p_val", "p_test"),
]
_OOF = ["oof", "oof_pred", "oof_preds", "out_of_fold"]
_SCORES = [
    ("scores", "score"),
    ("fold_scores", "fold_score"),
    ("cv_scores", "s"),
    ("split_scores", "m_val"),
]
_FINAL_SCORE = ["score", "val_score", "cv_score", "metric_value", "result"]
_SPLITTER = ["kf", "skf", "folds", "cv", "splitter", "kfold"]
_NUM = ["NUM_COLS", "num_cols", "numeric_features", "NUMERIC", "num_features", "numerical_cols"]
_CAT = [
    "CAT_COLS",
    "cat_cols",
    "categorical_features",
    "CATEGORICAL",
    "cat_features",
    "categorical_cols",
]
_TARGET = ["TARGET", "TARGET_COL", "target_col", "LABEL", "TARGET_NAME"]
_TARGETS = ["TARGETS", "TARGET_COLS", "target_cols", "LABELS", "LABEL_COLS"]
_ID = ["ID_COL", "ID", "id_col", "ID_NAME", "ID_COLUMN"]
_SEED = ["SEED", "RANDOM_STATE", "seed", "RS", "RANDOM_SEED"]
_NSPLITS = ["N_SPLITS", "N_FOLDS", "n_folds", "NFOLDS", "K"]
_MAKE_MODEL = ["make_model", "build_model", "get_model", "create_model", "new_model"]
_ADD_FEATURES = ["add_features", "feature_engineering", "engineer_features", "make_features", "fe"]
_FIT = ["train_model", "fit_model", "fit", "train_one"]
_PREDICT = ["predict", "predict_with", "make_predictions", "infer"]
_SCORE_FN = ["score_fn", "evaluate", "compute_metric", "metric_fn", "calc_score"]
_LOAD = ["load_data", "read_data", "load_datasets", "read_inputs"]
_PREPARE = ["prepare", "build_features", "make_matrices", "preprocess", "prepare_data"]
_VALIDATE = ["validate", "cross_validate", "run_validation", "evaluate_model"]
_SUBMIT = ["write_submission", "save_submission", "make_submission", "export_submission"]
_CLASS = ["Solver", "TabularSolver", "Experiment", "Runner", "ModelTrainer", "Solution"]
_PREP = ["preprocessor", "preprocess", "transformer", "ct", "column_transformer", "prep"]
_SUB = ["sub", "submission", "sub_df", "submission_df", "subm"]
_FULL = ["full", "all_data", "combined", "data", "both"]
_LOGGER = ["logger", "log", "LOGGER"]
_TEXT = ["TEXT_COL", "text_col", "TEXT", "TEXT_FIELD"]
_VEC = ["vectorizer", "tfidf", "vec", "tfv"]


@dataclass(frozen=True)
class Names:
    train: str
    test: str
    sample: str
    X: str
    y: str
    X_test: str
    X_tr: str
    X_va: str
    y_tr: str
    y_va: str
    fold: str
    tr_idx: str
    va_idx: str
    model: str
    val_pred: str
    test_pred: str
    oof: str
    scores: str
    fold_score: str
    score: str
    splitter: str
    num_cols: str
    cat_cols: str
    target: str
    targets: str
    id_col: str
    seed: str
    n_splits: str
    make_model: str
    add_features: str
    fit: str
    predict: str
    score_fn: str
    load: str
    prepare: str
    validate: str
    submit: str
    cls: str
    prep: str
    sub: str
    full: str
    logger: str
    text_col: str
    vec: str


def pick_names(seed: int, regression: bool) -> Names:
    rng = random.Random(f"names|{seed}")
    train, test, sample = rng.choice(_FRAMES)
    X, y, X_test = rng.choice(_XY)
    X_tr, X_va, y_tr, y_va = rng.choice(_SPLIT)
    fold, tr_idx, va_idx = rng.choice(_FOLD)
    val_pred, test_pred = rng.choice(_PRED)
    scores, fold_score = rng.choice(_SCORES)
    fit = rng.choice(_FIT)
    predict = rng.choice([p for p in _PREDICT if p != fit])
    names = Names(
        train=train,
        test=test,
        sample=sample,
        X=X,
        y=y,
        X_test=X_test,
        X_tr=X_tr,
        X_va=X_va,
        y_tr=y_tr,
        y_va=y_va,
        fold=fold,
        tr_idx=tr_idx,
        va_idx=va_idx,
        model=rng.choice(_REG_MODEL if regression else _MODEL),
        val_pred=val_pred,
        test_pred=test_pred,
        oof=rng.choice(_OOF),
        scores=scores,
        fold_score=fold_score,
        score=rng.choice(_FINAL_SCORE),
        splitter=rng.choice(_SPLITTER),
        num_cols=rng.choice(_NUM),
        cat_cols=rng.choice(_CAT),
        target=rng.choice(_TARGET),
        targets=rng.choice(_TARGETS),
        id_col=rng.choice(_ID),
        seed=rng.choice(_SEED),
        n_splits=rng.choice(_NSPLITS),
        make_model=rng.choice(_MAKE_MODEL),
        add_features=rng.choice(_ADD_FEATURES),
        fit=fit,
        predict=predict,
        score_fn=rng.choice(_SCORE_FN),
        load=rng.choice(_LOAD),
        prepare=rng.choice(_PREPARE),
        validate=rng.choice(_VALIDATE),
        submit=rng.choice(_SUBMIT),
        cls=rng.choice(_CLASS),
        prep=rng.choice(_PREP),
        sub=rng.choice(_SUB),
        full=rng.choice(_FULL),
        logger=rng.choice(_LOGGER),
        text_col=rng.choice(_TEXT),
        vec=rng.choice(_VEC),
    )
    return _resolve_clashes(names)


def _resolve_clashes(names: Names) -> Names:
    """Two roles must never share a spelling (e.g. `fe` and `fit` are fine, `score` twice is not)."""
    seen: dict[str, str] = {}
    updates: dict[str, str] = {}
    for role, value in names.__dict__.items():
        if value in seen:
            updates[role] = f"{value}_{role}"
        seen.setdefault(value, role)
    if not updates:
        return names
    return Names(**(names.__dict__ | updates))
