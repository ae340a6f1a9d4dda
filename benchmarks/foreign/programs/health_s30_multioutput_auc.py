import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.multioutput import MultiOutputClassifier
from sklearn.metrics import roc_auc_score, log_loss, average_precision_score

TARGETS = ["health", "limit", "insurance"]
SEED = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"[load] train {train.shape}, test {test.shape}")

# ---------------------------------------------------------------- quality report
rep = pd.DataFrame({"dtype": train.dtypes.astype(str), "missing": train.isna().sum(),
                    "unique": train.nunique()})
print(rep.to_string())
print("\n[targets] prevalence")
print(train[TARGETS].mean().round(4).to_string())
print("\n[targets] co-occurrence")
print(train.groupby(TARGETS).size().rename("n").reset_index().to_string(index=False))

cats = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
for c in cats:
    vc_tr = train[c].value_counts()
    vc_te = test[c].value_counts()
    unseen = set(vc_te.index) - set(vc_tr.index)
    print(f"[{c}] {vc_tr.to_dict()}  unseen in test: {unseen or '-'}")
    assert not unseen

assert train[TARGETS].isin([0, 1]).all().all()

# ---------------------------------------------------------------- cleaning / features
def prep(df):
    d = df.copy()
    for c in cats:
        d[c] = d[c].astype(str).str.strip().str.lower().str.replace(r"[^a-z]+", "_", regex=True)
    d["family"] = d["family"].clip(upper=8)
    d["age_band"] = pd.cut(d["age"], bins=[17, 25, 35, 45, 55, 65], labels=["18-25", "26-35", "36-45", "46-55", "56-64"])
    edu_years = {"none": 8, "ged": 11, "highschool": 12, "other": 13, "bachelor": 16, "master": 18, "phd": 21}
    d["edu_years"] = d["education"].map(edu_years)
    assert d["edu_years"].notna().all(), d.loc[d["edu_years"].isna(), "education"].unique()
    d["single_earner_family"] = ((d["married"] == "no") & (d["family"] > 1)).astype(int)
    d["age_sq"] = (d["age"] - 40) ** 2 / 100
    return d


tr = prep(train)
te = prep(test)
feat_cats = cats + ["age_band"]
X = pd.get_dummies(tr.drop(columns=["id"] + TARGETS), columns=feat_cats, drop_first=True, dtype=float)
X_test = pd.get_dummies(te.drop(columns=["id"]), columns=feat_cats, drop_first=True, dtype=float)
X, X_test = X.align(X_test, join="left", axis=1, fill_value=0.0)
Y = train[TARGETS].values
assert X.shape[1] == X_test.shape[1] and not X.isna().any().any()
print(f"\n[design] {X.shape} -> columns: {list(X.columns)[:8]} ...")

scaler_cols = ["age", "family", "edu_years", "age_sq"]

# stratify on the rarest label
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
folds = list(skf.split(X, train["limit"]))

rows = []
# ---------------------------------------------------------------- baseline: one logistic regression per target
oof_lr = np.zeros_like(Y, dtype=float)
for j, t in enumerate(TARGETS):
    w_pos = (Y[:, j] == 0).mean() / (Y[:, j] == 1).mean()
    for k, (a, b) in enumerate(folds, 1):
        Xa, Xb = X.iloc[a].copy(), X.iloc[b].copy()
        sc = StandardScaler().fit(Xa[scaler_cols])
        Xa[scaler_cols] = sc.transform(Xa[scaler_cols])
        Xb[scaler_cols] = sc.transform(Xb[scaler_cols])
        lr = LogisticRegression(C=0.3, max_iter=3000)
        sw = np.where(Y[a, j] == 1, np.sqrt(w_pos), 1.0)
        lr.fit(Xa, Y[a, j], sample_weight=sw)
        p = lr.predict_proba(Xb)[:, 1]
        oof_lr[b, j] = p
        rows.append({"model": "logreg", "target": t, "fold": k, "auc": roc_auc_score(Y[b, j], p),
                     "ap": average_precision_score(Y[b, j], p), "logloss": log_loss(Y[b, j], p)})
    print(f"[logreg] {t:10s} OOF auc={roc_auc_score(Y[:, j], oof_lr[:, j]):.4f}")
print(f"[logreg] mean column AUC = {np.mean([roc_auc_score(Y[:, j], oof_lr[:, j]) for j in range(3)]):.4f}")

# ---------------------------------------------------------------- joint model: LGBM wrapped per output
oof_gb = np.zeros_like(Y, dtype=float)
pred_gb = np.zeros((len(X_test), len(TARGETS)))
base = lgb.LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=15, min_child_samples=40,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.7, random_state=SEED, verbose=-1)
for k, (a, b) in enumerate(folds, 1):
    mo = MultiOutputClassifier(base, n_jobs=1)
    mo.fit(X.iloc[a], Y[a])
    proba = mo.predict_proba(X.iloc[b])
    for j, t in enumerate(TARGETS):
        p = proba[:, j]
        oof_gb[b, j] = p
        rows.append({"model": "lgbm", "target": t, "fold": k, "auc": roc_auc_score(Y[b, j], p),
                     "ap": average_precision_score(Y[b, j], p), "logloss": log_loss(Y[b, j], p)})
    pt = mo.predict_proba(X_test)
    pred_gb += np.column_stack([pt[:, j] for j in range(len(TARGETS))]) / len(folds)
    print(f"[lgbm] fold {k} aucs: " + "  ".join(f"{r['target']}={r['auc']:.4f}" for r in rows[-3:]))

res = pd.DataFrame(rows)
print("\n=== per target / model ===")
print(res.groupby(["model", "target"])[["auc", "ap", "logloss"]].mean().round(4).to_string())

# choose blend weight per target on OOF
final = np.zeros_like(pred_gb)
scores = []
lr_full_preds = []
for j, t in enumerate(TARGETS):
    Xs, Xt = X.copy(), X_test.copy()
    sc = StandardScaler().fit(Xs[scaler_cols])
    Xs[scaler_cols] = sc.transform(Xs[scaler_cols])
    Xt[scaler_cols] = sc.transform(Xt[scaler_cols])
    w_pos = (Y[:, j] == 0).mean() / (Y[:, j] == 1).mean()
    lr = LogisticRegression(C=0.3, max_iter=3000).fit(Xs, Y[:, j], sample_weight=np.where(Y[:, j] == 1, np.sqrt(w_pos), 1.0))
    p_lr_test = lr.predict_proba(Xt)[:, 1]
    best_w, best_auc = 0.0, -1
    for w in np.linspace(0, 1, 11):
        s = roc_auc_score(Y[:, j], w * oof_lr[:, j] + (1 - w) * oof_gb[:, j])
        if s > best_auc:
            best_w, best_auc = w, s
    scores.append(best_auc)
    final[:, j] = best_w * p_lr_test + (1 - best_w) * pred_gb[:, j]
    print(f"{t:10s} blend w_lr={best_w:.1f} OOF AUC={best_auc:.4f}")

sub = pd.DataFrame(final, columns=TARGETS)
sub.insert(0, "id", test["id"].values)
sub.to_csv("submission/submission.csv", index=False)
print(f"mean columnwise AUC (OOF): {np.mean(scores):.4f}")
