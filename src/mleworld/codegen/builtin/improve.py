"""One atomic improvement of a working program.

`propose_change(spec, profile, rng)` picks ONE change and applies it to a copy
of the parent's spec; rendering the new spec in the parent's style leaves the
rest of the program as it was. The space of changes:

* hyperparameter: one parameter of the model (trees, learning rate, depth,
  leaves, C/alpha, k, ...), or one TF-IDF setting;
* feature: add one feature block, turn calendar features on, frequency-encode
  high-cardinality strings, change the imputer or the categorical encoding,
  model the target on a log scale;
* model swap: another model family with its usual settings;
* ensemble: blend in (or vote with) a second model family, or re-weight a blend;
* validation: hold-out -> K-fold, more folds, averaging the fold models.

`tweak_text` is the fallback for programs without a spec (written by an LLM):
it changes one hyperparameter literal in the source.
"""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass
from typing import Any

from mleworld.codegen.builtin import edits
from mleworld.codegen.builtin.drafts import (
    family_weights,
    fit_budget,
    normalize,
    sample_ensemble,
    sample_params,
    weighted,
)
from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.render.columns import plan_columns
from mleworld.codegen.builtin.render.models import FAMILY_TITLES
from mleworld.codegen.builtin.spec import ProgramSpec

FEATURE_TITLES = {
    "missing_count": "a count of missing values per row",
    "log_skewed": "log-transformed long-tailed numeric columns",
    "row_stats": "the row mean and standard deviation of the numeric columns",
    "ratio": "a ratio of the two leading numeric columns",
    "text_stats": "text length and word counts",
}

# parameter -> (candidate values or a multiplier rule, words)
_PARAM_RULES: dict[str, dict[str, Any]] = {
    "n_estimators": {
        "scale": [1.5, 2.0, 0.5],
        "min": 50,
        "max": 1500,
        "int": True,
        "what": "the number of trees",
    },
    "max_iter": {
        "scale": [1.5, 2.0],
        "min": 50,
        "max": 1500,
        "int": True,
        "what": "the number of boosting iterations",
    },
    "learning_rate": {"scale": [0.5, 2.0], "min": 0.005, "max": 0.3, "what": "the learning rate"},
    "num_leaves": {"values": [15, 31, 63, 127], "what": "the number of leaves"},
    "max_leaf_nodes": {"values": [15, 31, 63], "what": "the maximum leaf count"},
    "max_depth": {"values": [None, 4, 6, 8, 12, 16, 24], "what": "the maximum depth"},
    "min_samples_leaf": {"values": [1, 2, 3, 5, 10], "what": "the minimum leaf size"},
    "min_child_samples": {"values": [5, 10, 20, 30, 50], "what": "the minimum child samples"},
    "colsample_bytree": {"values": [0.5, 0.7, 0.8, 0.9], "what": "the column subsample ratio"},
    "subsample": {"values": [0.7, 0.8, 0.9, 1.0], "what": "the row subsample ratio"},
    "l2_regularization": {"values": [0.0, 0.1, 1.0, 3.0], "what": "the L2 regularisation"},
    "C": {
        "scale": [3.0, 1 / 3],
        "min": 0.001,
        "max": 1000.0,
        "what": "the inverse regularisation strength C",
    },
    "alpha": {
        "scale": [3.0, 1 / 3],
        "min": 1e-6,
        "max": 100.0,
        "what": "the regularisation strength alpha",
    },
    "n_neighbors": {"values": [3, 5, 7, 11, 15, 25, 41], "what": "the number of neighbours"},
    "weights": {"values": ["uniform", "distance"], "what": "the neighbour weighting"},
    "max_features": {"values": ["sqrt", 0.3, 0.5, 0.7], "what": "the features tried per split"},
}
_DEFAULTS = {"max_depth": None, "min_samples_leaf": 1, "subsample": 1.0, "l2_regularization": 0.0}


@dataclass
class Change:
    kind: str  # hyperparameter | feature | model | ensemble | validation
    plan: str  # one sentence
    spec: ProgramSpec


def propose_change(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> Change:
    kinds = {
        "hyperparameter": 0.42,
        "feature": 0.22,
        "model": 0.12,
        "ensemble": 0.12,
        "validation": 0.12,
    }
    while kinds:
        kind = weighted(rng, kinds)
        kinds.pop(kind)
        change = _MOVES[kind](spec.copy(), profile, rng)
        if change is not None:
            return change
    # every move exhausted (rare): more trees or stronger regularisation via a fresh parameter draw
    new = spec.copy(params=sample_params(spec.family, profile, rng))
    return Change("hyperparameter", "Redraw the model's hyperparameters.", fit_budget(new, profile))


def _hyperparameter(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> Change | None:
    options = [
        k for k in _PARAM_RULES if k in spec.params or (k in _DEFAULTS and _applies(k, spec.family))
    ]
    if spec.text and profile.has_text:
        options += ["text.max_features", "text.ngram_max", "text.sublinear_tf"]
    rng.shuffle(options)
    for key in options:
        if key.startswith("text."):
            change = _text_param(spec, key.split(".", 1)[1], rng)
            if change:
                return change
            continue
        rule = _PARAM_RULES[key]
        old = spec.params.get(key, _DEFAULTS.get(key))
        new = _new_value(old, rule, rng)
        if new == old:
            continue
        spec.params[key] = new
        if new is None:
            spec.params.pop(key)
        title = FAMILY_TITLES.get(spec.family, spec.family)
        return Change(
            "hyperparameter",
            f"Change {rule['what']} of {title} from {_fmt(old)} to {_fmt(new)}.",
            spec,
        )
    return None


def _applies(key: str, family: str) -> bool:
    return {
        "max_depth": family in ("rf", "et", "gbm"),
        "min_samples_leaf": family in ("rf", "et", "gbm"),
        "subsample": family in ("gbm",),
        "l2_regularization": family == "hgb",
    }.get(key, False)


def _new_value(old: Any, rule: dict[str, Any], rng: random.Random) -> Any:
    if "values" in rule:
        choices = [v for v in rule["values"] if v != old]
        if old in rule["values"] and isinstance(old, int | float) and rng.random() < 0.7:
            i = rule["values"].index(old)
            near = [rule["values"][j] for j in (i - 1, i + 1) if 0 <= j < len(rule["values"])]
            near = [v for v in near if v is not None or old is not None]
            if near:
                return rng.choice(near)
        return rng.choice(choices) if choices else old
    if old is None:
        return old
    value = old * rng.choice(rule["scale"])
    value = min(rule["max"], max(rule["min"], value))
    if rule.get("int"):
        value = int(round(value / 50.0) * 50) if value >= 100 else int(round(value))
    else:
        value = float(f"{value:.3g}")
    return value


def _text_param(spec: ProgramSpec, key: str, rng: random.Random) -> Change | None:
    text = spec.text
    if key == "max_features":
        old = text.get("max_features", 20000)
        new = rng.choice([v for v in (5000, 10000, 20000, 50000, 100000) if v != old])
        what = "the TF-IDF vocabulary size"
    elif key == "ngram_max":
        old = text.get("ngram_max", 1)
        new = 2 if old == 1 else (3 if rng.random() < 0.5 else 1)
        what = "the longest n-gram"
    else:
        old = bool(text.get("sublinear_tf"))
        new = not old
        what = "sublinear term frequency"
    text[key] = new
    return Change(
        "hyperparameter",
        f"Change {what} of the TF-IDF features from {_fmt(old)} to {_fmt(new)}.",
        spec,
    )


def _feature(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> Change | None:
    options: list[tuple[str, str]] = []
    if not plan_columns(profile, spec).use_tabular:
        # a text-only model: column features would not reach it, unless it starts using them
        if spec.family == "nb" or not (profile.numeric_columns or profile.categorical_columns):
            return None
        spec.text["use_other"] = True
        return Change("feature", "Use the other columns next to the TF-IDF text features.", spec)
    for block, title in FEATURE_TITLES.items():
        if block in spec.features:
            continue
        applies = {
            "missing_count": profile.has_missing,
            "log_skewed": bool(profile.skewed_columns),
            "row_stats": len(profile.numeric_columns) >= 2 and spec.style.columns == "hardcoded",
            "ratio": len(profile.numeric_columns) >= 2 and spec.style.columns == "hardcoded",
            "text_stats": profile.has_text,
        }[block]
        if applies:
            options.append((f"feature:{block}", f"Add {title} as features."))
    if profile.date_columns and not spec.date_features:
        options.append(
            ("date_features", "Add year, month and weekday features from the date columns.")
        )
    if profile.high_card_columns and spec.high_card == "drop":
        options.append(
            (
                "high_card",
                "Frequency-encode the high-cardinality string columns instead of dropping them.",
            )
        )
    if profile.has_missing:
        other = [m for m in ("median", "mean", "zero") if m != spec.num_impute]
        m = rng.choice(other)
        options.append(
            (
                f"impute:{m}",
                f"Impute missing numbers with the {m if m != 'zero' else 'constant 0'} instead of the {spec.num_impute}.",
            )
        )
    if profile.categorical_columns and spec.family not in ("linear", "knn", "sgd"):
        enc = "ordinal" if spec.cat_encoding == "onehot" else "onehot"
        options.append(
            (
                f"encoding:{enc}",
                f"Encode the categorical columns {'as integer codes' if enc == 'ordinal' else 'one-hot'} instead.",
            )
        )
    if not profile.is_classification and profile.nonnegative_target and not spec.log_target:
        options.append(
            (
                "log_target",
                "Train on log1p of the target and invert with expm1 for the predictions.",
            )
        )
    if not options:
        return None
    key, plan = rng.choice(options)
    if key.startswith("feature:"):
        spec.features = [*spec.features, key.split(":", 1)[1]]
    elif key == "date_features":
        spec.date_features = True
    elif key == "high_card":
        spec.high_card = "frequency"
    elif key.startswith("impute:"):
        spec.num_impute = key.split(":", 1)[1]
    elif key.startswith("encoding:"):
        spec.cat_encoding = key.split(":", 1)[1]
    elif key == "log_target":
        spec.log_target = True
    return Change("feature", plan, normalize(spec, profile, budget=False))


def _model(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> Change | None:
    options = {k: v for k, v in family_weights(profile).items() if k != spec.family}
    if spec.ensemble:
        options.pop(spec.ensemble["family"], None)
    if not options:
        return None
    family = weighted(rng, options)
    old = FAMILY_TITLES.get(spec.family, spec.family)
    spec.family = family
    spec.params = sample_params(family, profile, rng)
    if family in ("linear", "knn", "sgd"):
        spec.scale = True
    return Change(
        "model",
        f"Replace {old} with {FAMILY_TITLES.get(family, family)}, keeping the rest of the pipeline.",
        fit_budget(normalize(spec, profile, budget=False), profile, only="main"),
    )


def _ensemble(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> Change | None:
    if spec.family == "nb":
        return None
    if spec.ensemble:
        if spec.ensemble.get("how") != "blend":
            return None
        old = spec.ensemble["weight"]
        new = rng.choice([w for w in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8) if w != old])
        spec.ensemble["weight"] = new
        return Change(
            "ensemble",
            f"Re-weight the blend: {new:.0%} on the first model instead of {old:.0%}.",
            spec,
        )
    ens = sample_ensemble(spec, profile, rng)
    if ens["family"] == "nb":
        return None
    spec.ensemble = ens
    spec = normalize(spec, profile, budget=False)
    if not spec.ensemble:
        return None
    spec = fit_budget(spec, profile, only="ensemble")
    second = FAMILY_TITLES.get(spec.ensemble["family"], spec.ensemble["family"])
    how = (
        "averaging their predictions"
        if spec.ensemble["how"] == "blend"
        else "soft voting"
        if profile.is_classification
        else "averaging (voting regressor)"
    )
    return Change("ensemble", f"Ensemble the model with {second} by {how}.", spec)


def _validation(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> Change | None:
    if spec.validation == "holdout":
        spec.validation = "kfold"
        spec.n_splits = 5
        spec.final_fit = "refit"
        folds = "5 time-ordered folds" if spec.time_order else "5-fold cross-validation"
        return Change(
            "validation",
            f"Switch from a single hold-out split to {folds}.",
            normalize(spec, profile, budget=False),
        )
    options = []
    if spec.n_splits < 10 and profile.n_train >= 200:
        options.append("more_folds")
    if spec.final_fit == "refit" and profile.output not in ("label", "label_columns"):
        options.append("fold_average")
    if not options:
        return None
    if rng.choice(options) == "more_folds":
        old = spec.n_splits
        spec.n_splits = min(10, old + rng.choice([2, 3, 5]))
        return Change(
            "validation",
            f"Use {spec.n_splits} folds instead of {old}.",
            normalize(spec, profile, budget=False),
        )
    spec.final_fit = "fold_average"
    return Change(
        "validation",
        "Predict the test set with the average of the fold models instead of one refit.",
        spec,
    )


_MOVES = {
    "hyperparameter": _hyperparameter,
    "feature": _feature,
    "model": _model,
    "ensemble": _ensemble,
    "validation": _validation,
}


def _fmt(value: Any) -> str:
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


# --- programs without a spec ---------------------------------------------------------

_TEXT_RULES = {
    "n_estimators": ("int", [1.5, 2.0]),
    "max_iter": ("int", [1.5, 2.0]),
    "learning_rate": ("float", [0.5]),
    "num_leaves": ("int", [2.0, 0.5]),
    "max_depth": ("int", [1.5, 0.75]),
    "C": ("float", [3.0, 1 / 3]),
    "alpha": ("float", [3.0, 1 / 3]),
    "n_neighbors": ("int", [1.5, 0.66]),
    "min_samples_leaf": ("int", [2.0]),
    "max_features": ("int", [2.0]),
}


def tweak_text(code: str, rng: random.Random) -> tuple[str, str] | None:
    """Change one numeric hyperparameter literal of a program that has no spec."""
    tree = edits.parse(code)
    if tree is None:
        return None
    options = []
    for call in edits.calls(tree):
        for kw in call.keywords:
            if (
                kw.arg in _TEXT_RULES
                and isinstance(kw.value, ast.Constant)
                and isinstance(kw.value.value, int | float)
                and not isinstance(kw.value.value, bool)
            ):
                options.append((call, kw))
    if not options:
        return None
    call, kw = rng.choice(options)
    kind, factors = _TEXT_RULES[kw.arg]  # type: ignore[index]
    old = kw.value.value  # type: ignore[attr-defined]
    value = old * rng.choice(factors)
    new: int | float = max(1, int(round(value))) if kind == "int" else float(f"{value:.3g}")
    if new == old:
        new = old + 1 if kind == "int" else old * 2
    code = edits.replace_spans(code, [(edits.Span.of(kw.value), repr(new))])
    owner = edits.call_name(call)
    return code, f"Change {kw.arg} of {owner} from {old} to {new}."
