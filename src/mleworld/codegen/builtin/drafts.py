"""The space of first programs: drawing a `ProgramSpec` for a task.

A draft is preprocessing x model family x validation scheme x writing style,
each drawn with weights that follow what people (and code models) tend to
write: gradient boosting and forests most often, linear models and k-NN less;
TF-IDF with a linear model for text. `fit_budget` then scales model sizes to
the training rows so that a draft usually trains in seconds on two cores.

This module owns the choices and their constraints; rendering is render/'s job.
"""

from __future__ import annotations

import random
from typing import Any

from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.spec import ProgramSpec, Style

SEEDS = [0, 1, 7, 13, 21, 42, 99, 123, 777, 2023, 2024, 31337]


def weighted(rng: random.Random, options: dict[Any, float]) -> Any:
    keys = list(options)
    return rng.choices(keys, weights=[options[k] for k in keys], k=1)[0]


def family_weights(profile: TaskProfile) -> dict[str, float]:
    """Which model families fit this task, and how often a draft picks each."""
    clf = profile.is_classification
    if profile.has_text:
        weights = {"linear": 0.45, "sgd": 0.15, "lgbm": 0.2}
        if clf and profile.output != "number":
            weights["nb"] = 0.2
        return weights
    weights = {
        "lgbm": 0.24,
        "rf": 0.17,
        "et": 0.1,
        "hgb": 0.15,
        "gbm": 0.08,
        "linear": 0.15,
        "knn": 0.08,
    }
    if not clf:
        weights["sgd"] = 0.03
    return weights


def sample_params(family: str, profile: TaskProfile, rng: random.Random) -> dict[str, Any]:
    clf = profile.is_classification
    if family == "linear":
        if clf:
            return {
                "C": rng.choice(
                    [0.1, 0.3, 1.0, 3.0, 10.0] if not profile.has_text else [1.0, 3.0, 10.0]
                )
            }
        params: dict[str, Any] = {"alpha": rng.choice([0.1, 0.3, 1.0, 3.0, 10.0])}
        if not profile.has_text and rng.random() < 0.15:
            params = {"alpha": rng.choice([0.001, 0.01]), "variant": "lasso", "max_iter": 5000}
        return params
    if family == "knn":
        return {
            "n_neighbors": rng.choice([5, 7, 11, 15, 25]),
            "weights": rng.choice(["uniform", "distance"]),
        }
    if family in ("rf", "et"):
        params = {"n_estimators": rng.choice([100, 200, 300, 400])}
        depth = rng.choice([None, None, 8, 12, 16])
        if depth:
            params["max_depth"] = depth
        leaf = rng.choice([1, 1, 2, 3, 5])
        if leaf > 1:
            params["min_samples_leaf"] = leaf
        if rng.random() < 0.3:
            params["max_features"] = rng.choice(["sqrt", 0.5, 0.7])
        return params
    if family == "lgbm":
        params = {
            "n_estimators": rng.choice([200, 300, 500, 800]),
            "learning_rate": rng.choice([0.02, 0.03, 0.05, 0.1]),
            "num_leaves": rng.choice([15, 31, 63]),
        }
        if rng.random() < 0.5:
            params["subsample"] = 0.8
            params["subsample_freq"] = 1
        if rng.random() < 0.5:
            params["colsample_bytree"] = rng.choice([0.7, 0.8, 0.9])
        if rng.random() < 0.3:
            params["min_child_samples"] = rng.choice([5, 10, 30])
        return params
    if family == "hgb":
        params = {
            "max_iter": rng.choice([100, 200, 300, 500]),
            "learning_rate": rng.choice([0.03, 0.05, 0.1]),
        }
        if rng.random() < 0.5:
            params["max_leaf_nodes"] = rng.choice([15, 31, 63])
        if rng.random() < 0.3:
            params["l2_regularization"] = rng.choice([0.1, 1.0])
        return params
    if family == "gbm":
        params = {
            "n_estimators": rng.choice([100, 150, 200, 300]),
            "learning_rate": rng.choice([0.05, 0.1]),
            "max_depth": rng.choice([2, 3, 4]),
        }
        if rng.random() < 0.5:
            params["subsample"] = 0.8
        return params
    if family == "nb":
        params = {"alpha": rng.choice([0.1, 0.3, 0.5, 1.0])}
        if rng.random() < 0.4:
            params["variant"] = "complement"
        return params
    if family == "sgd":
        params = {"alpha": rng.choice([1e-5, 3e-5, 1e-4])}
        if clf:
            params = {"loss": rng.choice(["log_loss", "modified_huber"]), **params}
        params["max_iter"] = rng.choice([1000, 2000])
        return params
    raise ValueError(f"unknown family {family}")


def sample_style(profile: TaskProfile, rng: random.Random, validation: str) -> Style:
    score_line = weighted(rng, {"validation": 0.5, "cv": 0.3, "final": 0.2})
    if score_line == "cv" and validation != "kfold":
        score_line = "validation"
    sub_opts = {"sample": 0.6, "frame": 0.4}
    if not profile.sample_matches_test:
        sub_opts = {"frame": 1.0}
    return Style(
        structure=weighted(rng, {"flat": 0.25, "main": 0.35, "helpers": 0.22, "class": 0.18}),
        prep_api=weighted(rng, {"pipeline": 0.55, "manual": 0.45}),
        log=weighted(rng, {"print": 0.75, "logging": 0.25}),
        fmt=weighted(rng, {"f": 0.6, "format": 0.2, "percent": 0.2}),
        name_seed=rng.randrange(1_000_000),
        imports=weighted(rng, {"from": 0.6, "module": 0.2, "mixed": 0.2}),
        import_order=weighted(rng, {"grouped": 0.5, "sorted": 0.25, "loose": 0.25}),
        comments=weighted(rng, {"none": 0.25, "sparse": 0.5, "verbose": 0.25}),
        paths=weighted(rng, {"const": 0.3, "pathlib": 0.25, "inline": 0.25, "osjoin": 0.2}),
        columns=weighted(rng, {"hardcoded": 0.55, "inferred": 0.45}),
        chatty=rng.random() < 0.4,
        metric_label=rng.randrange(3),
        score_line=score_line,
        fe_style=weighted(rng, {"function": 0.45, "loop": 0.3, "combined": 0.25}),
        sub_style=weighted(rng, sub_opts),
        warnings_off=rng.random() < 0.3,
        docstring=rng.random() < 0.3,
        multi_style=weighted(rng, {"loop": 0.6, "wrapper": 0.4}),
        target_wrap=weighted(rng, {"manual": 0.7, "transformed": 0.3}),
        pipeline_ctor=weighted(rng, {"class": 0.6, "helper": 0.4}),
    )


def sample_spec(profile: TaskProfile, rng: random.Random) -> ProgramSpec:
    """A complete, consistent draft spec for this task."""
    family = weighted(rng, family_weights(profile))
    validation = weighted(rng, {"holdout": 0.45, "kfold": 0.55})
    small = profile.n_train <= 3000
    spec = ProgramSpec(
        family=family,
        params=sample_params(family, profile, rng),
        validation=validation,
        time_order=bool(profile.date_columns) and rng.random() < 0.5,
        n_splits=rng.choice([5, 5, 4, 3]) if small else rng.choice([3, 4, 5]),
        n_repeats=2 if (validation == "kfold" and small and rng.random() < 0.1) else 1,
        val_size=rng.choice([0.2, 0.2, 0.25, 0.15]),
        cv_score=weighted(rng, {"mean": 0.7, "oof": 0.3}),
        final_fit=weighted(rng, {"refit": 0.5, "fold_average": 0.5})
        if validation == "kfold"
        else weighted(rng, {"refit": 0.6, "reuse": 0.4}),
        seed=rng.choice(SEEDS),
        num_impute=weighted(rng, {"median": 0.6, "mean": 0.25, "zero": 0.15}),
        cat_encoding="onehot",
        scale=False,
        high_card=weighted(rng, {"drop": 0.6, "frequency": 0.4}),
        date_features=rng.random() < 0.8,
        log_target=_draw_log_target(profile, rng),
        features=[
            b
            for b in ("missing_count", "log_skewed", "row_stats", "ratio", "text_stats")
            if rng.random() < 0.35
        ],
        text=_draw_text(profile, rng),
        n_jobs=rng.choice([1, 2]),
        style=sample_style(profile, rng, validation),
    )
    _draw_encoding(spec, rng)
    if rng.random() < 0.1:
        spec.ensemble = sample_ensemble(spec, profile, rng)
    return normalize(spec, profile)


def _draw_log_target(profile: TaskProfile, rng: random.Random) -> bool:
    if profile.is_classification or not profile.nonnegative_target:
        return False
    if profile.metric in ("rmsle", "rmsle_columnwise"):
        return rng.random() < 0.75
    return rng.random() < 0.2


def _draw_text(profile: TaskProfile, rng: random.Random) -> dict[str, Any]:
    if not profile.has_text:
        return {}
    return {
        "max_features": rng.choice([5000, 10000, 20000, 50000]),
        "ngram_max": rng.choice([1, 2, 2]),
        "analyzer": weighted(rng, {"word": 0.8, "char_wb": 0.2}),
        "sublinear_tf": rng.random() < 0.5,
        "min_df": rng.choice([1, 2]),
        "stop_words": rng.random() < 0.3,
        "use_other": rng.random() < 0.5,
    }


def _draw_encoding(spec: ProgramSpec, rng: random.Random) -> None:
    linearish = spec.family in ("linear", "knn", "sgd")
    spec.scale = rng.random() < (0.85 if linearish else 0.2)
    if spec.style.prep_api == "pipeline":
        spec.cat_encoding = "onehot" if linearish or rng.random() < 0.55 else "ordinal"
    elif linearish:
        spec.cat_encoding = "onehot"
    elif spec.family == "lgbm" and rng.random() < 0.4:
        spec.cat_encoding = "category"
    else:
        spec.cat_encoding = weighted(rng, {"onehot": 0.4, "ordinal": 0.4, "frequency": 0.2})


def sample_ensemble(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> dict[str, Any]:
    options = {k: v for k, v in family_weights(profile).items() if k != spec.family}
    if profile.is_classification:
        options.pop("sgd", None)  # modified_huber / hinge may lack calibrated probabilities
    family = weighted(rng, options)
    how = "voting" if profile.is_multi_target or rng.random() < 0.4 else "blend"
    return {
        "family": family,
        "params": sample_params(family, profile, rng),
        "weight": rng.choice([0.5, 0.6, 0.7]),
        "how": how,
    }


def normalize(spec: ProgramSpec, profile: TaskProfile, budget: bool = True) -> ProgramSpec:
    """Make the choices consistent with each other and with the task.

    `budget` also scales model sizes to the data (drafts); an improvement keeps
    the parent's sizes so that it changes one thing only.
    """
    st = spec.style
    families = {spec.family} | ({spec.ensemble["family"]} if spec.ensemble else set())
    if (
        spec.family == "sgd"
        and profile.is_classification
        and spec.params.get("loss")
        not in (
            "log_loss",
            "modified_huber",
        )
    ):
        spec.params["loss"] = "log_loss"
    if spec.ensemble:
        if profile.is_multi_target:
            spec.ensemble["how"] = "voting"
        if spec.ensemble["family"] == "nb" or spec.family == "nb":
            spec.ensemble = None  # naive Bayes reads text only; the blend partner would not
            families = {spec.family}
    if spec.cat_encoding == "category" and (
        st.prep_api == "pipeline"
        or families != {"lgbm"}
        or profile.has_text
        or profile.json_unsafe_names
    ):
        spec.cat_encoding = "ordinal"
    if st.prep_api == "pipeline" and spec.cat_encoding == "frequency":
        spec.cat_encoding = "ordinal"
    if families & {"linear", "knn", "sgd"} and spec.cat_encoding != "onehot":
        spec.cat_encoding = "onehot"
    if "sgd" in families or "knn" in families:
        spec.scale = True
    if profile.is_classification or not profile.nonnegative_target:
        spec.log_target = False
    if profile.output in ("label", "label_columns") and spec.final_fit == "fold_average":
        spec.final_fit = "refit"
    if spec.validation == "holdout" and spec.final_fit == "fold_average":
        spec.final_fit = "refit"
    if spec.validation == "kfold" and spec.final_fit == "reuse":
        spec.final_fit = "refit"
    if st.score_line == "cv" and spec.validation != "kfold":
        st.score_line = "validation"
    if not profile.date_columns:
        spec.time_order = False
    if spec.time_order:
        # time-ordered folds leave the oldest rows unscored and cannot repeat
        spec.n_repeats = 1
        spec.cv_score = "mean"
    if not profile.sample_matches_test:
        st.sub_style = "frame"
    if not profile.id_in_test:
        st.sub_style = "sample"
    if st.structure != "flat" and st.fe_style == "combined" and st.structure == "class":
        st.fe_style = "function"
    spec.n_jobs = max(1, min(2, spec.n_jobs))
    return fit_budget(spec, profile) if budget else spec


def fit_budget(
    spec: ProgramSpec, profile: TaskProfile, only: str | None = None, share: float = 0.2
) -> ProgramSpec:
    """Shrink model sizes so that training usually takes seconds, not minutes.

    Cost = rounds x thousand rows x classes (boosting) x targets x fits x the
    family's single-core milliseconds per round per thousand rows (measured on
    3,000 rows x 12 features), scaled by sqrt(features / 12). Above the budget
    -- about 20 s of one core, and at most `share` of the task's time limit --
    the number of rounds shrinks. `only` limits the change to the "main" model
    or the "ensemble" partner.
    """
    rows = max(1, profile.n_train) / 1000.0
    classes = len(profile.classes) if profile.kind == "multiclass" else 1
    targets = len(profile.label_columns) if profile.is_multi_target else 1
    fits = (spec.n_splits * spec.n_repeats + 1) if spec.validation == "kfold" else 2
    width = max(1.0, len(profile.feature_columns) / 12.0) ** 0.5
    budget_ms = min(20_000.0, share * profile.time_limit_s * 1000.0)
    ms_per_round = {"rf": 3.8, "et": 2.0, "gbm": 4.6, "lgbm": 0.6, "hgb": 1.5}
    size_key = {
        "rf": "n_estimators",
        "et": "n_estimators",
        "lgbm": "n_estimators",
        "gbm": "n_estimators",
        "hgb": "max_iter",
    }

    def shrink(family: str, params: dict[str, Any]) -> None:
        key = size_key.get(family)
        if not key or key not in params:
            return
        per_class = classes if family in ("lgbm", "gbm", "hgb") else 1
        cost = params[key] * rows * per_class * targets * fits * width * ms_per_round[family]
        if cost > budget_ms:
            params[key] = max(50, int(params[key] * budget_ms / cost) // 50 * 50)

    if only in (None, "main"):
        shrink(spec.family, spec.params)
    if spec.ensemble and only in (None, "ensemble"):
        shrink(spec.ensemble["family"], spec.ensemble["params"])
    return spec
