"""
Worked example 11: three yes/no labels at once (multi-label, mean AUC).

The score is the AUC of each label column, averaged. The simplest way to
handle several binary targets is to train one classifier per target; the
features are the same each time. For each of health / limit / insurance we
compare:
   - baseline: age alone as the score (older -> less healthy, etc.)
   - logistic regression on one-hot encoded features
   - histogram gradient boosting
and keep, per target, whichever model has the better CV AUC.
"""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler

SEED = 17
TARGETS = ["health", "limit", "insurance"]
NUMERIC = ["age", "family"]
CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]


def heading(text):
    print("\n" + "-" * 64)
    print("### " + text)
    print("-" * 64)


def explain(text):
    print("    " + text)


def logistic_model():
    prep = ColumnTransformer([
        ("num", StandardScaler(), NUMERIC),
        ("cat", OneHotEncoder(handle_unknown="ignore", drop="if_binary"), CATEGORICAL),
    ])
    return Pipeline([("prep", prep), ("clf", LogisticRegression(C=1.0, max_iter=2000))])


def boosting_model():
    prep = ColumnTransformer([
        ("num", "passthrough", NUMERIC),
        ("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), CATEGORICAL),
    ])
    n_num = len(NUMERIC)
    cat_mask = [False] * n_num + [True] * len(CATEGORICAL)
    clf = HistGradientBoostingClassifier(learning_rate=0.05, max_iter=250, max_leaf_nodes=15,
                                         min_samples_leaf=40, l2_regularization=1.0,
                                         categorical_features=cat_mask, random_state=SEED)
    return Pipeline([("prep", prep), ("clf", clf)])


def oof_proba(model, X, y, seed):
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=seed)
    return cross_val_predict(model, X, y, cv=cv, method="predict_proba")[:, 1]


# ----------------------------------------------------------------
heading("Data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"    train {train.shape}   test {test.shape}")
print(train[TARGETS].mean().round(3).rename("share of 1").to_frame().to_string())
explain("'health' is 93% yes, so that column is very imbalanced;")
explain("AUC does not care about the imbalance, accuracy would.")
features = NUMERIC + CATEGORICAL
X, X_test = train[features], test[features]

# ----------------------------------------------------------------
heading("Cross-validated AUC, one target at a time")
rows, oof_store = [], {}
for target in TARGETS:
    y = train[target].values
    sign = 1 if target == "limit" else -1       # older people: more limits
    base_auc = roc_auc_score(y, sign * train["age"].values)
    p_lr = oof_proba(logistic_model(), X, y, SEED)
    p_gb = oof_proba(boosting_model(), X, y, SEED)
    rows.append({"target": target, "baseline (age)": base_auc,
                 "logistic": roc_auc_score(y, p_lr), "boosting": roc_auc_score(y, p_gb)})
    oof_store[target] = {"logistic": p_lr, "boosting": p_gb}
    print(f"    {target:<10s} age-only {rows[-1]['baseline (age)']:.4f} | "
          f"logistic {rows[-1]['logistic']:.4f} | boosting {rows[-1]['boosting']:.4f}")

results = pd.DataFrame(rows).set_index("target")
results["chosen"] = results[["logistic", "boosting"]].idxmax(axis=1)
results["best AUC"] = results[["logistic", "boosting"]].max(axis=1)
print()
print(results.round(4).to_string())
mean_auc = results["best AUC"].mean()
explain(f"mean AUC over the three labels: {mean_auc:.4f}")
explain(f"(baseline mean AUC: {results['baseline (age)'].mean():.4f})")

# ----------------------------------------------------------------
heading("Confusion matrix for 'insurance' (threshold = training share)")
y_ins = train["insurance"].values
p_ins = oof_store["insurance"][results.loc["insurance", "chosen"]]
thr = y_ins.mean()
cm = confusion_matrix(y_ins, (p_ins >= thr).astype(int))
print(pd.DataFrame(cm, index=["true 0", "true 1"], columns=["pred 0", "pred 1"]).to_string())
explain(f"threshold {thr:.3f}: a 0.5 cut would call almost everybody insured")

# ----------------------------------------------------------------
heading("Refit per target and write the submission")
sub = pd.DataFrame({"id": test["id"]})
for target in TARGETS:
    choice = results.loc[target, "chosen"]
    model = logistic_model() if choice == "logistic" else boosting_model()
    model.fit(X, train[target].values)
    sub[target] = model.predict_proba(X_test)[:, 1]
    explain(f"{target:<10s} -> {choice}, mean predicted prob {sub[target].mean():.3f}")
sub.to_csv("submission/submission.csv", index=False)
print(sub.head().round(4).to_string(index=False))
print(f"Mean CV AUC (columnwise): {mean_auc:.4f}")
