import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import log_loss, accuracy_score

TARGET = "species"
SEEDS = [0, 1, 2, 3]
NF = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
CLASSES = [c for c in sub.columns if c != "id"]
y = train[TARGET].map({c: i for i, c in enumerate(CLASSES)}).values
print(train.shape, test.shape, dict(zip(CLASSES, np.bincount(y))))

NUMS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]


def fill_missing(df):
    df["sex"] = df["sex"].fillna("unknown")
    for c in NUMS:
        df[c] = df[c].fillna(df.groupby(["island", "sex"])[c].transform("median"))
        df[c] = df[c].fillna(df[c].median())
    return df


def add_features(df):
    df["bill_ratio"] = df["bill_length_mm"] / df["bill_depth_mm"]
    df["bill_area"] = df["bill_length_mm"] * df["bill_depth_mm"]
    df["mass_per_flipper"] = df["body_mass_g"] / df["flipper_length_mm"]
    df["flipper_bill"] = df["flipper_length_mm"] / df["bill_length_mm"]
    for c in ["bill_length_mm", "bill_depth_mm", "body_mass_g"]:
        df[f"{c}_dev_island_sex"] = df[c] - df.groupby(["island", "sex"])[c].transform("mean")
    df["island_cnt"] = df.groupby("island")["island"].transform("count")
    df["is_male"] = (df["sex"] == "male").astype(int)
    return pd.get_dummies(df, columns=["island"], dtype=float).drop(columns=["sex"])


full = pd.concat([train.drop(columns=[TARGET]), test], ignore_index=True)
full = add_features(fill_missing(full))
X = full.iloc[:len(train)].reset_index(drop=True)
X_test = full.iloc[len(train):].reset_index(drop=True)
feats = [c for c in X.columns if c not in ("id", "year")]
print("feats:", len(feats))

lgb_params = {
    "objective": "multiclass",
    "num_class": 3,
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 7,
    "min_data_in_leaf": 5,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 2,
}

oof_lgb = np.zeros((len(X), 3))
oof_lr = np.zeros((len(X), 3))
pred_lgb = np.zeros((len(X_test), 3))
pred_lr = np.zeros((len(X_test), 3))

for seed in SEEDS:
    lgb_params["seed"] = seed
    skf = StratifiedKFold(NF, shuffle=True, random_state=seed)
    for fold, (tr, va) in enumerate(skf.split(X, y)):
        Xtr, Xva = X.loc[tr, feats], X.loc[va, feats]
        dtr = lgb.Dataset(Xtr, y[tr])
        dva = lgb.Dataset(Xva, y[va], reference=dtr)
        bst = lgb.train(lgb_params, dtr, 1000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(0)])
        p_lgb = bst.predict(Xva, num_iteration=bst.best_iteration)
        oof_lgb[va] += p_lgb / len(SEEDS)
        pred_lgb += bst.predict(X_test[feats], num_iteration=bst.best_iteration) / (NF * len(SEEDS))

        lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=2000))
        lr.fit(Xtr, y[tr])
        p_lr = lr.predict_proba(Xva)
        oof_lr[va] += p_lr / len(SEEDS)
        pred_lr += lr.predict_proba(X_test[feats]) / (NF * len(SEEDS))
        print(f"seed {seed} fold {fold} | lgb {log_loss(y[va], p_lgb, labels=[0, 1, 2]):.4f} "
              f"(it {bst.best_iteration}) | lr {log_loss(y[va], p_lr, labels=[0, 1, 2]):.4f}")

print(f"OOF logloss lgb: {log_loss(y, oof_lgb):.5f}  lr: {log_loss(y, oof_lr):.5f}")

best_w, best_s = 0.0, 9e9
for w in np.linspace(0, 1, 21):
    s = log_loss(y, w * oof_lgb + (1 - w) * oof_lr)
    if s < best_s:
        best_w, best_s = w, s
print(f"blend weight lgb={best_w:.2f}")
print(f"OOF acc: {accuracy_score(y, (best_w * oof_lgb + (1 - best_w) * oof_lr).argmax(1)):.4f}")
print(f"CV logloss (blend): {best_s:.5f}")

final = best_w * pred_lgb + (1 - best_w) * pred_lr
final = np.clip(final, 1e-6, 1)
final = final / final.sum(axis=1, keepdims=True)
sub[CLASSES] = final
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
