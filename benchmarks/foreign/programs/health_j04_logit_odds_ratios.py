"""
Health insurance survey (MEPS 1995): three separate binary outcomes.

One main-effects logistic regression per outcome, with reference (treatment)
coding for the factors and a centred quadratic in age.  A mild L2 penalty
keeps the sparse cells (e.g. ethnicity 'other') stable.  We report:
  * stratified 5-fold CV AUC per outcome,
  * a hold-out AUC with a bootstrap 95% interval,
  * odds-ratio tables from the full-data fit.
"""
import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler, FunctionTransformer

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

outcomes = ["health", "limit", "insurance"]
factors = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
numerics = ["age", "family"]

# reference levels chosen to be the modal / most interpretable category
reference = {"gender": "female", "married": "no", "selfemp": "no",
             "region": "south", "ethnicity": "cauc", "education": "highschool"}

print("prevalence of each outcome in train:")
print(train[outcomes].mean().round(4).to_string())


def add_terms(df):
    out = df[numerics].astype(float).copy()
    out["age_sq"] = (out["age"] - 40.0) ** 2
    out["log_family"] = np.log(out["family"])
    return out


def term_names(transformer, input_names):
    return np.array(list(input_names) + ["age_sq", "log_family"], dtype=object)


num_block = Pipeline([("terms", FunctionTransformer(add_terms, feature_names_out=term_names)),
                      ("z", StandardScaler())])


def build_model(C=1.0):
    enc = OneHotEncoder(drop=[reference[f] for f in factors], handle_unknown="ignore",
                        sparse_output=False)
    pre = ColumnTransformer([("num", num_block, numerics), ("fac", enc, factors)],
                            verbose_feature_names_out=False)
    return Pipeline([("pre", pre),
                     ("logit", LogisticRegression(C=C, max_iter=2000))])


X = train[numerics + factors]
X_test = test[numerics + factors]

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
cv_auc = {}
for out in outcomes:
    y = train[out].to_numpy()
    aucs = []
    for tr, va in skf.split(X, y):
        m = build_model(C=0.5).fit(X.iloc[tr], y[tr])
        aucs.append(roc_auc_score(y[va], m.predict_proba(X.iloc[va])[:, 1]))
    cv_auc[out] = np.mean(aucs)
    print(f"{out:10s} CV AUC {np.mean(aucs):.4f} (sd {np.std(aucs, ddof=1):.4f})")
print(f"mean CV AUC over outcomes: {np.mean(list(cv_auc.values())):.4f}")

# hold-out with a bootstrap interval on the columnwise mean AUC
idx_tr, idx_va = train_test_split(np.arange(len(train)), test_size=0.2, random_state=5)
P = np.zeros((len(idx_va), len(outcomes)))
Y = train[outcomes].to_numpy()[idx_va]
for j, out in enumerate(outcomes):
    m = build_model(C=0.5).fit(X.iloc[idx_tr], train[out].to_numpy()[idx_tr])
    P[:, j] = m.predict_proba(X.iloc[idx_va])[:, 1]
holdout = np.mean([roc_auc_score(Y[:, j], P[:, j]) for j in range(len(outcomes))])

rng = np.random.default_rng(0)
boot = []
n = len(idx_va)
for _ in range(500):
    b = rng.integers(0, n, n)
    if any(Y[b, j].min() == Y[b, j].max() for j in range(len(outcomes))):
        continue
    boot.append(np.mean([roc_auc_score(Y[b, j], P[b, j]) for j in range(len(outcomes))]))
lo, hi = np.percentile(boot, [2.5, 97.5])
print(f"hold-out mean AUC {holdout:.4f}, bootstrap 95% CI [{lo:.4f}, {hi:.4f}] (B={len(boot)})")

sub = pd.DataFrame({"id": test["id"]})
for out in outcomes:
    m = build_model(C=0.5).fit(X, train[out])
    names = m.named_steps["pre"].get_feature_names_out()
    beta = m.named_steps["logit"].coef_.ravel()
    tab = pd.DataFrame({"term": names, "coef": beta, "odds_ratio": np.exp(beta)})
    print(f"\n--- {out}: intercept {m.named_steps['logit'].intercept_[0]:.3f}")
    print(tab.round(3).to_string(index=False))
    sub[out] = m.predict_proba(X_test)[:, 1]

os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(f"\nValidation AUC: {holdout:.4f}")
