import os
import numpy as np
import pandas as pd
from scipy.stats import randint, loguniform, uniform
from sklearn.model_selection import StratifiedKFold, RandomizedSearchCV, cross_val_score
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline

SEED = 11
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = train.pop("Status")
test_ids = test["id"].values
train = train.drop(columns="id")
test = test.drop(columns="id")

cat_cols = ["Home", "Marital", "Records", "Job"]
num_cols = [c for c in train.columns if c not in cat_cols]
for d in (train, test):
    d["loan_to_price"] = d["Amount"] / d["Price"]
    d["income_per_expense"] = d["Income"] / d["Expenses"]
num_cols += ["loan_to_price", "income_per_expense"]
print("numeric:", num_cols)
print("missing per column:\n", train.isna().sum()[train.isna().sum() > 0])

skf = StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED)

# HGB needs categorical codes
train_hgb = train.copy()
test_hgb = test.copy()
for c in cat_cols:
    cats = sorted(train[c].dropna().unique())
    train_hgb[c] = pd.Categorical(train[c], categories=cats)
    test_hgb[c] = pd.Categorical(test[c], categories=cats)

baseline = HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=SEED)
base_ll = -cross_val_score(baseline, train_hgb, y, cv=skf, scoring="neg_log_loss").mean()
print(f"baseline HGB logloss: {base_ll:.4f}")

searches = {}

hgb_space = {
    "learning_rate": loguniform(0.02, 0.2),
    "max_leaf_nodes": randint(6, 40),
    "min_samples_leaf": randint(10, 80),
    "l2_regularization": loguniform(1e-3, 3),
    "max_iter": randint(60, 180),
}
s_hgb = RandomizedSearchCV(HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=SEED),
                           hgb_space, n_iter=6, cv=skf, scoring="neg_log_loss", random_state=SEED, n_jobs=1)
s_hgb.fit(train_hgb, y)
searches["hgb"] = s_hgb
print(f"[hgb] best {-s_hgb.best_score_:.4f} with {s_hgb.best_params_}")

pre = ColumnTransformer([
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
    ("num", StandardScaler(), num_cols),
])
lr_pipe = Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=2000))])
lr_space = {
    "clf__C": loguniform(1e-3, 1e2),
    "clf__class_weight": [None, "balanced"],
}
s_lr = RandomizedSearchCV(lr_pipe, lr_space, n_iter=8, cv=skf, scoring="neg_log_loss",
                          random_state=SEED, n_jobs=1)
s_lr.fit(train, y)
searches["logreg"] = s_lr
print(f"[logreg] best {-s_lr.best_score_:.4f} with {s_lr.best_params_}")

summary = pd.DataFrame(
    [(name, -s.best_score_, s.best_params_) for name, s in searches.items()],
    columns=["model", "cv_logloss", "params"],
).sort_values("cv_logloss")
print(summary.to_string(index=False))

winner = summary.iloc[0]["model"]
best_model = searches[winner].best_estimator_
X_test = test_hgb if winner == "hgb" else test
print(f"winner: {winner}; improvement over baseline: {base_ll - summary.iloc[0]['cv_logloss']:+.4f}")

p = best_model.predict_proba(X_test)[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test_ids, "Status": p}).to_csv("submission/submission.csv", index=False)
print("submission saved:", p.shape)
