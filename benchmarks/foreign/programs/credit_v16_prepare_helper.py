"""
Worked example 6: credit scoring with log loss.

Log loss punishes confident mistakes very hard, so besides ranking the
applicants well we want probabilities that are honest. We compare:
  - baseline: every applicant gets the training default rate
  - logistic regression on a cleaned, one-hot encoded table
  - LightGBM (gradient boosted trees)
and look at the confusion matrix at a 0.5 cut-off before submitting.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, log_loss, roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

TARGET = "Status"
SEED = 3
CATS = ["Home", "Marital", "Records", "Job"]


def section(name):
    print("\n" + "~" * 66)
    print(f"  {name}")
    print("~" * 66)


def explain(text):
    for line in text.strip().splitlines():
        print("  | " + line.strip())


def preprocess(df):
    """Clean one raw table and return the model matrix."""
    df = df.copy()
    for c in CATS:
        df[c] = df[c].fillna("unknown")
    df["income_missing"] = df["Income"].isna().astype(int)
    df["Income"] = df["Income"].fillna(INCOME_MEDIAN)
    df["Assets"] = df["Assets"].fillna(0.0)
    df["Debt"] = df["Debt"].fillna(0.0)
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["free_income"] = df["Income"] - df["Expenses"]
    df["log_assets"] = np.log1p(df["Assets"])
    df = pd.get_dummies(df, columns=CATS, dtype=float)
    return df.drop(columns=["id", TARGET])


def cv_predict(make_model, X, y, folds):
    oof = np.zeros(len(y))
    for tr_idx, va_idx in folds:
        model = make_model()
        model.fit(X.iloc[tr_idx], y[tr_idx])
        oof[va_idx] = model.predict_proba(X.iloc[va_idx])[:, 1]
    return oof


def report(name, y, p):
    ll = log_loss(y, p)
    auc = roc_auc_score(y, p)
    print(f"  {name:<22} log loss = {ll:.4f}   (AUC {auc:.4f})")
    return ll


# ------------------------------------------------------------------
section("1. Data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"  train {train.shape}   test {test.shape}")
print(f"  share of bad credits: {train[TARGET].mean():.3f}")
explain("""
    Income is missing for about 9% of applicants. Missing income may itself
    be informative, so we add an indicator before filling with the median.
""")
print(train.isna().sum()[lambda s: s > 0].to_string())
INCOME_MEDIAN = train["Income"].median()

X = preprocess(train)
y = train[TARGET].values
print(f"  model matrix: {X.shape[0]} rows x {X.shape[1]} columns")
folds = list(StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED).split(X, y))

# ------------------------------------------------------------------
section("2. Baseline")
explain("A constant probability equal to the default rate.")
base_p = np.full(len(y), y.mean())
scores = {"baseline": log_loss(y, base_p)}
print(f"  baseline               log loss = {scores['baseline']:.4f}")

# ------------------------------------------------------------------
section("3. Logistic regression")
explain("""
    Scaled features, mild L2 penalty. Logistic regression is usually
    well calibrated out of the box, which log loss rewards.
""")
oof_lr = cv_predict(lambda: make_pipeline(StandardScaler(),
                                          LogisticRegression(C=0.3, max_iter=3000)),
                    X, y, folds)
scores["logistic regression"] = report("logistic regression", y, oof_lr)

# ------------------------------------------------------------------
section("4. LightGBM")
explain("""
    Small learning rate, shallow trees, a fixed number of rounds.
    Too many rounds make the probabilities over-confident.
""")
lgb_params = dict(n_estimators=400, learning_rate=0.03, num_leaves=15,
                  min_child_samples=30, subsample=0.8, subsample_freq=1,
                  colsample_bytree=0.8, reg_lambda=2.0, random_state=SEED,
                  verbose=-1, n_jobs=2)
oof_gbm = cv_predict(lambda: lgb.LGBMClassifier(**lgb_params), X, y, folds)
scores["lightgbm"] = report("lightgbm", y, oof_gbm)

oof_blend = 0.5 * oof_lr + 0.5 * oof_gbm
scores["blend 50/50"] = report("blend 50/50", y, oof_blend)

# ------------------------------------------------------------------
section("5. Comparison and confusion matrix")
ranking = pd.Series(scores).sort_values()
print(ranking.round(4).to_string())
best = ranking.index[0]
best_oof = {"logistic regression": oof_lr, "lightgbm": oof_gbm,
            "blend 50/50": oof_blend}.get(best, base_p)
cm = confusion_matrix(y, (best_oof >= 0.5).astype(int))
print(pd.DataFrame(cm, index=["true good", "true bad"],
                   columns=["pred good", "pred bad"]).to_string())

# ------------------------------------------------------------------
section("6. Final fit and submission")
X_test = preprocess(test)
X_test = X_test.reindex(columns=X.columns, fill_value=0.0)
final_lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=3000)).fit(X, y)
final_gbm = lgb.LGBMClassifier(**lgb_params).fit(X, y)
p_lr = final_lr.predict_proba(X_test)[:, 1]
p_gbm = final_gbm.predict_proba(X_test)[:, 1]
p_test = {"logistic regression": p_lr, "lightgbm": p_gbm}.get(best, 0.5 * p_lr + 0.5 * p_gbm)

sub = pd.DataFrame({"id": test["id"], TARGET: np.clip(p_test, 0.01, 0.99)})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(f"  CV log loss of submitted model ({best}): {ranking[best]:.4f}")
