import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy.stats import randint, uniform, loguniform
from sklearn.model_selection import StratifiedKFold, RandomizedSearchCV, cross_val_score

SEED = 42
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)

TARGET = "species"
features = [c for c in train.columns if c not in ("id", TARGET)]
cat_cols = ["island", "sex"]

def prep(df):
    out = df[features].copy()
    for c in cat_cols:
        out[c] = pd.Categorical(out[c], categories=sorted(train[c].dropna().unique()))
    out["bill_ratio"] = out["bill_length_mm"] / out["bill_depth_mm"]
    return out

X = prep(train)
y = train[TARGET]
X_test = prep(test)

cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=SEED)

# ---- baseline: the default model from the previous step
baseline = lgb.LGBMClassifier(n_estimators=200, random_state=SEED, verbose=-1, n_jobs=1)
base_scores = cross_val_score(baseline, X, y, cv=cv, scoring="neg_log_loss")
base_ll = -base_scores.mean()
print(f"baseline logloss: {base_ll:.4f} (+/- {base_scores.std():.4f})")

# ---- tuning
param_dist = {
    "n_estimators": randint(100, 400),
    "learning_rate": loguniform(0.01, 0.2),
    "num_leaves": randint(4, 32),
    "min_child_samples": randint(5, 30),
    "subsample": uniform(0.6, 0.4),
    "subsample_freq": [1],
    "colsample_bytree": uniform(0.5, 0.5),
    "reg_lambda": loguniform(1e-3, 10),
}

search = RandomizedSearchCV(
    lgb.LGBMClassifier(random_state=SEED, verbose=-1, n_jobs=1),
    param_distributions=param_dist,
    n_iter=12,
    scoring="neg_log_loss",
    cv=cv,
    random_state=SEED,
    n_jobs=1,
    refit=True,
)
search.fit(X, y)

print("best_params_:")
for k, v in search.best_params_.items():
    print(f"  {k}: {v}")
print(f"best_score_: {search.best_score_:.4f}")

res = pd.DataFrame(search.cv_results_)
cols = ["rank_test_score", "mean_test_score", "std_test_score", "param_learning_rate",
        "param_num_leaves", "param_n_estimators", "param_min_child_samples"]
print(res[cols].sort_values("rank_test_score").head(8).to_string(index=False))

tuned_ll = -search.best_score_
print(f"improvement over baseline: {base_ll:.4f} -> {tuned_ll:.4f} ({base_ll - tuned_ll:+.4f})")

best = search.best_estimator_
proba = best.predict_proba(X_test)
sub = pd.DataFrame(proba, columns=best.classes_)
sub.insert(0, "id", test["id"].values)
sub = sub[["id", "Adelie", "Chinstrap", "Gentoo"]]
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
