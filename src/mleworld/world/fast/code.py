"""Facts read off a program's text: its tokens, the ML APIs it calls, its literal settings.

Everything here works on programs that do not parse (a syntax error is a
common outcome to predict), so it reads the text with regular expressions,
not an AST. Full-line comments are dropped first: they change no behaviour,
and the builtin code model writes its generation spec into a header comment
that no other writer produces, so a model that read it would learn the writer,
not the program.

This module owns the token spelling shared by the TF-IDF vectors and the hashed
bag of tokens, the curated list of ML API facts, and the line diff against a
parent. Turning facts into a feature row is features.py's job.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter

import numpy as np

_FULL_LINE_COMMENT = re.compile(r"^[ \t]*#.*$", re.M)
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?")
_CALL = re.compile(r"(\.?)([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", re.M)
_NUMBER = r"([0-9][0-9_]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)"


def strip_comments(program: str) -> str:
    """The program without full-line comments (inline comments stay: stripping them needs a tokenizer)."""
    return _FULL_LINE_COMMENT.sub("", program)


def code_tokens(program: str) -> list[str]:
    """Identifiers and numbers in order, with `(` marking calls (`fit(`) and `.` attributes (`.fit(`).

    `program` should already be comment-stripped.
    """
    tokens: list[str] = []
    for match in _TOKEN.finditer(program):
        word = match.group(0)
        end = match.end()
        start = match.start()
        is_call = program[end : end + 1] == "("
        is_attr = start > 0 and program[start - 1] == "."
        if is_attr:
            word = "." + word
        if is_call:
            word = word + "("
        tokens.append(word)
    return tokens


def imported_modules(program: str) -> list[str]:
    """Top-level names of the modules a program imports, in order."""
    names: list[str] = []
    for match in _IMPORT.finditer(program):
        module = match.group(1) or match.group(2) or ""
        if module and not module.startswith("."):
            names.append(module.split(".")[0])
    return names


# --- curated facts ------------------------------------------------------------------------

# Model families, by the identifiers their estimators and modules carry (matched per distinct token).
FAMILIES: dict[str, str] = {
    "lgbm": r"LGBM\w*|lightgbm|lgb",
    "xgb": r"XGB\w*|xgboost|xgb",
    "catboost": r"CatBoost\w*|catboost",
    "random_forest": r"RandomForest\w*",
    "extra_trees": r"ExtraTrees\w*",
    "hist_gb": r"HistGradientBoosting\w*",
    "gb": r"GradientBoosting\w*",
    "linear": r"LogisticRegression\w*|LinearRegression|Ridge\w*|Lasso\w*|ElasticNet\w*|SGD\w*",
    "svm": r"SVC|SVR|LinearSVC|LinearSVR|NuSVC|NuSVR",
    "knn": r"KNeighbors\w*",
    "tree": r"DecisionTree\w*",
    "naive_bayes": r"GaussianNB|MultinomialNB|BernoulliNB|ComplementNB",
    "mlp": r"MLP\w*",
    "ensemble": r"(?:Voting|Stacking|Bagging|AdaBoost)\w*",
    "deep": r"torch|tensorflow|keras",
}
_FAMILY = re.compile("|".join(f"(?P<{name}>{p})" for name, p in FAMILIES.items()))

# Calls and names whose counts say how much work a program does and how it can fail,
# as the tokens code_tokens spells them (`.fit(` a method call, `print(` a call).
COUNTS: dict[str, tuple[str, ...]] = {
    "fit": (".fit(",),
    "fit_transform": (".fit_transform(",),
    "predict": (".predict(",),
    "predict_proba": (".predict_proba(",),
    "read_csv": ("read_csv(", ".read_csv("),
    "read_other": (
        ".read_parquet(",
        ".read_json(",
        ".read_excel(",
        ".read_table(",
        "open(",
        ".load(",
    ),
    "to_csv": (".to_csv(",),
    "print": ("print(",),
    "logging": ("logging", "logger"),
    "cross_val": ("cross_val_score(", "cross_validate(", "cross_val_predict("),
    "split": ("train_test_split(",),
    "kfold": (
        "KFold(",
        "StratifiedKFold(",
        "GroupKFold(",
        "StratifiedGroupKFold(",
        "RepeatedKFold(",
        "RepeatedStratifiedKFold(",
        "TimeSeriesSplit(",
    ),
    "search_cv": ("GridSearchCV(", "RandomizedSearchCV(", "HalvingGridSearchCV(", "optuna"),
    "pipeline": ("Pipeline(", "make_pipeline(", "ColumnTransformer(", "make_column_transformer("),
    "encoder": (
        "OneHotEncoder(",
        "OrdinalEncoder(",
        "LabelEncoder(",
        "TargetEncoder(",
        ".get_dummies(",
    ),
    "scaler": ("StandardScaler(", "MinMaxScaler(", "RobustScaler("),
    "imputer": ("SimpleImputer(", "KNNImputer(", "IterativeImputer(", ".fillna("),
    "text_vectorizer": ("TfidfVectorizer(", "CountVectorizer(", "HashingVectorizer("),
    "merge": (".merge(", ".join(", ".concat("),
    "groupby": (".groupby(",),
    "apply": (".apply(", ".map(", ".transform("),
    "iterrows": (".iterrows(", ".itertuples("),
    "early_stopping": ("early_stopping", "early_stopping(", "early_stopping_rounds", "callbacks"),
    "lambda": ("lambda",),
    "exit": ("exit(", "quit(", ".exit("),
    "sleep": (".sleep(", "sleep("),
    "subprocess": ("subprocess", ".system("),
    "if_main": ("__main__",),
    "input_dir": ("input", "INPUT_DIR", "INPUT", "DATA_DIR"),
}
_COUNT_OF = {token: name for name, tokens in COUNTS.items() for token in tokens}

# Statements counted by the keyword that starts their line.
STATEMENTS = ("def", "class", "for", "while", "try", "except", "with", "assert", "raise")
_STATEMENT = re.compile(r"^[ \t]*(" + "|".join(STATEMENTS) + r")\b", re.M)

# Text patterns that tokens cannot see.
PATTERNS: dict[str, re.Pattern[str]] = {
    "column_literal": re.compile(r"\[\s*[\"'][^\"'\]\n]+[\"']\s*\]"),
    "format_metric": re.compile(r":\.\d+f\}"),
    "n_jobs_all": re.compile(r"n_jobs\W{0,3}[=:]\s*-1\b"),
    # validation on the latest rows: a time series splitter, an unshuffled split, a head slice
    "time_split": re.compile(r"TimeSeriesSplit\(|shuffle\s*=\s*False\b"),
    "head_slice": re.compile(r"\[\s*:\s*[A-Za-z_]\w*\s*\]"),
    "sort_values": re.compile(r"\.sort_values\("),
}

# Literal hyper-parameters: for each fact, the keyword spellings that set it.
SETTINGS: dict[str, tuple[str, ...]] = {
    "n_estimators": ("n_estimators", "num_boost_round", "iterations", "num_iterations", "n_iter"),
    "max_iter": ("max_iter",),
    "epochs": ("epochs", "n_epochs", "num_epochs", "EPOCHS"),
    "n_splits": ("n_splits", "cv", "n_folds", "nfold", "N_FOLDS", "N_SPLITS", "NFOLDS"),
    "n_repeats": ("n_repeats",),
    "max_depth": ("max_depth", "depth"),
    "num_leaves": ("num_leaves",),
    "learning_rate": ("learning_rate", "eta", "lr"),
    "n_neighbors": ("n_neighbors",),
    "min_child_samples": ("min_child_samples", "min_samples_leaf", "min_child_weight"),
    "batch_size": ("batch_size", "BATCH_SIZE"),
    "max_features": ("max_features",),
    "test_size": ("test_size", "val_size", "VAL_SIZE", "TEST_SIZE"),
}
_SETTING_OF = {key: name for name, keys in SETTINGS.items() for key in keys}
_ASSIGN = re.compile(r"\b([A-Za-z_]\w*)['\"]?\s*[=:]\s*" + _NUMBER)
_RANGE = re.compile(r"\brange\(\s*(\d+)\s*\)")
_INDENT = re.compile(r"^([ \t]*)\S", re.M)
_FAMILY_CACHE: dict[str, str | None] = {}

FACT_NAMES: tuple[str, ...] = (
    "n_lines",
    "n_chars",
    "n_tokens",
    "n_distinct_tokens",
    "max_indent",
    "n_imports",
    "n_families",
    *(f"family_{name}" for name in FAMILIES),
    *(f"count_{name}" for name in COUNTS),
    *(f"count_{name}" for name in STATEMENTS),
    *(f"count_{name}" for name in PATTERNS),
    "count_submission_path",
    "count_fstring",
    *(f"max_{name}" for name in SETTINGS),
    "min_learning_rate",
    "max_range",
    "log_work",
)


def _number(text: str) -> float | None:
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _family(token: str) -> str | None:
    family = _FAMILY_CACHE.get(token, "")
    if family == "":
        match = _FAMILY.fullmatch(token)
        family = match.lastgroup if match else None
        if len(_FAMILY_CACHE) < 100_000:
            _FAMILY_CACHE[token] = family
    return family


def code_facts(program: str, tokens: list[str] | None = None) -> dict[str, float]:
    """The curated facts of a (comment-stripped) program, one float per name in FACT_NAMES."""
    tokens = code_tokens(program) if tokens is None else tokens
    counts = Counter(tokens)
    facts = dict.fromkeys(FACT_NAMES, 0.0)
    facts["n_lines"] = float(sum(1 for line in program.splitlines() if line.strip()))
    facts["n_chars"] = float(len(program))
    facts["n_tokens"] = float(len(tokens))
    facts["n_distinct_tokens"] = float(len(counts))
    indents = [len(m.group(1).expandtabs(4)) for m in _INDENT.finditer(program)]
    facts["max_indent"] = float(max(indents, default=0) // 4)
    facts["n_imports"] = float(len(imported_modules(program)))
    for token, n in counts.items():
        base = token.strip(".(")
        family = _family(base)
        if family is not None:
            facts[f"family_{family}"] += n
        name = _COUNT_OF.get(token)
        if name is not None:
            facts[f"count_{name}"] += n
    facts["n_families"] = float(sum(facts[f"family_{name}"] > 0 for name in FAMILIES))
    for match in _STATEMENT.finditer(program):
        facts[f"count_{match.group(1)}"] += 1
    for name, pattern in PATTERNS.items():
        facts[f"count_{name}"] = float(len(pattern.findall(program)))
    facts["count_submission_path"] = float(program.count("submission.csv"))
    facts["count_fstring"] = float(program.count('f"') + program.count("f'"))
    values: dict[str, list[float]] = {}
    for match in _ASSIGN.finditer(program):
        name = _SETTING_OF.get(match.group(1))
        number = _number(match.group(2)) if name else None
        if name is not None and number is not None:
            values.setdefault(name, []).append(number)
    for name in SETTINGS:
        found = values.get(name)
        facts[f"max_{name}"] = max(found) if found else math.nan
    rates = values.get("learning_rate")
    facts["min_learning_rate"] = min(rates) if rates else math.nan
    ranges = [int(m.group(1)) for m in _RANGE.finditer(program)]
    facts["max_range"] = float(max(ranges, default=0))
    facts["log_work"] = math.log1p(_work(facts))
    return facts


def primary_family(facts: dict[str, float]) -> str:
    """The model family a program names most (`none` when it names none): what mostly sets its metric."""
    best = max(FAMILIES, key=lambda name: facts.get(f"family_{name}", 0.0))
    return best if facts.get(f"family_{best}", 0.0) > 0 else "none"


def _work(facts: dict[str, float]) -> float:
    """A crude count of model fits times their size: trees (or iterations) x folds x repeats x fits."""
    size = 1.0
    for name in ("max_n_estimators", "max_max_iter", "max_epochs"):
        value = facts.get(name, math.nan)
        if math.isfinite(value) and value > 0:
            size = max(size, value)
    folds = facts.get("max_n_splits", math.nan)
    folds = folds if math.isfinite(folds) and 1 < folds < 1000 else 1.0
    repeats = facts.get("max_n_repeats", math.nan)
    repeats = repeats if math.isfinite(repeats) and 0 < repeats < 1000 else 1.0
    fits = max(1.0, facts.get("count_fit", 0.0))
    return size * folds * repeats * fits


def hashed_tokens(tokens: list[str], imports: list[str], dim: int) -> np.ndarray:
    """A bag of tokens hashed into `dim` buckets (crc32, so the same everywhere), log1p counts."""
    row = np.zeros(dim, dtype=np.float32)
    if dim == 0:
        return row
    counts = Counter(tokens)
    counts.update("import:" + name for name in imports)
    for token, n in counts.items():
        row[zlib.crc32(token.encode("utf-8")) % dim] += n
    return np.log1p(row)


def line_diff(parent: str, child: str) -> tuple[int, int]:
    """Lines the child adds and removes relative to the parent (as multisets of stripped lines)."""
    before = Counter(line.strip() for line in parent.splitlines() if line.strip())
    after = Counter(line.strip() for line in child.splitlines() if line.strip())
    return sum((after - before).values()), sum((before - after).values())
