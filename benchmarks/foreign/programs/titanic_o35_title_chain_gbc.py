import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

TITLE_FIX = {"Mlle": "Miss", "Ms": "Miss", "Lady": "Mrs", "the Countess": "Mrs", "Dona": "Mrs", "Don": "Mr"}


def split_name(df):
    parts = df.name.str.extract(r"^(?P<surname>[^,]+),\s*(?P<title>[^.]+)\.")
    return df.join(parts)


def clean_titles(df):
    return df.assign(title=lambda d: d.title.str.strip().replace(TITLE_FIX))


def fill_age(df, ref):
    medians = ref.groupby("title").age.median()
    return df.assign(
        age_missing=lambda d: d.age.isna().astype(int),
        age=lambda d: d.age.fillna(d.title.map(medians)).fillna(ref.age.median()),
    )


def more(df):
    return df.assign(
        pclass_n=lambda d: d.pclass.str[0].astype(int),
        child=lambda d: d.age.lt(14).astype(int),
        name_len=lambda d: d.name.str.len(),
        married_woman=lambda d: d.name.str.contains(r"\(", regex=True).astype(int),
    )


raw_train = pd.read_csv("input/train.csv").pipe(split_name).pipe(clean_titles)
raw_test = pd.read_csv("input/test.csv").pipe(split_name).pipe(clean_titles)

(
    raw_train.groupby("title")
    .agg(n=("survived", "size"), survival=("survived", "mean"), median_age=("age", "median"))
    .sort_values("n", ascending=False)
    .round(2)
    .pipe(print)
)

train = raw_train.pipe(fill_age, raw_train).pipe(more)
test = raw_test.pipe(fill_age, raw_train).pipe(more)

CAT = ["sex", "title", "pclass"]
NUM = ["age", "age_missing", "pclass_n", "child", "name_len", "married_woman"]

clf = Pipeline([
    ("prep", ColumnTransformer([("oh", OneHotEncoder(sparse_output=False), CAT)], remainder="passthrough")),
    ("gb", GradientBoostingClassifier(n_estimators=200, max_depth=3, learning_rate=0.05,
                                      subsample=0.8, random_state=0)),
])

scores = cross_val_score(clf, train[CAT + NUM], train.survived,
                         cv=StratifiedKFold(5, shuffle=True, random_state=3), scoring="roc_auc")
print("AUC per fold:", scores.round(4))
print(f"mean CV AUC: {np.mean(scores):.4f}")

clf.fit(train[CAT + NUM], train.survived)
(
    test.assign(survived=clf.predict_proba(test[CAT + NUM])[:, 1])
    .loc[:, ["id", "survived"]]
    .to_csv("submission/submission.csv", index=False)
)
print("ok")
