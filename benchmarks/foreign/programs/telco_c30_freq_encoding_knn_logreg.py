import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler

np.random.seed(0)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

print(train.shape, test.shape)
print("missing in train:", train.isna().sum()[lambda s: s > 0].to_dict())
med_tc = train["total_charges"].median()
train["total_charges"] = train["total_charges"].fillna(med_tc)

CATS = ["multiple_lines", "internet_service", "online_security", "online_backup",
        "device_protection", "tech_support", "streaming_tv", "streaming_movies",
        "contract", "payment_method"]


def frequency_encode(tr, te, cols):
    for c in cols:
        freq = tr[c].value_counts(normalize=True).rename(f"{c}_freq").reset_index()
        tr = tr.merge(freq, on=c, how="left")
        te = te.merge(freq, on=c, how="left")
    return tr, te


def target_encode(tr, te, cols, target, k=20):
    prior = tr[target].mean()
    for c in cols:
        stats = tr.groupby(c)[target].agg(["mean", "count"])
        smooth = (stats["mean"] * stats["count"] + prior * k) / (stats["count"] + k)
        tr[f"{c}_te"] = tr[c].map(smooth)
        te[f"{c}_te"] = te[c].map(smooth).fillna(prior)
    return tr, te


train, test = frequency_encode(train, test, CATS)
train, test = target_encode(train, test, CATS, "churn")

train["avg_charge"] = train["total_charges"] / (train["tenure"] + 1)
test["avg_charge"] = test["total_charges"] / (test["tenure"] + 1)
train["contract_x_tenure"] = train["contract_te"] * train["tenure"]
test["contract_x_tenure"] = test["contract_te"] * test["tenure"]

features = [c for c in train.columns if c not in CATS + ["id", "churn"]]
print(f"{len(features)} numeric features")

X = train[features].to_numpy(float)
y = train["churn"].to_numpy()
X_te = test[features].to_numpy(float)

oof = {"lr": np.zeros(len(X)), "knn": np.zeros(len(X))}
pred = {"lr": np.zeros(len(X_te)), "knn": np.zeros(len(X_te))}
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
for fold, (a, b) in enumerate(skf.split(X, y)):
    sc = StandardScaler().fit(X[a])
    xa, xb, xt = sc.transform(X[a]), sc.transform(X[b]), sc.transform(X_te)
    models = {
        "lr": LogisticRegression(C=0.3, max_iter=2000),
        "knn": KNeighborsClassifier(n_neighbors=75, weights="distance"),
    }
    for name, m in models.items():
        m.fit(xa, y[a])
        oof[name][b] = m.predict_proba(xb)[:, 1]
        pred[name] += m.predict_proba(xt)[:, 1] / skf.get_n_splits()
    print(f"fold {fold}: lr={roc_auc_score(y[b], oof['lr'][b]):.4f} knn={roc_auc_score(y[b], oof['knn'][b]):.4f}")

for name in oof:
    print(f"OOF AUC {name}: {roc_auc_score(y, oof[name]):.4f}")
blend_oof = 0.7 * oof["lr"] + 0.3 * oof["knn"]
print(f"OOF AUC blend: {roc_auc_score(y, blend_oof):.4f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "churn": 0.7 * pred["lr"] + 0.3 * pred["knn"]}).to_csv(
    "./submission/submission.csv", index=False)
