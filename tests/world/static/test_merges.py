"""Merges of frames whose values analysis does not hold (world/static/merges.py).

A key's dtype is known where the values are not: the file's column, a column made text,
a text column a merge brought in. Keys of a text and a number dtype fail as pandas says,
through `merge`, `pd.merge`, keys named by a list or left implicit. The merged frame keeps
its columns (a suffix on names both sides have, `indicator`'s `_merge`) and what is known
of their dtypes, so a later merge or a column read is judged. `.str[2:4]` slices text
known to the walk, and printing a frame (`to_string`) leaves what is known of it. A
column `pd.to_datetime` made (of values the walk does not hold) is a date key; columns
renamed by chained `df.columns.str` methods keep the file's dtypes; of several keys, the
first pair pandas cannot join decides though a later key's dtype is unknown.
Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "def grams(v):\n"
    "    return v / 1000.0\n"
    # rows kept by a mask the walk cannot compute: the values are lost, the dtypes are not
    "train = train[train['body_mass_g'].map(grams) > 1.0]\n"
)
ZONES = (
    "zones = pd.DataFrame({'island': ['Biscoe', 'Dream', 'Torgersen'], 'zone': ['a', 'b', 'c']})\n"
)
TEXT_YEARS = "eras = pd.DataFrame({'year': ['2007', '2008', '2009'], 'era': [1, 2, 3]})\n"

CRASHES: dict[str, tuple[str, str]] = {
    "file_number_key_against_text": (
        READ + TEXT_YEARS + "both = train.merge(eras, on='year', how='left')\n",
        "computed",
    ),
    "pd_merge_file_number_key_against_text": (
        READ + TEXT_YEARS + "both = pd.merge(train, eras, on='year')\n",
        "computed",
    ),
    "implicit_key_of_two_dtypes": (READ + TEXT_YEARS + "both = train.merge(eras)\n", "computed"),
    "left_on_right_on_of_two_dtypes": (
        READ + "eras = pd.DataFrame({'when': ['2007', '2008'], 'era': [1, 2]})\n"
        "both = train.merge(eras, left_on='year', right_on='when', how='left')\n",
        "computed",
    ),
    "text_key_a_merge_brought_in_then_numbers_on_a_list_of_keys": (
        READ + ZONES + "both = train.merge(zones, on='island', how='left')\n"
        "per = pd.DataFrame({'zone': [1, 2, 3], 'year': [2007, 2008, 2009], 'k': [0.1, 0.2, 0.3]})\n"
        "full = both.merge(per, on=['year', 'zone'], how='left')\n",
        "computed",
    ),
    "a_name_both_sides_have_is_suffixed": (
        READ + "both = train.merge(test, on='id', how='left')\nprint(both['island'].head())\n",
        "columns",
    ),
    "sliced_text_key_against_numbers": (
        "import pandas as pd\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "train['yy'] = train['year'].astype(str).str[2:4]\n"
        "codes = pd.DataFrame({'yy': [7, 8, 9], 'code': ['x', 'y', 'z']})\n"
        "both = train.merge(codes, on='yy', how='left')\n",
        "computed",
    ),
    "printed_table_still_known": (
        "import pandas as pd\n"
        "train = pd.read_csv('./input/train.csv')\n"
        + TEXT_YEARS
        + "print(eras.to_string(index=False))\n"
        "both = train.merge(eras, on='year', how='left')\n",
        "computed",
    ),
    "a_parsed_date_key_against_the_text_of_a_renamed_file": (
        READ + "both = pd.concat([train, test], ignore_index=True)\n"
        "both['day'] = pd.to_datetime(both['year'].astype(str))\n"
        "days = pd.read_csv('./input/train.csv')\n"
        "days.columns = days.columns.str.strip().str.replace('island', 'day')\n"
        "full = both.merge(days[['day', 'sex']], on='day', how='left')\n",
        "computed",
    ),
    "renamed_file_columns_keep_their_numbers": (
        READ + "other = pd.read_csv('./input/test.csv')\n"
        "other.columns = other.columns.str.strip().str.upper()\n"
        "codes = pd.DataFrame({'YEAR': ['2007', '2008'], 'k': [1, 2]})\n"
        "full = other.merge(codes, on='YEAR', how='left')\n",
        "computed",
    ),
    "the_first_key_decides_though_the_second_is_unknown": (
        READ + "both = pd.concat([train, test], ignore_index=True)\n"
        "both['day'] = pd.to_datetime(both['year'].astype(str))\n"
        "both['zone'] = both['island'].sample(frac=1.0, random_state=0).to_numpy()\n"
        "days = pd.DataFrame({'day': ['2007-01-01'], 'zone': ['a'], 'k': [1]})\n"
        "full = both.merge(days, on=['day', 'zone'], how='left')\n",
        "computed",
    ),
}

VALID = {
    "keys_of_one_dtype_then_the_new_column_read": (
        READ + ZONES + "both = train.merge(zones, on='island', how='left')\n"
        "print(both[['bill_length_mm', 'zone']].head())\n"
    ),
    "suffixed_names_read": (
        READ + "both = train.merge(test, on='id', how='left')\n"
        "print(both['island_x'].head(), both['island_y'].head())\n"
    ),
    "own_suffixes_read": (
        READ + "both = pd.merge(train, test, on='id', suffixes=('', '_test'))\n"
        "print(both['island'].head(), both['island_test'].head())\n"
    ),
    "both_keys_kept_and_the_indicator": (
        READ + "eras = pd.DataFrame({'when': [2007, 2008], 'era': [1, 2]})\n"
        "both = train.merge(eras, left_on='year', right_on='when', how='outer', indicator=True)\n"
        "print(both[['year', 'when', '_merge']].head())\n"
    ),
    "number_keys_through_two_merges": (
        READ + ZONES + "both = train.merge(zones, on='island', how='left')\n"
        "per = pd.DataFrame({'zone': ['a', 'b'], 'year': [2007, 2008], 'k': [0.1, 0.2]})\n"
        "full = both.merge(per, on=['zone', 'year'], how='left')\n"
        "print(full['k'].fillna(0).sum())\n"
    ),
    "sliced_text_key_against_text": (
        "import pandas as pd\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "train['yy'] = train['year'].astype(str).str[2:4]\n"
        "codes = pd.DataFrame({'yy': ['07', '08'], 'code': ['x', 'y']})\n"
        "print(train.merge(codes, on='yy', how='left')['code'].tolist())\n"
    ),
    "parsed_date_keys_on_both_sides": (
        READ + "both = pd.concat([train, test], ignore_index=True)\n"
        "both['day'] = pd.to_datetime(both['year'].astype(str))\n"
        "days = pd.read_csv('./input/train.csv')\n"
        "days.columns = days.columns.str.strip().str.lower()\n"
        "days['day'] = pd.to_datetime(days['year'].astype(str))\n"
        "days = days.drop_duplicates('day')[['day', 'island']]\n"
        "print(both.merge(days, on='day', how='left').shape)\n"
    ),
    "a_later_key_unknown_and_the_first_joins": (
        READ + "both = pd.concat([train, test], ignore_index=True)\n"
        "both['day'] = pd.to_datetime(both['year'].astype(str))\n"
        "both['zone'] = both['island'].str.lower()\n"
        "days = pd.DataFrame({'day': pd.to_datetime(['2007-01-01']), 'zone': ['dream'], 'k': [1]})\n"
        "print(both.merge(days, on=['day', 'zone'], how='left')['k'].sum())\n"
    ),
    "joined_columns_read": (
        READ + "extra = pd.DataFrame({'w': [1.0] * len(train)}, index=train.index)\n"
        "both = train.join(extra)\nprint(both['w'].sum())\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
