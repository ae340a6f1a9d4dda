"""Common ways programs carry their data to a fit, each followed with the data's values.

Fold loops written as `enumerate(kf.split(X), start=1)` or `zip(range(k), folds)`, group
and shuffle splitters, `df.loc` at fold positions, fold rows of arrays made with
`np.array(df)` or `to_numpy(np.float64)`, array parts of `train_test_split` and the
scaler fitted on them, the exact parts of a split with a seed (or unshuffled),
`pd.to_numeric`, `df.sample(frac=...)`, the first `int(len(X) * 0.8)` rows, a frame
built from computed columns and set beside another, `list(config)` of a dict's keys, a
popped column, `float()` of a column's mean, dummies of a computed frame, an inline `df.iloc[...].to_numpy(...)`, an assertion on row counts, and
options read with argparse: each step keeps what the walk knows, so the NaN the data
holds reaches the linear model's check. Each snippet runs for real (conftest.run_real:
train.csv has 6 rows; the depth column keeps one value, the others become NaN).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import argparse\n"
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import GroupKFold, KFold, ShuffleSplit, train_test_split\n"
    "from sklearn.preprocessing import StandardScaler\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "train['bill_depth_mm'] = train['bill_depth_mm'].where(train['bill_depth_mm'] > 21)\n"
    "COLS = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']\n"
    "X = train[COLS]\n"
    "y = train['species'].to_numpy()\n"
    "kf = KFold(n_splits=3, shuffle=True, random_state=0)\n"
)


def options(default: str, then: str = "", *, parse: str = "args = parser.parse_args([])\n") -> str:
    """The penalty read from a command-line option the run does not pass."""
    return (
        READ + "parser = argparse.ArgumentParser(description='penguins')\n"
        "parser.add_argument('--folds', type=int, default='3')\n"
        f"parser.add_argument('--penalty', default='{default}')\n"
        f"{parse}"
        f"{then}"
        "model = LogisticRegression(penalty=args.penalty, solver='lbfgs')\n"
        "model.fit(train[['flipper_length_mm']], y)\n"
        "print(args.folds + 1)\n"
    )


# The snippets run in one process started with arguments of its own; the sandbox passes
# none, which this parse of the script's arguments sees as well.
NO_ARGUMENTS = (
    "import sys\n"
    "given = sys.argv[1:]\n"
    "del sys.argv[1:]\n"
    "args = parser.parse_args()\n"
    "sys.argv[1:] = given\n"
)


def seeded_split(seed: int) -> str:
    """A split with a literal seed of a frame with one blank (row 4's flipper length):
    which part holds that row decides whether the fit on the training part fails."""
    return (
        READ + "train['flipper_length_mm'] = train['flipper_length_mm'].where(train['id'] != 4)\n"
        "X2 = train[['bill_length_mm', 'flipper_length_mm']]\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(\n"
        f"    X2, y, test_size=0.5, random_state={seed})\n"
        "LogisticRegression().fit(X_tr, y_tr)\n"
    )


def lost_column(fill: str) -> str:
    """A feature function that stores a column the walk cannot compute (a Series mapped by a
    method of str) next to ones it does: the frame's other columns keep their values."""
    return (
        "TEXT = ['island', 'sex', 'species', 'island_code']\n"
        "def add(frame):\n"
        "    out = frame.copy()\n"
        f"    out['ratio'] = (out['bill_length_mm'] / out['bill_depth_mm']){fill}\n"
        "    out['island_code'] = out['island'].map(str.lower)\n"
        "    return out\n"
        "F = add(train)\n"
        f"F['bill_depth_mm'] = F['bill_depth_mm']{fill}\n"
    )


CRASHES = {
    "folds_enumerated_from_one": (
        READ + "for k, (tr, va) in enumerate(kf.split(X), start=1):\n"
        "    LogisticRegression().fit(X.iloc[tr], y[tr])\n",
        "dtypes",
    ),
    "folds_zipped_with_a_range": (
        READ + "for k, (tr, va) in zip(range(3), kf.split(X)):\n"
        "    LogisticRegression().fit(X.iloc[tr], y[tr])\n",
        "dtypes",
    ),
    "fold_rows_of_an_array_made_by_np_array": (
        READ + "A = np.array(X)\n"
        "for tr, va in kf.split(A):\n"
        "    LogisticRegression().fit(A[tr], y[tr])\n",
        "dtypes",
    ),
    "fold_rows_of_an_array_when_folds_differ_in_size": (
        READ + "A = X.to_numpy(np.float64)\n"
        "for tr, va in KFold(n_splits=4, shuffle=True, random_state=1).split(A):\n"
        "    LogisticRegression().fit(A[tr], y[tr])\n",
        "dtypes",
    ),
    "group_folds": (
        READ + "for tr, va in GroupKFold(n_splits=3).split(X, y, train['island']):\n"
        "    LogisticRegression().fit(X.iloc[tr], y[tr])\n",
        "dtypes",
    ),
    "shuffle_split": (
        READ + "for tr, va in ShuffleSplit(n_splits=2, test_size=0.34, random_state=0).split(X):\n"
        "    LogisticRegression().fit(X.iloc[tr], y[tr])\n",
        "dtypes",
    ),
    "loc_at_fold_positions_of_a_frame_indexed_from_zero": (
        READ + "for tr, va in kf.split(X):\n    LogisticRegression().fit(X.loc[tr], y[tr])\n",
        "dtypes",
    ),
    "array_parts_of_train_test_split_through_a_scaler": (
        READ
        + "A_tr, A_va, y_tr, y_va = train_test_split(X.values, y, test_size=0.2, random_state=0)\n"
        "sc = StandardScaler()\n"
        "LogisticRegression().fit(sc.fit_transform(A_tr), y_tr)\n",
        "dtypes",
    ),
    "the_first_rows_by_a_computed_count": (
        READ + "n = int(len(X) * 0.8)\nLogisticRegression().fit(X.iloc[:n], y[:n])\n",
        "dtypes",
    ),
    "sampled_rows": (
        READ + "part = train.sample(frac=0.8, random_state=0)\n"
        "LogisticRegression().fit(part[COLS], part['species'])\n",
        "dtypes",
    ),
    "a_computed_frame_set_beside_another": (
        READ + "extra = pd.DataFrame({'ratio': train['bill_length_mm'] / train['bill_depth_mm']})\n"
        "Z = pd.concat([train[['flipper_length_mm']], extra], axis=1)\n"
        "LogisticRegression().fit(Z, y)\n",
        "dtypes",
    ),
    "the_keys_of_a_config_dict": (
        READ + "WEIGHTS = {'bill_length_mm': 1.0, 'bill_depth_mm': 2.0}\n"
        "LogisticRegression().fit(train[list(WEIGHTS)], y)\n",
        "dtypes",
    ),
    "a_popped_column": (
        READ + "rest = train.copy()\n"
        "depth = rest.pop('bill_depth_mm').values.reshape(-1, 1)\n"
        "LogisticRegression().fit(depth, y)\n",
        "dtypes",
    ),
    "an_inline_chain_converted_by_position": (
        READ + "LogisticRegression().fit(train.iloc[:, 2:5].to_numpy(np.float64), y)\n",
        "dtypes",
    ),
    "numeric_columns_by_pandas_dtype_test": (
        READ + "num = [c for c in train.columns if pd.api.types.is_numeric_dtype(train[c])]\n"
        "LogisticRegression().fit(train[num].drop(columns=['id']), y)\n",
        "dtypes",
    ),
    "text_columns_dropped_by_select_dtypes": (
        READ + "text = train.select_dtypes('object').columns.tolist()\n"
        "LogisticRegression().fit(train.drop(columns=text), y)\n",
        "dtypes",
    ),
    "days_since_a_timestamp": (
        READ + "when = pd.to_datetime(train['year'].astype(str) + '-06-30')\n"
        "days = (when - pd.Timestamp('2007-01-01')).dt.days\n"
        "train['log_age'] = np.log(days - 400)\n"
        "LogisticRegression().fit(train[['flipper_length_mm', 'log_age']], y)\n",
        "dtypes",
    ),
    "folds_numbered_by_np_arange": (
        READ + "fold = np.arange(len(train)) % 3\n"
        "for k in range(3):\n"
        "    keep = fold != k\n"
        "    LogisticRegression().fit(X.values[keep], y[keep])\n",
        "dtypes",
    ),
    "columns_kept_after_a_column_whose_values_are_lost": (
        READ + lost_column("") + "LogisticRegression().fit(F.drop(columns=TEXT), y)\n",
        "dtypes",
    ),
    "text_mapped_by_a_method_of_str": (
        READ + "train['island_lc'] = train['island'].map(str.lower)\n"
        "LogisticRegression().fit(train[['flipper_length_mm', 'island_lc']], y)\n",
        "dtypes",
    ),
    "dates_mapped_to_their_ordinals": (
        READ + "when = pd.to_datetime(train['year'].astype(str) + '-06-30')\n"
        "train['day'] = when.map(pd.Timestamp.toordinal)\n"
        "train['log_day'] = np.log(train['day'] - 733000)\n"
        "LogisticRegression().fit(train[['flipper_length_mm', 'log_day']], y)\n",
        "dtypes",
    ),
    "strata_of_one_row_in_a_seeded_split": (
        READ + "X_tr, X_va, y_tr, y_va = train_test_split(\n"
        "    X, y, test_size=0.5, random_state=0, stratify=train['body_mass_g'])\n",
        "computed",
    ),
    "the_first_rows_of_an_unshuffled_split": (
        READ + "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.5, shuffle=False)\n"
        "LogisticRegression().fit(X_tr, y_tr)\n",
        "dtypes",
    ),
    "a_seeded_split_whose_training_part_holds_the_blank": (seeded_split(0), "dtypes"),
    "blanks_kept_by_to_numeric": (
        READ + "train['bill_depth_mm'] = pd.to_numeric(train['bill_depth_mm'], errors='coerce')\n"
        "LogisticRegression().fit(train[COLS], y)\n",
        "dtypes",
    ),
    "text_to_numeric_without_coerce": (
        READ + "train['island'] = pd.to_numeric(train['island'])\n",
        "computed",
    ),
    "an_assertion_on_the_rows_left": (
        READ + "X2 = X.dropna()\n"
        "assert X2.shape[0] == len(y), f'X rows {X2.shape[0]} != y rows {len(y)}'\n",
        "computed",
    ),
    "a_penalty_from_a_command_line_default": (options("l1"), "params"),
    "a_penalty_from_the_script_arguments": (options("l1", parse=NO_ARGUMENTS), "params"),
    "a_mean_made_a_float_then_subtracted": (
        READ + "m = float(train['body_mass_g'].mean())\n"
        "train['gap'] = np.log(train['body_mass_g'] - m)\n"
        "LogisticRegression().fit(train[['gap', 'flipper_length_mm']], y)\n",
        "dtypes",
    ),
    "dummies_of_a_computed_frame_as_an_array": (
        READ + "import torch\n"
        "F = train[['island', 'flipper_length_mm']].copy()\n"
        "F['ratio'] = F['flipper_length_mm'] / 100\n"
        "A = pd.get_dummies(F, columns=['island']).values\n"
        "print(torch.tensor(A, dtype=torch.float32))\n",
        "torch",
    ),
}
VALID = {
    "columns_kept_after_a_lost_one_with_their_blanks_filled": (
        READ + lost_column(".fillna(0)") + "LogisticRegression().fit(F.drop(columns=TEXT), y)\n"
    ),
    "folds_enumerated_from_one_on_filled_values": (
        READ + "for k, (tr, va) in enumerate(kf.split(X), start=1):\n"
        "    LogisticRegression().fit(X.fillna(0).iloc[tr], y[tr])\n"
    ),
    "folds_zipped_with_an_empty_list": (
        READ + "for k, (tr, va) in zip([], kf.split(X)):\n"
        "    LogisticRegression().fit(X.iloc[tr], y[tr])\n"
    ),
    "a_seeded_split_whose_training_part_misses_the_blank": seeded_split(2),
    "text_coerced_to_numbers_then_filled": (
        READ + "train['island'] = pd.to_numeric(train['island'], errors='coerce').fillna(0)\n"
        "LogisticRegression().fit(train[['island', 'flipper_length_mm']], y)\n"
    ),
    "an_assertion_that_holds": (
        READ + "X2 = X.fillna(0)\n"
        "assert X2.shape[0] == len(y), f'X rows {X2.shape[0]} != y rows {len(y)}'\n"
    ),
    "a_valid_command_line_default": options("l2"),
    "a_mean_made_a_float_then_added": (
        READ + "m = float(train['body_mass_g'].mean())\n"
        "train['gap'] = np.log(train['body_mass_g'] + m)\n"
        "LogisticRegression().fit(train[['gap', 'flipper_length_mm']], y)\n"
    ),
    "dummies_of_a_computed_frame_as_floats": (
        READ + "import torch\n"
        "F = train[['island', 'flipper_length_mm']].copy()\n"
        "F['ratio'] = F['flipper_length_mm'] / 100\n"
        "A = pd.get_dummies(F, columns=['island'], dtype=float).values\n"
        "print(torch.tensor(A, dtype=torch.float32))\n"
    ),
    "a_command_line_option_set_again": options("l1", "args.penalty = 'l2'\n"),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
