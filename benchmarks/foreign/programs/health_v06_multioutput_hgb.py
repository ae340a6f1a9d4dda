"""MEPS 1995: three binary labels (health, limit, insurance), mean column AUC.

One HGB per label through MultiOutputClassifier; categoricals as pandas categories so
HGB's from_dtype handling kicks in. Education gets an explicit order.
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold
from sklearn.multioutput import MultiOutputClassifier

TARGETS = ["health", "limit", "insurance"]
EDU_ORDER = ["none", "highschool", "other", "bachelor", "master", "phd"]
SEED = 0

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"{train.shape=} {test.shape=}")
print(train[TARGETS].mean().round(4).to_dict())

edu_seen = sorted(set(train.education) | set(test.education))
print("education values:", edu_seen)
edu_levels = [e for e in EDU_ORDER if e in edu_seen] + [e for e in edu_seen if e not in EDU_ORDER]

feature_cols = [c for c in train.columns if c not in TARGETS + ["id"]]
for df in (train, test):
    for c in feature_cols:
        if c == "education":
            df[c] = pd.Categorical(df[c], categories=edu_levels, ordered=True)
        elif pd.api.types.is_string_dtype(df[c]):
            df[c] = df[c].astype(pd.CategoricalDtype(sorted(train[c].unique())))
    df["age_sq"] = (df["age"] - 40) ** 2
    df["single_person"] = (df["family"] == 1).astype("int8")
feature_cols += ["age_sq", "single_person"]
print(train[feature_cols].dtypes.astype(str).value_counts().to_dict())

X, Y = train[feature_cols], train[TARGETS]
X_test = test[feature_cols]


def build():
    hgb = HistGradientBoostingClassifier(
        categorical_features="from_dtype",
        learning_rate=0.05, max_iter=200, max_leaf_nodes=15,
        min_samples_leaf=30, l2_regularization=1.0, random_state=SEED,
    )
    return MultiOutputClassifier(hgb)


def stack_pos(proba_list):
    # MultiOutputClassifier returns one (n, 2) array per label
    return np.column_stack([p[:, 1] for p in proba_list])


kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
oof = np.zeros(Y.shape)
for k, (tr, va) in enumerate(kf.split(X)):
    m = build().fit(X.iloc[tr], Y.iloc[tr])
    oof[va] = stack_pos(m.predict_proba(X.iloc[va]))
    per = [roc_auc_score(Y.iloc[va, j], oof[va, j]) for j in range(len(TARGETS))]
    print(f"fold {k}: " + "  ".join(f"{t}={a:.4f}" for t, a in zip(TARGETS, per)))

col_auc = {t: roc_auc_score(Y[t], oof[:, j]) for j, t in enumerate(TARGETS)}
print("OOF AUC per label:", {t: round(a, 4) for t, a in col_auc.items()})
print(f"mean column AUC (OOF): {np.mean(list(col_auc.values())):.4f}")

model = build().fit(X, Y)
P = stack_pos(model.predict_proba(X_test))
sub = pd.DataFrame(P, columns=TARGETS)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().loc[["mean", "min", "max"]].round(4))
