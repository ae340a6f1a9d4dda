import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import log_loss

t0 = time.time()
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = train["Status"].values
print("train", train.shape, "test", test.shape, "bad rate %.4f" % y.mean())

cats = ["Home", "Marital", "Records", "Job"]
nums = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]

df = pd.concat([train.drop(columns="Status"), test], ignore_index=True)
df["loan_to_price"] = df["Amount"] / df["Price"]
df["net_assets"] = df["Assets"] - df["Debt"]
df["inc_minus_exp"] = df["Income"] - df["Expenses"]
df["amount_per_month"] = df["Amount"] / df["Time"]
df["inc_ratio"] = df["amount_per_month"] / df["Income"]
df["age_start_job"] = df["Age"] - df["Seniority"]
extra = ["loan_to_price", "net_assets", "inc_minus_exp", "amount_per_month", "inc_ratio", "age_start_job"]

df = pd.get_dummies(df, columns=cats, dtype=float)
feats = [c for c in df.columns if c != "id"]
print(len(feats), "features")
X = df.iloc[: len(train)][feats].reset_index(drop=True)
X_test = df.iloc[len(train):][feats].reset_index(drop=True)

models = {
    "lgb": lgb.LGBMClassifier(n_estimators=1500, learning_rate=0.02, num_leaves=15,
                              min_child_samples=30, subsample=0.8, subsample_freq=1,
                              colsample_bytree=0.7, reg_lambda=2.0, verbose=-1, random_state=0),
    "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=5, max_features=0.4,
                                 n_jobs=2, random_state=0),
    "lr": make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=3000)),
}

N_FOLDS = 5
skf = StratifiedKFold(N_FOLDS, shuffle=True, random_state=2024)
folds = list(skf.split(X, y))
oof = {name: np.zeros(len(X)) for name in models}
sub_preds = {name: np.zeros(len(X_test)) for name in models}

for name, model in models.items():
    t1 = time.time()
    for k, (tr, va) in enumerate(folds):
        if name == "lgb":
            model.fit(X.iloc[tr], y[tr], eval_set=[(X.iloc[va], y[va])], eval_metric="binary_logloss",
                      callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
        else:
            model.fit(X.iloc[tr], y[tr])
        oof[name][va] = model.predict_proba(X.iloc[va])[:, 1]
        sub_preds[name] += model.predict_proba(X_test)[:, 1] / N_FOLDS
        print(f"  {name} fold {k}: {log_loss(y[va], oof[name][va]):.5f}")
    print(f"{name:>4s} OOF logloss {log_loss(y, oof[name]):.5f}  ({time.time() - t1:.1f}s)")
    np.save(f"oof_{name}.npy", oof[name])

# weighted average, weights by inverse oof loss
losses = {n: log_loss(y, oof[n]) for n in models}
w = {n: 1.0 / losses[n] for n in models}
tot = sum(w.values())
w = {n: v / tot for n, v in w.items()}
print("weights:", {n: round(v, 3) for n, v in w.items()})
blend_oof = sum(w[n] * oof[n] for n in models)
print(f"blend OOF logloss {log_loss(y, blend_oof):.5f}")

blend_test = sum(w[n] * sub_preds[n] for n in models)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "Status": np.clip(blend_test, 0.005, 0.995)}).to_csv(
    "submission/submission.csv", index=False)
print(f"total {time.time() - t0:.1f}s")
