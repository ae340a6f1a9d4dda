# %% health insurance - 3 binary labels (health, limit, insurance); one booster per label
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

LABELS = ["health", "limit", "insurance"]
SEED = 314

# %%
tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
print(tr.shape, te.shape)
print(tr[LABELS].mean())

# %% FE: freq encodings, combos, group stats
full = pd.concat([tr.drop(columns=LABELS), te], ignore_index=True)
cats = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
for c in cats:
    full[c + "_freq"] = full[c].map(full[c].value_counts(normalize=True))
full["edu_region"] = full["education"] + "|" + full["region"]
full["edu_region_freq"] = full["edu_region"].map(full["edu_region"].value_counts())
full["age_sq"] = full["age"] ** 2
full["fam_vs_region"] = full["family"] - full.groupby("region")["family"].transform("mean")
full["age_vs_edu"] = full["age"] - full.groupby("education")["age"].transform("mean")
full["married_fam"] = (full["married"] == "yes").astype(int) * full["family"]
for c in cats + ["edu_region"]:
    full[c] = full[c].astype("category")

FEATS = [c for c in full.columns if c != "id"]
X = full.iloc[:len(tr)][FEATS].reset_index(drop=True)
XT = full.iloc[len(tr):][FEATS].reset_index(drop=True)
print(X.shape, XT.shape)

# %%
params = {"objective": "binary", "metric": "auc", "learning_rate": 0.02, "num_leaves": 10,
          "min_data_in_leaf": 50, "feature_fraction": 0.7, "bagging_fraction": 0.8,
          "bagging_freq": 1, "lambda_l2": 10.0, "cat_l2": 10.0, "max_cat_to_onehot": 8,
          "verbose": -1, "seed": SEED, "num_threads": 2}

oof = np.zeros((len(X), len(LABELS)))
test_pred = np.zeros((len(XT), len(LABELS)))
for j, lab in enumerate(LABELS):
    y = tr[lab].values
    skf = StratifiedKFold(5, shuffle=True, random_state=SEED + j)
    for fold, (a, b) in enumerate(skf.split(X, y)):
        d_a = lgb.Dataset(X.iloc[a], y[a])
        d_b = lgb.Dataset(X.iloc[b], y[b], reference=d_a)
        model = lgb.train(params, d_a, 2000, valid_sets=[d_b],
                          callbacks=[lgb.early_stopping(100, verbose=False)])
        print(lab, fold, model.best_iteration)
        oof[b, j] = model.predict(X.iloc[b], num_iteration=model.best_iteration)[:, 1]
        test_pred[:, j] += model.predict(XT, num_iteration=model.best_iteration)[:, 1] / 5
    print(f"{lab}: OOF AUC {roc_auc_score(y, oof[:, j]):.4f}")

aucs = [roc_auc_score(tr[l], oof[:, i]) for i, l in enumerate(LABELS)]
print(f"Mean column AUC: {np.mean(aucs):.4f}")

# %%
sub = pd.read_csv("./input/sample_submission.csv")
sub[LABELS] = test_pred
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
