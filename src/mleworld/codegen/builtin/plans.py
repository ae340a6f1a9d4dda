"""The plan that comes with a draft: a few sentences saying what the program does.

Plans describe the program that was written (model, preprocessing, validation),
in wording that varies between drafts. They never mention injected defects.
"""

from __future__ import annotations

import random

from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.render.columns import plan_columns
from mleworld.codegen.builtin.render.models import FAMILY_TITLES
from mleworld.codegen.builtin.spec import ProgramSpec

_KIND_WORDS = {
    "binary": "binary classification",
    "multiclass": "multi-class classification",
    "regression": "regression",
    "multi_regression": "multi-target regression",
    "multilabel": "multi-label classification",
}


def draft_plan(spec: ProgramSpec, profile: TaskProfile, rng: random.Random) -> str:
    target = ", ".join(profile.label_columns[:4]) + (
        "..." if len(profile.label_columns) > 4 else ""
    )
    kind = _KIND_WORDS[profile.kind]
    model = _model_phrase(spec)
    prep = _prep_phrase(spec, profile)
    val = _validation_phrase(spec)
    opener = rng.choice(
        [
            f"This is a {kind} problem ({target}, scored by {profile.metric}).",
            f"Predict {target} ({kind}, metric: {profile.metric}).",
            f"The task is {kind} of {target}, evaluated with {profile.metric}.",
        ]
    )
    body = rng.choice(
        [
            f"I will train {model} on {prep}.",
            f"The solution uses {model}; {prep} form the features.",
            f"Approach: {prep}, then {model}.",
        ]
    )
    return f"{opener} {body} {val}"


def _model_phrase(spec: ProgramSpec) -> str:
    title = FAMILY_TITLES.get(spec.family, spec.family)
    p = spec.params
    details = []
    for key, words in (
        ("n_estimators", "trees"),
        ("max_iter", "iterations"),
        ("learning_rate", "learning rate"),
        ("num_leaves", "leaves"),
        ("max_depth", "max depth"),
        ("C", "C"),
        ("alpha", "alpha"),
        ("n_neighbors", "neighbours"),
    ):
        if key in p and p[key] is not None:
            value = p[key]
            details.append(
                f"{value} {words}"
                if key in ("n_estimators", "max_iter", "num_leaves", "n_neighbors")
                else f"{words} {value}"
            )
    text = title + (f" ({', '.join(details[:3])})" if details else "")
    if spec.ensemble:
        other = FAMILY_TITLES.get(spec.ensemble["family"], spec.ensemble["family"])
        how = "blended" if spec.ensemble["how"] == "blend" else "combined by voting"
        text += f" {how} with {other}"
    if spec.log_target:
        text += " on a log1p-transformed target"
    return text


def _prep_phrase(spec: ProgramSpec, profile: TaskProfile) -> str:
    parts = []
    if profile.has_text:
        t = spec.text
        grams = "word" if t.get("analyzer", "word") == "word" else "character"
        parts.append(f"TF-IDF {grams} n-grams (up to {t.get('ngram_max', 1)}) of the text")
    if profile.numeric_columns and not (
        profile.has_text and (spec.family == "nb" or not spec.text.get("use_other", True))
    ):
        imp = {"median": "median-imputed", "mean": "mean-imputed", "zero": "zero-filled"}[
            spec.num_impute
        ]
        scaled = ", standardised" if spec.scale else ""
        parts.append(f"{imp}{scaled} numeric columns")
    if profile.categorical_columns and not profile.has_text:
        enc = {
            "onehot": "one-hot encoded",
            "ordinal": "ordinal-encoded",
            "category": "native LightGBM categorical",
            "frequency": "frequency-encoded",
        }[spec.cat_encoding]
        parts.append(f"{enc} categoricals")
    if profile.date_columns:
        parts.append(
            "calendar features from the dates" if spec.date_features else "no date columns"
        )
    for block, words in (
        ("missing_count", "a missing-value count"),
        ("row_stats", "row statistics"),
        ("log_skewed", "log transforms of skewed columns"),
        ("ratio", "a ratio feature"),
        ("text_stats", "text length features"),
    ):
        if block in plan_columns(profile, spec).blocks:
            parts.append(words)
    return ", ".join(parts) if parts else "the raw columns"


def _validation_phrase(spec: ProgramSpec) -> str:
    if spec.validation == "kfold":
        reps = f" repeated {spec.n_repeats} times" if spec.n_repeats > 1 else ""
        final = (
            "the test predictions average the fold models"
            if spec.final_fit == "fold_average"
            else "the final model is refit on all rows"
        )
        if spec.time_order:
            return (
                f"It is scored with {spec.n_splits} time-ordered folds (each validates on dates "
                f"after the ones it trains on), and {final}."
            )
        return f"It is scored with {spec.n_splits}-fold cross-validation{reps}, and {final}."
    final = "reused for the test set" if spec.final_fit == "reuse" else "then refit on all rows"
    rows = "the latest" if spec.time_order else "a"
    return f"It is scored on {rows} {int(spec.val_size * 100)}% hold-out split and {final}."
