import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, accuracy_score

t0 = time.time()
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print(train["class"].value_counts())

classes = sorted(train["class"].unique())
cls2id = {c: i for i, c in enumerate(classes)}
y = train["class"].map(cls2id).values

full = pd.concat([train.drop(columns=["class"]), test], ignore_index=True)
for c in ["protocol", "day"]:
    full[c] = full[c].astype("category")
day_num = {d: i for i, d in enumerate(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])}
full["day_num"] = full["day"].astype(str).map(day_num)
full["weekend"] = (full["day_num"] >= 5).astype(int)
full["work"] = full["compounds"] * full["iterations"]
full["log_inputs"] = np.log1p(full["input_fields"])
full["log_compounds"] = np.log1p(full["compounds"])
full["log_pending"] = np.log1p(full["num_pending"])
full["inputs_per_compound"] = full["input_fields"] / full["compounds"]
# frequency encodings
for c in ["protocol", "day", "iterations"]:
    full[f"{c}_cnt"] = full[c].map(full[c].value_counts()).astype(float)

feats = [c for c in full.columns if c != "id"]
X = full.iloc[: len(train)][feats].reset_index(drop=True)
X_te = full.iloc[len(train):][feats].reset_index(drop=True)
print("n feats", len(feats))

params = {
    "objective": "multiclass",
    "num_class": len(classes),
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.9,
    "bagging_freq": 1,
    "verbose": -1,
}

# class weights to push macro f1
freq = np.bincount(y) / len(y)
cw = {i: (1.0 / freq[i]) ** 0.5 for i in range(len(classes))}
print("class weights", {classes[i]: round(w, 2) for i, w in cw.items()})

oof = np.zeros((len(X), len(classes)))
test_pred = np.zeros((len(X_te), len(classes)))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=7)
for fold, (tr_i, va_i) in enumerate(skf.split(X, y)):
    w_tr = np.array([cw[v] for v in y[tr_i]])
    dtrain = lgb.Dataset(X.iloc[tr_i], label=y[tr_i], weight=w_tr)
    dvalid = lgb.Dataset(X.iloc[va_i], label=y[va_i])
    model = lgb.train(params, dtrain, num_boost_round=2000, valid_sets=[dtrain, dvalid],
                      valid_names=["train", "valid"], early_stopping_rounds=100, verbose_eval=200)
    oof[va_i] = model.predict(X.iloc[va_i], num_iteration=model.best_iteration)
    test_pred += model.predict(X_te, num_iteration=model.best_iteration) / skf.n_splits
    f1 = f1_score(y[va_i], oof[va_i].argmax(1), average="macro")
    print(f"fold {fold}: best_it={model.best_iteration} macroF1={f1:.4f} ({time.time() - t0:.1f}s)")

print("OOF macro F1:", round(f1_score(y, oof.argmax(1), average="macro"), 5))
print("OOF acc     :", round(accuracy_score(y, oof.argmax(1)), 5))
np.save("oof_hpc_lgb.npy", oof)

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "class": [classes[i] for i in test_pred.argmax(1)]})
sub.to_csv("submission/submission.csv", index=False)
print(sub["class"].value_counts())
