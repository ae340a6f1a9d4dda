import numpy as np
import pandas as pd

from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

SEED = 42
np.random.seed(SEED)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")

print("train:", train.shape, " test:", test.shape)
print(train["species"].value_counts())
print()
print("missing values per column (train):")
print(train.isnull().sum()[train.isnull().sum() > 0])

TARGET = "species"
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
cat_cols = ["island", "sex"]


def add_features(df):
    df = df.copy()
    df["bill_ratio"] = df["bill_length_mm"] / df["bill_depth_mm"]
    df["mass_per_flipper"] = df["body_mass_g"] / df["flipper_length_mm"]
    return df


train = add_features(train)
test = add_features(test)
num_cols = num_cols + ["bill_ratio", "mass_per_flipper"]

X = train[num_cols + cat_cols]
y = train[TARGET]
X_test = test[num_cols + cat_cols]

preproc = ColumnTransformer([
    ("num", Pipeline([
        ("imp", SimpleImputer(strategy="median")),
        ("sc", StandardScaler()),
    ]), num_cols),
    ("cat", Pipeline([
        ("imp", SimpleImputer(strategy="most_frequent")),
        ("ohe", OneHotEncoder(handle_unknown="ignore")),
    ]), cat_cols),
])


def make_model(C):
    return Pipeline([
        ("prep", preproc),
        ("clf", LogisticRegression(C=C, max_iter=2000)),
    ])


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

best_C, best_score = None, np.inf
for C in [0.1, 0.3, 1.0, 3.0, 10.0]:
    oof = np.zeros((len(X), y.nunique()))
    for tr_idx, va_idx in skf.split(X, y):
        m = make_model(C)
        m.fit(X.iloc[tr_idx], y.iloc[tr_idx])
        oof[va_idx] = m.predict_proba(X.iloc[va_idx])
    classes = sorted(y.unique())
    score = log_loss(y, oof, labels=classes)
    print("C=%-5s  CV logloss = %.5f" % (C, score))
    if score < best_score:
        best_C, best_score = C, score

print()
print("best C = %s, CV log loss = %.5f" % (best_C, best_score))

final = make_model(best_C)
final.fit(X, y)
proba = final.predict_proba(X_test)

sub = pd.DataFrame(proba, columns=final.classes_)
sub.insert(0, "id", test["id"].values)
sub = sub[sample.columns]
sub.to_csv("submission/submission.csv", index=False)
print("wrote submission:", sub.shape)
print(sub.head())
