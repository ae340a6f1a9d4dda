import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, log_loss
from sklearn.model_selection import train_test_split
from tqdm import tqdm

SEEDS = [1, 2, 3]

df = pd.read_csv("input/train.csv")
df_test = pd.read_csv("input/test.csv")
features = [c for c in df.columns if c not in ("id", "digit")]

# a few cheap global image features on top of the raw pixels
def image_stats(frame):
    img = frame[features].to_numpy().reshape(-1, 8, 8)
    out = pd.DataFrame(index=frame.index)
    out["ink_total"] = img.sum(axis=(1, 2))
    out["ink_top"] = img[:, :4, :].sum(axis=(1, 2)) / (out["ink_total"] + 1)
    out["ink_left"] = img[:, :, :4].sum(axis=(1, 2)) / (out["ink_total"] + 1)
    out["nonzero"] = (img > 0).sum(axis=(1, 2))
    out["center_ink"] = img[:, 2:6, 2:6].sum(axis=(1, 2))
    return pd.concat([frame[features], out], axis=1)


X = image_stats(df)
X_test = image_stats(df_test)
y = df["digit"].values
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0, stratify=y)

base_params = {
    "objective": "multiclass",
    "num_class": 10,
    "metric": ["multi_logloss", "multi_error"],
    "learning_rate": 0.15,
    "num_leaves": 15,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.5,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "num_threads": 1,
    "verbose": -1,
}

va_proba = np.zeros((len(X_va), 10))
test_proba = np.zeros((len(X_test), 10))
rounds = []
for seed in tqdm(SEEDS, desc="seeds"):
    params = dict(base_params, seed=seed)
    history = {}
    dtr = lgb.Dataset(X_tr, y_tr)
    dva = lgb.Dataset(X_va, y_va, reference=dtr)
    bst = lgb.train(
        params, dtr, num_boost_round=300,
        valid_sets=[dva], valid_names=["val"],
        callbacks=[lgb.early_stopping(20, first_metric_only=True, verbose=False),
                   lgb.record_evaluation(history)],
    )
    rounds.append(bst.best_iteration)
    p = bst.predict(X_va, num_iteration=bst.best_iteration)
    va_proba += p / len(SEEDS)
    tqdm.write(f"seed {seed}: best_iter={bst.best_iteration} "
               f"val_err={history['val']['multi_error'][bst.best_iteration - 1]:.4f} "
               f"acc={accuracy_score(y_va, p.argmax(1)):.4f}")

print(f"Validation logloss: {log_loss(y_va, va_proba):.4f}")
print(f"Validation accuracy: {accuracy_score(y_va, va_proba.argmax(1)):.4f}")

n_full = int(np.mean(rounds) * 1.15)
dfull = lgb.Dataset(X, y)
for seed in tqdm(SEEDS, desc="refit"):
    bst = lgb.train(dict(base_params, seed=seed), dfull, num_boost_round=n_full)
    test_proba += bst.predict(X_test) / len(SEEDS)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": df_test["id"], "digit": test_proba.argmax(1)}).to_csv("submission/submission.csv", index=False)
print("refit rounds:", n_full)
