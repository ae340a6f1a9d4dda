# Doctor visits (NMES1988) - one model per target, pick the best per target
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import train_test_split
from sklearn.linear_model import Ridge
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_squared_error
import lightgbm as lgb

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train:", train.shape, " test:", test.shape)

targets = ["visits", "ovisits", "emergency", "hospital"]
cat_cols = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]

# label encode every categorical column (fit on train+test so no unseen labels)
encoders = {}
for col in cat_cols:
    le = LabelEncoder()
    le.fit(pd.concat([train[col], test[col]]).astype(str))
    train[col] = le.transform(train[col].astype(str))
    test[col] = le.transform(test[col].astype(str))
    encoders[col] = le
    print(col, "->", list(le.classes_))

features = [c for c in train.columns if c not in targets + ["id"]]
X = train[features]
X_test = test[features]

# targets are counts, model log1p of them
Y = np.log1p(train[targets])

X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.2, random_state=3)


def get_models():
    return {
        "ridge": Ridge(alpha=5.0),
        "rf": RandomForestRegressor(n_estimators=150, min_samples_leaf=20, max_features=0.5,
                                    random_state=3, n_jobs=2),
        "lgbm": lgb.LGBMRegressor(n_estimators=250, learning_rate=0.03, num_leaves=15,
                                  min_child_samples=30, subsample=0.8, subsample_freq=1,
                                  colsample_bytree=0.8, verbose=-1, random_state=3),
    }


results = []
best_per_target = {}
for t in targets:
    best_score, best_name = 1e9, None
    for name, model in get_models().items():
        model.fit(X_tr, Y_tr[t])
        p = np.clip(model.predict(X_va), 0, None)
        score = np.sqrt(mean_squared_error(Y_va[t], p))  # rmse in log space = rmsle
        results.append({"target": t, "model": name, "rmsle": score})
        if score < best_score:
            best_score, best_name = score, name
    best_per_target[t] = (best_name, best_score)
    print(f"{t}: best = {best_name} ({best_score:.4f})")

res_df = pd.DataFrame(results)
print(res_df.pivot(index="model", columns="target", values="rmsle"))

os.makedirs("figs", exist_ok=True)
res_df.pivot(index="model", columns="target", values="rmsle").plot(kind="bar", figsize=(8, 4))
plt.ylabel("RMSLE")
plt.tight_layout()
plt.savefig("figs/rmsle_by_model.png")
plt.close()

# refit best model for every target on the whole training set
sub = pd.DataFrame({"id": test["id"]})
final_models = {}
for t in targets:
    name = best_per_target[t][0]
    m = get_models()[name]
    m.fit(X, Y[t])
    final_models[t] = m
    sub[t] = np.expm1(np.clip(m.predict(X_test), 0, None))

joblib.dump(final_models, "figs/final_models.pkl")
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe())
mean_rmsle = np.mean([v[1] for v in best_per_target.values()])
print(f"Validation RMSLE: {mean_rmsle:.4f}")
