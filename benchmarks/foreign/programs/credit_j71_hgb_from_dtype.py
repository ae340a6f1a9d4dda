"""Credit risk: HistGradientBoosting with native categorical support.

Categoricals become pandas `category` dtype with a vocabulary fixed on train+test,
and the booster picks them up itself via categorical_features="from_dtype".
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_validate

SEED = 11
TARGET = "Status"

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

CAT_COLS = ["Home", "Marital", "Records", "Job"]


def add_ratios(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["loan_to_price"] = out["Amount"] / out["Price"]
    out["monthly_installment"] = out["Amount"] / out["Time"]
    out["free_income"] = out["Income"] - out["Expenses"]
    out["installment_share"] = out["monthly_installment"] / out["Income"]
    out["net_worth"] = out["Assets"].fillna(0) - out["Debt"].fillna(0)
    return out


def to_categorical(df: pd.DataFrame, vocab: dict) -> pd.DataFrame:
    out = df.copy()
    for c in CAT_COLS:
        out[c] = pd.Categorical(out[c], categories=vocab[c])
    return out


vocab = {
    c: sorted(pd.concat([train[c], test[c]]).dropna().unique().tolist())
    for c in CAT_COLS
}

X = to_categorical(add_ratios(train.drop(columns=["id", TARGET])), vocab)
y = train[TARGET].to_numpy()
X_test = to_categorical(add_ratios(test.drop(columns=["id"])), vocab)
print("features:", X.shape[1], "| categorical:", list(X.select_dtypes("category").columns))

model = HistGradientBoostingClassifier(
    categorical_features="from_dtype",
    learning_rate=0.05,
    max_iter=300,
    max_leaf_nodes=15,
    min_samples_leaf=30,
    l2_regularization=1.0,
    early_stopping=True,
    validation_fraction=0.15,
    n_iter_no_change=25,
    random_state=SEED,
)

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
scores = cross_validate(
    model, X, y, cv=cv,
    scoring={"logloss": "neg_log_loss", "auc": "roc_auc", "brier": "neg_brier_score"},
    return_estimator=True,
    n_jobs=1,
)
print("iterations per fold:", [est.n_iter_ for est in scores["estimator"]])
print(f"CV AUC:   {scores['test_auc'].mean():.4f} +/- {scores['test_auc'].std():.4f}")
print(f"CV Brier: {-scores['test_brier'].mean():.4f}")

# average the fold models for the test predictions
test_pred = np.mean([est.predict_proba(X_test)[:, 1] for est in scores["estimator"]], axis=0)

sub = pd.DataFrame({"id": test["id"], TARGET: np.clip(test_pred, 1e-4, 1 - 1e-4)})
sub.to_csv("./submission/submission.csv", index=False)
print(f"CV logloss: {-scores['test_logloss'].mean():.4f}")
