import re
import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.model_selection import StratifiedKFold, GridSearchCV
from sklearn.metrics import make_scorer, roc_auc_score, log_loss, accuracy_score, f1_score

SEED = 13
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print("=== raw data ===")
print("train", train.shape, "test", test.shape)
print("missing:\n", train.isna().sum().to_string(), sep="")
print("target share:", train["score"].value_counts(normalize=True).round(3).to_dict())
lens = train["review"].fillna("").str.len()
print("review length:", lens.describe(percentiles=[0.01, 0.5, 0.99]).round(0).to_dict())
n_dup = train["review"].duplicated().sum()
print("duplicate review texts in train:", n_dup)
if n_dup:
    conflict = train[train["review"].duplicated(keep=False)].groupby("review")["score"].nunique()
    print("   duplicated texts with conflicting labels:", int((conflict > 1).sum()))

assert train["score"].isin([0, 1]).all()
assert train["id"].is_unique and test["id"].is_unique

HTML = re.compile(r"<[^>]+>")
URL = re.compile(r"https?://\S+|www\.\S+")
REPEAT = re.compile(r"(.)\1{3,}")


def clean_text(s):
    s = s.fillna("").astype(str)
    s = s.str.replace(HTML, " ", regex=True)
    s = s.str.replace(URL, " URL ", regex=True)
    s = s.str.replace(r"&[a-z]+;", " ", regex=True)
    s = s.str.replace(REPEAT, r"\1\1", regex=True)
    s = s.str.replace(r"!{2,}", " !! ", regex=True)
    s = s.str.lower()
    s = s.str.replace(r"[^a-z0-9!?'$ ]+", " ", regex=True)
    s = s.str.replace(r"\s+", " ", regex=True).str.strip()
    return s


train["clean"] = clean_text(train["review"])
test["clean"] = clean_text(test["review"])
print("\n=== after cleaning ===")
print("empty after cleaning:", int((train["clean"] == "").sum()), "/", int((test["clean"] == "").sum()))
print("html tags removed in", int(train["review"].str.contains(HTML, regex=True).sum()), "train reviews")
for i in range(2):
    print(f"  [{train['score'].iloc[i]}] {train['clean'].iloc[i][:120]}")

# extra dense-ish signals appended as tokens
def add_meta_tokens(s, raw):
    excl = raw.str.count("!").clip(upper=5)
    caps = raw.str.count(r"\b[A-Z]{3,}\b").clip(upper=5)
    length_bin = pd.cut(raw.str.len(), bins=[0, 150, 300, 600, 1200, 100000], labels=False, include_lowest=True)
    return s + " __excl" + excl.astype(str) + " __caps" + caps.astype(str) + " __len" + length_bin.astype(str)


X_text = add_meta_tokens(train["clean"], train["review"].fillna(""))
X_text_test = add_meta_tokens(test["clean"], test["review"].fillna(""))
y = train["score"].values

pipe = Pipeline([
    ("tfidf", TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True,
                              token_pattern=r"(?u)\b\w[\w']*\b|!!|\?")),
    ("clf", LogisticRegression(max_iter=3000, solver="liblinear")),
])

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

print("\n=== tuning C / class_weight on roc_auc ===")
inner = StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED)
grid = GridSearchCV(pipe, {"clf__C": [2.0, 6.0], "clf__class_weight": [None, "balanced"]},
                    scoring="roc_auc", cv=inner, n_jobs=1)
grid.fit(X_text, y)
gres = pd.DataFrame(grid.cv_results_)[["param_clf__C", "param_clf__class_weight", "mean_test_score", "std_test_score"]]
print(gres.sort_values("mean_test_score", ascending=False).round(4).to_string(index=False))
print("best:", grid.best_params_, round(grid.best_score_, 4))

scorers = {
    "auc": make_scorer(roc_auc_score, needs_proba=True),
    "logloss": make_scorer(log_loss, needs_proba=True, greater_is_better=False),
    "acc": make_scorer(accuracy_score),
    "f1": make_scorer(f1_score),
}

print("\n=== fold report with best params ===")
best_pipe = grid.best_estimator_
oof = np.zeros(len(y))
fold_rows = []
for k, (a, b) in enumerate(skf.split(X_text, y), 1):
    best_pipe.fit(X_text.iloc[a], y[a])
    oof[b] = best_pipe.predict_proba(X_text.iloc[b])[:, 1]
    row = {"fold": k}
    for name, sc in scorers.items():
        row[name] = sc(best_pipe, X_text.iloc[b], y[b])
    row["logloss"] = -row["logloss"]
    fold_rows.append(row)
    print("  fold {fold}: auc={auc:.4f} logloss={logloss:.4f} acc={acc:.4f} f1={f1:.4f}".format(**row))

rep = pd.DataFrame(fold_rows).set_index("fold")
rep.loc["mean"] = rep.mean()
rep.loc["std"] = rep.iloc[:-1].std()
print(rep.round(4).to_string())
oof_auc = roc_auc_score(y, oof)

best_pipe.fit(X_text, y)
pred = best_pipe.predict_proba(X_text_test)[:, 1]
sub = pd.DataFrame({"id": test["id"], "score": pred})
sub.to_csv("submission/submission.csv", index=False)
print(f"submission: {sub.shape}, mean p={pred.mean():.3f}")
print(f"OOF ROC-AUC: {oof_auc:.4f}")
