import os
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, "schools:", train["School"].nunique())
print("test :", test.shape, "schools:", test["School"].nunique())
print("overlap schools:", len(set(train["School"]) & set(test["School"])))

n_tr = len(train)
full = pd.concat([train.drop(columns=["MathAch"]), test], ignore_index=True)

full["minority"] = (full["Minority"] == "Yes").astype(int)
full["female"] = (full["Sex"] == "Female").astype(int)
full["ses_dev"] = full["SES"] - full["MEANSES"]
full["ses_sq"] = full["SES"] ** 2
full["ses_x_minority"] = full["SES"] * full["minority"]
full["ses_x_female"] = full["SES"] * full["female"]
full["meanses_x_minority"] = full["MEANSES"] * full["minority"]

# school-level aggregates (features only, so test schools get them too)
g = full.groupby("School")
full["school_n"] = g["id"].transform("count")
full["school_minority_share"] = g["minority"].transform("mean")
full["school_female_share"] = g["female"].transform("mean")
full["school_ses_mean"] = g["SES"].transform("mean")
full["school_ses_std"] = g["SES"].std().values
full["school_ses_rank"] = g["SES"].rank(pct=True)
full["school_ses_q75"] = g["SES"].transform(lambda s: s.quantile(0.75))
full["mixed_school"] = full["school_minority_share"].between(0.2, 0.8).astype(int)
print("full:", full.shape)
print(full.isnull().sum()[lambda s: s > 0])

drop_like = ("Minority", "Sex", "id", "School")
features = [c for c in full.columns if c not in drop_like]
print("features:", features)

X = full.iloc[:n_tr][features].reset_index(drop=True)
X_te = full.iloc[n_tr:][features].reset_index(drop=True)
y = train["MathAch"].values
groups = train["School"].values

gkf = GroupKFold(n_splits=5)
oof_hgb = np.zeros(n_tr)
oof_ridge = np.zeros(n_tr)
pred_hgb = np.zeros(len(X_te))
pred_ridge = np.zeros(len(X_te))
for k, (a, b) in enumerate(gkf.split(X, y, groups)):
    hgb = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.04, max_leaf_nodes=15,
                                        min_samples_leaf=40, l2_regularization=1.0, random_state=0)
    hgb.fit(X.iloc[a], y[a])
    oof_hgb[b] = hgb.predict(X.iloc[b])
    pred_hgb += hgb.predict(X_te) / 5

    rdg = Ridge(alpha=3.0)
    rdg.fit(X.iloc[a], y[a])
    oof_ridge[b] = rdg.predict(X.iloc[b])
    pred_ridge += rdg.predict(X_te) / 5
    r1 = mean_squared_error(y[b], oof_hgb[b]) ** 0.5
    r2 = mean_squared_error(y[b], oof_ridge[b]) ** 0.5
    print(f"fold {k}: hgb rmse {r1:.4f} | ridge rmse {r2:.4f}")

best_w, best_s = 0, 1e9
for w in np.linspace(0, 1, 11):
    s = mean_squared_error(y, w * oof_hgb + (1 - w) * oof_ridge) ** 0.5
    if s < best_s:
        best_w, best_s = w, s
print(f"OOF rmse hgb={mean_squared_error(y, oof_hgb)**0.5:.4f} ridge={mean_squared_error(y, oof_ridge)**0.5:.4f}")
print(f"blend w_hgb={best_w:.1f} OOF rmse={best_s:.4f}")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "MathAch": best_w * pred_hgb + (1 - best_w) * pred_ridge}) \
    .to_csv("submission/submission.csv", index=False)
print("wrote submission")
