"""Frames whose values analysis computes by running pandas on the input files' values.

`pd.concat` of read frames and cleaning steps with literal arguments (`dropna`, `fillna`,
`drop`, `sort_values`, `iloc[a:b]`, `get_dummies`) are run for real on the data, so the
frame they give keeps its real values: a dtype test on a stacked frame (pandas 3 reads
text as `str`, which is not `object`), the classes left after `dropna`, the text that then
reaches a numeric estimator are all known. Merges run on both frames' values, and
`read_csv` with literal options (`dtype`, `parse_dates`) reads as the program asks, so a
merge on keys of two dtypes (also when one side's values are unknown but its key was
made text with `astype(str)`, also through `pd.merge` and a group table), or a column renamed by merge suffixes (also after `assign`,
which returns a new frame with the values it computes), is found. A constant
column assigned (`df["part"] = "train"`) and `pd.to_datetime` of a known column keep the
values known; a `format` the data does not have raises pandas' own ValueError. Masks
computed from known columns (`df[df["year"] > 2020]`, `~mask`) select the real rows, and a
groupby reduction gives a frame with its values (a column read as an attribute, `df.year`,
is the column's values too, `s.isna().any()` decides an `if`, and `str(df[c].dtype)` a
comprehension's filter), so a filter that keeps no row reaches
scikit-learn's "Found array with 0 sample(s)". Arithmetic of known columns
(`df["x"] * df["y"]`, `mask & other`) is computed too, so engineered columns keep a frame's
values, and arithmetic pandas rejects on them is named with pandas' message. An imputer inside a column transformer that
meets text is named with scikit-learn's own message, and `for i in range(4)` is walked
once per number, so a column position past a prediction's width is found. A frame a
feature function builds (`pd.DataFrame(index=df.index)` filled column by column, or
`pd.DataFrame({...}, index=df.index)` of known columns) is built for real, so the NaN a
`shift` leaves or the text a column carries reaches the model's fit as it would; and a
name bound to a chain of pure pandas steps whose values the walk's own steps lost
(`select_dtypes`, a frame's `shift`) holds what the same steps, replayed on the known
values, give (world/static/shown.py `recomputed`). A row statistic with its axis given by
position (`.sum(1)`), `any`/`all` across a row, `abs`, a Series filtered by a mask of its own
values and its labels as column names (`for c in sk[sk > 0.5].index`), `mode()[0]`, a text's
`format` mapped over a column, `pd.Categorical` of a known column, two columns stacked by
`pd.concat` and a keyed concat's `.loc["tr"]` all keep the values known, and infinity
reaching an estimator is named as NaN is. A column filled fold by fold
(`train.loc[b, "te"] = ...` in an out-of-fold loop) leaves the other columns' values known.
So do a `replace` with `pd.NA`, `s.mode().iloc[0]`, an `if` on a count computed from the
values, `df.loc[:k, name]` and `lo, hi = s.quantile([...])`.
Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from pathlib import Path

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.compose import ColumnTransformer\n"
    "from sklearn.ensemble import RandomForestClassifier\n"
    "from sklearn.impute import SimpleImputer\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import Pipeline\n"
    "from sklearn.preprocessing import OneHotEncoder\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
)
STACKED = READ + "both = pd.concat([train.drop(columns=['species']), test], ignore_index=True)\n"
NUM = "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"

CRASHES: dict[str, tuple[str, str]] = {
    "object_test_on_a_stacked_frame_misses_str_columns": (
        STACKED + "text = [c for c in both.columns if both[c].dtype == object]\n"
        "both = pd.get_dummies(both, columns=text).fillna(-1)\n"
        "X = both.iloc[:len(train)].drop(columns=['id'])\n"
        "RandomForestClassifier(n_estimators=5).fit(X, train['species'])\n",
        "dtypes",
    ),
    "cleaned_rows_keep_their_text": (
        READ + "clean = train.dropna(subset=['sex']).reset_index(drop=True)\n"
        "LogisticRegression().fit(clean.drop(columns=['species']), clean['species'])\n",
        "dtypes",
    ),
    "classes_after_dropna_then_too_few_names": (
        READ + NUM + "kept = train.dropna(subset=['bill_length_mm'])\n"
        "model = LogisticRegression(max_iter=500).fit(kept[NUM], kept['species'])\n"
        "proba = model.predict_proba(test[NUM])\n"
        "sub = pd.DataFrame(proba, columns=['Adelie', 'Gentoo'])\n",
        "lengths",
    ),
    "median_imputer_on_every_column_in_a_transformer": (
        READ + "X = train.drop(columns=['id', 'species'])\n"
        "pre = ColumnTransformer([('num', SimpleImputer(strategy='median'), list(X.columns))])\n"
        "Pipeline([('pre', pre), ('lr', LogisticRegression())]).fit(X, train['species'])\n",
        "dtypes",
    ),
    "merge_on_keys_of_two_dtypes": (
        READ + "years = pd.read_csv('./input/train.csv', dtype={'year': str})[['year', 'id']]\n"
        "both = test.merge(years, on='year', how='left')\n",
        "computed",
    ),
    "pd_merge_on_keys_of_two_dtypes": (
        READ + "years = pd.read_csv('./input/train.csv', dtype={'year': str})[['year', 'id']]\n"
        "both = pd.merge(test, years, on='year')\n",
        "computed",
    ),
    "merge_suffixes_hide_a_column": (
        READ + "both = train.merge(test, on='id', how='left')\nprint(both['island'].head())\n",
        "columns",
    ),
    "parse_dates_names_a_missing_column": (
        READ + "pd.read_csv('./input/test.csv', parse_dates=['date'])\n",
        "computed",
    ),
    "to_datetime_with_a_format_the_data_does_not_have": (
        READ + "a = pd.read_csv('./input/train.csv', dtype={'year': str})\na['part'] = 'train'\n"
        "b = pd.read_csv('./input/test.csv', dtype={'year': str})\nb['part'] = 'test'\n"
        "both = pd.concat([a, b], ignore_index=True)\n"
        "both['when'] = pd.to_datetime(both['year'], format='%Y-%m')\n",
        "computed",
    ),
    "a_flag_column_then_text_reaches_the_model": (
        READ + "train['is_train'] = 1\ntrain['part'] = 'train'\n"
        "X = train.drop(columns=['species', 'island', 'sex'])\n"
        "RandomForestClassifier(n_estimators=5).fit(X, train['species'])\n",
        "dtypes",
    ),
    "a_filter_that_keeps_no_row": (
        READ + NUM + "late = train['year'] > 2020\nold, new = train[~late], train[late]\n"
        "model = LogisticRegression(max_iter=500).fit(old[NUM], old['species'])\n"
        "print(model.predict(new[NUM]))\n",
        "lengths",
    ),
    "group_means_merged_then_a_text_column_fitted": (
        READ + "means = train.groupby('island', as_index=False)['body_mass_g'].mean()\n"
        "means = means.rename(columns={'body_mass_g': 'island_mass'})\n"
        "both = train.merge(means, on='island', how='left')\n"
        "X = both[['island_mass', 'bill_length_mm', 'sex']]\n"
        "LogisticRegression().fit(X, both['species'])\n",
        "dtypes",
    ),
    "a_feature_frame_built_column_by_column_keeps_a_shifts_nan": (
        READ + "def features(df):\n    out = pd.DataFrame(index=df.index)\n"
        "    out['mass'] = df['body_mass_g']\n    out['prev_mass'] = df['body_mass_g'].shift(1)\n"
        "    return out\n"
        "LogisticRegression().fit(features(train), train['species'])\n",
        "dtypes",
    ),
    "a_feature_frame_from_a_dict_of_columns_keeps_their_text": (
        READ + "X = pd.DataFrame({'mass': train['body_mass_g'], 'sex': train['sex'], 'one': 1},"
        " index=train.index)\n"
        "RandomForestClassifier(n_estimators=5).fit(X, train['species'])\n",
        "dtypes",
    ),
    "an_eq_filter_that_keeps_no_row": (
        READ + NUM + "new = train[train['year'].eq(2020) | train['year'].gt(2030)]\n"
        "LogisticRegression(max_iter=500).fit(new[NUM], new['species'])\n",
        "lengths",
    ),
    "a_formatted_date_reaches_the_model": (
        READ + NUM + "when = pd.to_datetime(train['year'].astype(str), format='%Y')\n"
        "train['ym'] = when.dt.strftime('%Y-%m')\n"
        "RandomForestClassifier(n_estimators=5).fit(train[NUM + ['ym']], train['species'])\n",
        "dtypes",
    ),
    "numbers_chosen_by_dtype_then_lagged_keep_the_nan": (
        READ + "lag = train.select_dtypes('number').drop(columns=['id']).shift(1)\n"
        "LogisticRegression().fit(lag, train['species'])\n",
        "dtypes",
    ),
    "engineered_columns_keep_the_text": (
        READ + "train['ratio'] = train['bill_length_mm'] / train['bill_depth_mm']\n"
        "train['mass2'] = train['body_mass_g'] ** 2 + 1\n"
        "RandomForestClassifier(n_estimators=5).fit(train.drop(columns=['species']), train['species'])\n",
        "dtypes",
    ),
    "arithmetic_on_text_columns": (
        READ + "train['mix'] = train['island'] - train['sex']\n",
        "computed",
    ),
    "a_range_loop_past_the_classes": (
        READ + NUM + "model = RandomForestClassifier(n_estimators=5, random_state=0)\n"
        "model.fit(train[NUM], train['species'])\n"
        "proba = model.predict_proba(test[NUM])\n"
        "sub = pd.DataFrame({'id': test['id']})\n"
        "for i in range(4):\n"
        "    sub[f'p{i}'] = proba[:, i]\n",
        "positions",
    ),
    "text_keys_from_astype_against_numbers": (
        READ + "extra = pd.DataFrame([[1, 'a'], [2, 'b']], columns=['id', 'tag'])\n"
        "extra['id'] = extra['id'].astype(str)\n"
        "joined = train.merge(extra, on='id', how='left')\n",
        "computed",
    ),
    "pd_merge_text_keys_from_astype_where_values_are_unknown": (
        READ + "import numpy as np\n"
        "extra = train[['id']].copy()\n"
        "extra['id'] = extra['id'].astype(str)\n"
        "extra['w'] = np.random.rand(len(extra))\n"
        "joined = pd.merge(train, extra, on='id', how='left')\n",
        "computed",
    ),
    "group_table_of_text_keys_after_attribute_columns": (
        READ + "both = pd.concat([train.drop(columns='species'), test], ignore_index=True)\n"
        "both['id'] = both['id'].astype(str)\n"
        "both['male'] = (both.sex == 'male').astype(int)\n"
        "per_id = both.groupby('id').agg(n=('male', 'sum')).reset_index()\n"
        "joined = train.merge(per_id, on='id', how='left')\n",
        "computed",
    ),
    "mask_of_an_attribute_column_keeps_the_rows": (
        READ + NUM + "part = train[train.year > 2007].copy()\n"
        "LogisticRegression(max_iter=200).fit(part[NUM + ['island']], part.species)\n",
        "dtypes",
    ),
    "features_all_but_the_targets_and_id_joined_in_the_filter": (
        READ + "TARGETS = ['species']\n"
        "feats = [c for c in train.columns if c not in TARGETS + ['id']]\n"
        "LogisticRegression(max_iter=300).fit(train[feats], train['species'])\n",
        "dtypes",
    ),
    "columns_kept_by_dtype_name_then_filled_where_missing": (
        READ + "cat = [c for c in train.columns if str(train[c].dtype) in ('str', 'object')]\n"
        "num = [c for c in train.columns if c not in cat]\n"
        "for c in num:\n"
        "    if train[c].isna().any():\n"
        "        train[c] = train[c].fillna(0)\n"
        "LogisticRegression(max_iter=300).fit(train[num + ['island']], train['species'])\n",
        "dtypes",
    ),
    "text_keys_from_astype_against_dates": (
        READ + "years = pd.DataFrame([[2007, 'x'], [2008, 'y']], columns=['when', 'tag'])\n"
        "years['when'] = years['when'].astype(str)\n"
        "train['when'] = pd.to_datetime(train['year'].astype(str) + '-01-01')\n"
        "joined = train.merge(years, on='when')\n",
        "computed",
    ),
    "group_means_merged_back_rename_the_shared_column": (
        READ + "test = pd.read_csv('./input/test.csv')\n"
        "full = pd.concat([train.assign(part=1), test.assign(part=0)], ignore_index=True)\n"
        "means = full.groupby('island')[['body_mass_g']].mean().reset_index()\n"
        "full = full.merge(means, on='island', how='left')\n"
        "full['gap'] = full['body_mass_g'] - full['bill_length_mm']\n",
        "columns",
    ),
}

VALID: dict[str, str] = {
    "one_cell_of_loc_is_a_value_not_a_series": (
        READ + "train['when'] = pd.to_datetime(train['year'].astype(str) + '-01-01')\n"
        "part = train.iloc[:4]\n"
        "print('until', train.loc[part.index[-1], 'when'].date())\n"
        "print(train.loc[train['year'] > 2007, 'when'].dt.year.max())\n"
    ),
    "numbers_all_but_the_texts_and_id_joined_in_the_filter": (
        READ + "TEXTS = ['island', 'sex', 'species']\n"
        "feats = [c for c in train.columns if c not in TEXTS + ['id']]\n"
        "LogisticRegression(max_iter=300).fit(train[feats], train['species'])\n"
    ),
    "numbers_kept_by_dtype_name_then_filled_where_missing": (
        READ + "cat = [c for c in train.columns if str(train[c].dtype) in ('str', 'object')]\n"
        "num = [c for c in train.columns if c not in cat]\n"
        "for c in num:\n"
        "    if train[c].isna().any():\n"
        "        train[c] = train[c].fillna(0)\n"
        "LogisticRegression(max_iter=300).fit(train[num], train['species'])\n"
    ),
    "group_table_of_number_keys_after_attribute_columns": (
        READ + "both = pd.concat([train.drop(columns='species'), test], ignore_index=True)\n"
        "both['male'] = (both.sex == 'male').astype(int)\n"
        "per_id = both.groupby('id').agg(n=('male', 'sum')).reset_index()\n"
        "print(train.merge(per_id, on='id', how='left').shape)\n"
    ),
    "keys_both_text_after_astype": (
        READ + "extra = pd.DataFrame([[1, 'a'], [2, 'b']], columns=['id', 'tag'])\n"
        "extra['id'] = extra['id'].astype(str)\n"
        "train['id'] = train['id'].astype(str)\n"
        "print(train.merge(extra, on='id', how='left').shape)\n"
    ),
    "assigned_columns_are_there": (
        READ + "test = pd.read_csv('./input/test.csv')\n"
        "full = pd.concat([train.assign(part=1), test.assign(part=0)], ignore_index=True)\n"
        "full = full.assign(ratio=lambda d: d['bill_length_mm'] / d['bill_depth_mm'])\n"
        "means = full.groupby('island')[['body_mass_g']].mean().reset_index()\n"
        "full = full.merge(means, on='island', how='left', suffixes=('', '_island'))\n"
        "print(full[['part', 'ratio', 'body_mass_g', 'body_mass_g_island']].shape)\n"
    ),
    "str_test_on_a_stacked_frame": (
        STACKED + "text = [c for c in both.columns if both[c].dtype == 'str']\n"
        "both = pd.get_dummies(both, columns=text).fillna(-1)\n"
        "X = both.iloc[:len(train)].drop(columns=['id'])\n"
        "RandomForestClassifier(n_estimators=5).fit(X, train['species'])\n"
    ),
    "classes_after_dropna_and_all_names": (
        READ + NUM + "kept = train.dropna(subset=['bill_length_mm'])\n"
        "model = LogisticRegression(max_iter=500).fit(kept[NUM], kept['species'])\n"
        "sub = pd.DataFrame(model.predict_proba(test[NUM]), columns=model.classes_)\n"
    ),
    "median_on_numbers_one_hot_on_text": (
        READ + NUM + "pre = ColumnTransformer([('num', SimpleImputer(strategy='median'), NUM),\n"
        "    ('cat', OneHotEncoder(handle_unknown='ignore'), ['island', 'sex'])])\n"
        "Pipeline([('pre', pre), ('lr', LogisticRegression(max_iter=500))]).fit(\n"
        "    train[NUM + ['island', 'sex']], train['species'])\n"
    ),
    "a_range_loop_within_the_classes": (
        READ + NUM + "model = RandomForestClassifier(n_estimators=5, random_state=0)\n"
        "model.fit(train[NUM], train['species'])\n"
        "proba = model.predict_proba(test[NUM])\n"
        "for i in range(len(model.classes_)):\n"
        "    print(proba[:, i].mean())\n"
        "for i in range(3):\n"
        "    print(proba[:, i].max())\n"
    ),
    "most_frequent_imputer_passes_text_on": (
        READ + "X = train[['island', 'sex']]\n"
        "imp = Pipeline([('imp', SimpleImputer(strategy='most_frequent')),\n"
        "    ('oh', OneHotEncoder()), ('lr', LogisticRegression())])\n"
        "imp.fit(X, train['species'])\n"
    ),
    "merge_on_one_dtype_and_its_suffixes": (
        READ + "years = pd.read_csv('./input/train.csv', dtype={'year': str})[['year', 'id']]\n"
        "both = test.astype({'year': str}).merge(years, on='year', how='left')\n"
        "print(both[['id_x', 'id_y']].shape)\n"
        "tab = pd.read_table('./input/train.csv', sep=',', dtype={'year': float})\n"
        "print(tab['year'].mean())\n"
    ),
    "to_datetime_with_the_data_s_format": (
        READ + "a = pd.read_csv('./input/train.csv', dtype={'year': str})\na['part'] = 'train'\n"
        "a['when'] = pd.to_datetime(a['year'], format='%Y')\n"
        "a['yr'] = a['when'].dt.year\n"
        "X = a.drop(columns=['species', 'island', 'sex', 'part', 'when', 'year'])\n"
        "RandomForestClassifier(n_estimators=5).fit(X, a['species'])\n"
    ),
    "a_filter_that_keeps_some_rows": (
        READ + NUM + "late = train['year'] >= 2008\nold, new = train[~late], train[late]\n"
        "model = RandomForestClassifier(n_estimators=5).fit(new[NUM], new['species'])\n"
        "print(model.predict(old[NUM]), model.predict(test[NUM]))\n"
        "means = train.groupby('island', as_index=False)['body_mass_g'].mean()\n"
        "both = train.merge(means.rename(columns={'body_mass_g': 'm'}), on='island')\n"
        "model.fit(both[NUM + ['m']], both['species'])\n"
    ),
    "combined_masks_and_engineered_numbers": (
        READ + NUM + "keep = (train['year'] > 2007) & (train['body_mass_g'] > 3000)\n"
        "sub = train[keep].copy()\nsub['ratio'] = sub['bill_length_mm'] / sub['bill_depth_mm']\n"
        "sub['label'] = 'p_' + sub['species']\n"
        "RandomForestClassifier(n_estimators=5).fit(sub[NUM + ['ratio']], sub['label'])\n"
    ),
    "a_feature_frame_built_column_by_column_of_numbers": (
        READ + "out = pd.DataFrame(index=train.index)\nout['mass'] = train['body_mass_g']\n"
        "out['ratio'] = train['bill_length_mm'] / train['bill_depth_mm']\n"
        "out['prev'] = train['body_mass_g'].shift(1).fillna(0)\n"
        "LogisticRegression(max_iter=500).fit(out, train['species'])\n"
        "X = pd.DataFrame({'mass': train['body_mass_g'], 'one': 1}, index=train.index)\n"
        "LogisticRegression(max_iter=500).fit(X, train['species'])\n"
    ),
    "comparison_methods_and_calendar_numbers_as_arrays": (
        READ + NUM + "keep = train['year'].ge(2008) & train['body_mass_g'].gt(3000)\n"
        "when = pd.to_datetime(train['year'].astype(str), format='%Y')\n"
        "train['doy'] = when.dt.day_of_year.to_numpy()\n"
        "train['ym'] = when.dt.strftime('%Y%m').astype(int)\n"
        "LogisticRegression(max_iter=500).fit(train.loc[keep, NUM + ['doy', 'ym']],"
        " train.loc[keep, 'species'])\n"
    ),
    "numbers_chosen_by_dtype_lagged_and_filled": (
        READ + "lag = train.select_dtypes('number').drop(columns=['id']).shift(1).fillna(0)\n"
        "means = train.groupby('island')['body_mass_g'].mean().sort_values()\n"
        "LogisticRegression(max_iter=500).fit(lag, train['species'])\nprint(means)\n"
    ),
    "sorted_and_sliced_numbers_only": (
        READ + NUM + "top = train.sort_values('body_mass_g').iloc[:4]\n"
        "print(top[NUM].mean(axis=1))\n"
        "LogisticRegression(max_iter=500).fit(top[NUM], top['species'])\n"
    ),
}


# Pairs of a crash and its clean look-alike that differ in one piece of text: `build(bad)`
# crashes (named by `detector`), `build(good)` runs clean.
def _row_count(offset: str) -> str:
    return (
        READ + NUM + f"train['k'] = train['body_mass_g'] / ((train[NUM] > 100).sum(1) - {offset})\n"
        "LogisticRegression().fit(train[NUM + ['k']], train['species'])\n"
    )


def _categorical_log(year: str) -> str:
    return (
        READ + "import numpy as np\n"
        "ISLANDS = ['Biscoe', 'Dream', 'Torgersen']\n"
        "d = train.assign(island=pd.Categorical(train['island'], categories=ISLANDS),\n"
        f"                 age=np.log(train['year'] - {year}))\n"
        "X = pd.get_dummies(d[['island']], dtype=float)\n"
        "X['age'] = d['age']\n"
        "LogisticRegression().fit(X, train['species'])\n"
        "print(pd.Categorical(train['sex'], categories=['male']).codes.max())\n"
    )


def _keyed_concat(test_filled: str) -> str:
    return (
        READ + "codes = {'Bis': 1, 'Tor': 2}\n"
        "for df in (train, test):\n"
        "    df['isle'] = df['island'].str.extract(r'^(\\w{3})', expand=False)\n"
        "for df in (train, test):\n"
        "    df['isle_n'] = df['isle'].map(codes)\n"
        "train['isle_n'] = train['isle_n'].fillna(0)\n"
        + test_filled
        + "cols = ['bill_length_mm', 'isle_n', 'sex']\n"
        "both = pd.concat([train[cols], test[cols]], keys=['tr', 'te'])\n"
        "both = pd.get_dummies(both, columns=['sex'], dtype=float)\n"
        "model = LogisticRegression(max_iter=500).fit(both.loc['tr'], train['species'])\n"
        "model.predict(both.loc['te'])\n"
    )


def _counts(offset: str) -> str:
    return (
        READ + "counts = pd.concat([train['island'], test['island']]).value_counts()\n"
        "train['n'] = train['island'].map(counts)\n"
        f"train['r'] = train['bill_length_mm'] / (train['n'] - {offset})\n"
        "LogisticRegression().fit(train[['r']], train['species'])\n"
    )


def _money(column: str) -> str:
    return (
        READ + "for c in ['sex', 'island']:\n"
        "    train[c] = train[c].fillna(train[c].mode()[0]).str.upper()\n"
        "train['mass'] = train['body_mass_g'].map('{:,.0f}'.format)\n"
        "print(train[['island', 'mass']].head())\n"
        f"LogisticRegression().fit(train[['year', '{column}']], train['species'])\n"
    )


def _skewed(shift: str) -> str:
    return (
        READ + NUM + "import numpy as np\n"
        "sk = train[NUM].skew()\n"
        "for c in sk[sk > -10].index:\n"
        f"    train[c] = np.log(train[c]{shift})\n"
        "LogisticRegression().fit(train[NUM], train['species'])\n"
    )


def _outliers(limit: str) -> str:
    return (
        READ + NUM + "z = (train[NUM] - train[NUM].mean()) / train[NUM].std()\n"
        f"keep = (z.abs() < {limit}).all(axis=1)\n"
        "kept = train[keep]\n"
        "LogisticRegression().fit(kept[NUM], kept['species'])\n"
    )


def _out_of_fold(shift: str) -> str:
    return (
        READ + "from sklearn.model_selection import KFold\n"
        "train['te'] = 0.0\n"
        "for a, b in KFold(3).split(train):\n"
        "    rate = train.iloc[a].groupby('island')['body_mass_g'].mean()\n"
        "    train.loc[b, 'te'] = train.loc[b, 'island'].map(rate).values\n"
        "train['te'] = train['te'].fillna(train['body_mass_g'].mean())\n"
        f"train['r'] = train['bill_length_mm'] / (train['year'] - train['year'].min(){shift})\n"
        "LogisticRegression().fit(train[['bill_length_mm', 'r']], train['species'])\n"
    )


def _clipped(options: str) -> str:
    return (
        READ + "train['sex'] = train['sex'].replace({'female': pd.NA})\n"
        "fill = train['sex'].mode().iloc[0]\n"
        "n = train['sex'].isna().sum()\n"
        "if n:\n"
        "    train['sex'] = train['sex'].fillna(fill)\n"
        "lo, hi = train.loc[:3, 'body_mass_g'].quantile([0.0, 0.5])\n"
        f"train['mass'] = pd.qcut(train['body_mass_g'].clip(lo, hi), 5{options})\n"
    )


for _crash, _valid, _build, _bad, _good, _detector in [
    ("row_count_with_the_axis_by_position_divides_by_zero", "row_count_with_the_axis_by_position",
     _row_count, "2", "1", "dtypes"),
    ("categorical_column_then_a_log_of_zero", "categorical_column_then_a_log",
     _categorical_log, "2007", "2006", "dtypes"),
    ("test_rows_of_a_keyed_concat_keep_the_nan_a_second_loop_mapped",
     "test_rows_of_a_keyed_concat_imputed_in_both_files",
     _keyed_concat, "", "test['isle_n'] = test['isle_n'].fillna(0)\n", "dtypes"),
    ("counts_over_both_files_then_divided_by_zero", "counts_over_both_files",
     _counts, "3", "4", "dtypes"),
    ("a_mode_filled_loop_then_money_formatted_as_text",
     "a_mode_filled_loop_then_money_formatted_for_a_report",
     _money, "mass", "body_mass_g", "dtypes"),
    ("skewed_columns_picked_by_a_mask_then_logged_below_zero",
     "skewed_columns_picked_by_a_mask_then_logged", _skewed, " - 40", "", "dtypes"),
    ("outlier_filter_on_absolute_z_keeps_no_row", "outlier_filter_on_absolute_z",
     _outliers, "0.1", "3", "lengths"),
    ("out_of_fold_column_filled_then_a_ratio_by_zero", "out_of_fold_column_filled_then_a_ratio",
     _out_of_fold, "", " + 1", "dtypes"),
    ("clipped_at_quantiles_of_the_first_rows_then_binned_on_repeated_edges",
     "clipped_at_quantiles_of_the_first_rows_then_binned_dropping_repeats",
     _clipped, "", ", duplicates='drop'", "computed"),
]:  # fmt: skip
    CRASHES[_crash] = (_build(_bad), _detector)
    VALID[_valid] = _build(_good)

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


def test_a_dtype_stand_in_mixes_columns_of_different_row_counts(data_dir: Path) -> None:
    """A frame of the file's columns and of values computed on more rows (a stacked frame's)
    stands in for its dtypes: one row of each column, whatever rows each holds."""
    import pandas as pd

    from mleworld.world.static import kinds
    from mleworld.world.static.syntax import check_syntax
    from mleworld.world.static.values import Frame
    from mleworld.world.static.walker import Walker

    tree, _ = check_syntax("import pandas as pd\n")
    walker = Walker(tree, "import pandas as pd\n", data_dir)
    stacked = pd.Series(["A", "B"] * 4)  # 8 rows: train's 6 and test's 2
    frame = Frame(["year", "isl", "n"], "./input/train.csv", exact=True)
    frame.kinds = {"year": kinds.FILE, "isl": kinds.Real(stacked), "n": kinds.NUM}
    assert kinds.stand_in(walker, frame, computed=True) is None  # rows not the file's
    shaped = kinds.stand_in(walker, frame, computed=True, dtypes_only=True)
    assert shaped is not None
    assert [str(t) for t in shaped.dtypes] == ["int64", "str", "float64"]
