# Doctor visits - MultiOutputRegressor comparison, save plots and the best model
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.multioutput import MultiOutputRegressor
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.linear_model import Ridge
from sklearn.neighbors import KNeighborsRegressor
from sklearn.ensemble import HistGradientBoostingRegressor
import lightgbm as lgb

PLOT_DIR = "plots"
MODEL_DIR = "models"
os.makedirs(PLOT_DIR, exist_ok=True)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
targets = ["visits", "ovisits", "emergency", "hospital"]

# binary yes/no columns to 0/1, the rest one-hot on the combined frame
yes_no = ["afam", "married", "employed", "insurance", "medicaid"]
for c in yes_no:
    train[c] = (train[c] == "yes").astype(int)
    test[c] = (test[c] == "yes").astype(int)

full = pd.concat([train, test], keys=["tr", "te"])
full = pd.get_dummies(full, columns=["health", "adl", "region", "gender"], dtype=int)
tr = full.loc["tr"]
te = full.loc["te"]

feat = [c for c in tr.columns if c not in targets + ["id"]]
X = tr[feat].values
Y = np.log1p(tr[targets].values)
X_test = te[feat].values
print("X", X.shape, "Y", Y.shape, "X_test", X_test.shape)

X_train, X_val, Y_train, Y_val = train_test_split(X, Y, test_size=0.2, random_state=5)

candidates = {
    "ridge": MultiOutputRegressor(make_pipeline(StandardScaler(), Ridge(alpha=10))),
    "knn": MultiOutputRegressor(make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=40))),
    "hgb": MultiOutputRegressor(HistGradientBoostingRegressor(max_iter=150, learning_rate=0.05,
                                                              max_leaf_nodes=15, random_state=5)),
    "lgbm": MultiOutputRegressor(lgb.LGBMRegressor(n_estimators=200, learning_rate=0.03, num_leaves=15,
                                                   min_child_samples=30, verbose=-1, random_state=5)),
}

records = []
for name, model in candidates.items():
    model.fit(X_train, Y_train)
    P = np.clip(model.predict(X_val), 0, None)
    per_col = np.sqrt(((P - Y_val) ** 2).mean(axis=0))
    rec = {"model": name, "rmsle_mean": per_col.mean()}
    for t, v in zip(targets, per_col):
        rec[t] = v
    records.append(rec)
    print(name, np.round(per_col, 4), "mean", round(per_col.mean(), 4))

table = pd.DataFrame(records).sort_values("rmsle_mean").reset_index(drop=True)
print(table)

plt.figure(figsize=(6, 4))
plt.bar(table["model"], table["rmsle_mean"], color="teal")
plt.ylim(table["rmsle_mean"].min() * 0.95, table["rmsle_mean"].max() * 1.02)
plt.title("mean RMSLE (validation)")
plt.savefig(os.path.join(PLOT_DIR, "model_compare.png"))
plt.close()

best_name = table.loc[0, "model"]
best_model = candidates[best_name]
best_model.fit(X, Y)
joblib.dump(best_model, os.path.join(MODEL_DIR, f"best_{best_name}.joblib"))
print("saved best model:", best_name)

pred = np.expm1(np.clip(best_model.predict(X_test), 0, None))
sub = pd.DataFrame(pred, columns=targets)
sub.insert(0, "id", te["id"].values)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("Validation RMSLE: %.4f" % table.loc[0, "rmsle_mean"])
