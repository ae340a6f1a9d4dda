"""
Worked example 5: customer churn (binary classification, ROC AUC).

What we will do
  * inspect the columns and the churn rate
  * a one-feature baseline: churn rate of the customer's contract type
  * one-hot encode the service columns ourselves (so students see the matrix)
  * logistic regression vs. gradient boosting, compared by validation AUC
  * confusion matrix at a 0.5 threshold, then predict test and save
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import OneHotEncoder, StandardScaler

RANDOM_STATE = 0


def header(title):
    print("\n" + "#" * 70)
    print("#  " + title)
    print("#" * 70)


def note(*lines):
    for line in lines:
        print("   > " + line)


def group_rate_baseline(train_df, valid_df, col, target):
    """Predict the mean target of the category the row belongs to."""
    rates = train_df.groupby(col)[target].mean()
    overall = train_df[target].mean()
    return valid_df[col].map(rates).fillna(overall).values


def show_confusion(y_true, proba, threshold=0.5):
    pred = (proba >= threshold).astype(int)
    cm = confusion_matrix(y_true, pred)
    table = pd.DataFrame(cm, index=["actual stay", "actual churn"],
                         columns=["pred stay", "pred churn"])
    print(table)
    tn, fp, fn, tp = cm.ravel()
    print(f"   recall on churners: {tp / (tp + fn):.3f}   "
          f"precision: {tp / max(tp + fp, 1):.3f}")


# ----------------------------------------------------------------------
header("Step 1 - data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, " test:", test.shape)
print("churn rate in train: {:.3f}".format(train["churn"].mean()))

note("total_charges has a few blanks (brand-new customers, tenure 0).",
     "We fill them with monthly_charges * tenure, which is 0 for them.")
for df in (train, test):
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])

cat_cols = [c for c in train.columns if train[c].dtype == object or str(train[c].dtype) in ("str", "string")]
num_cols = [c for c in train.columns if c not in cat_cols + ["id", "churn"]]
print("categorical columns:", len(cat_cols), cat_cols[:4], "...")
print("numeric columns:   ", len(num_cols), num_cols)

tr, va = train_test_split(train, test_size=0.2, stratify=train["churn"],
                          random_state=RANDOM_STATE)
print("fit rows:", len(tr), " validation rows:", len(va))

# ----------------------------------------------------------------------
header("Step 2 - baseline: churn rate by contract type")
note("Month-to-month customers churn much more; a lookup table of rates is",
     "already a surprisingly strong ranking.")
print(tr.groupby("contract")["churn"].agg(["mean", "size"]).round(3))
base_va = group_rate_baseline(tr, va, "contract", "churn")
base_auc = roc_auc_score(va["churn"], base_va)
print(f"baseline AUC (contract rate): {base_auc:.4f}")

# ----------------------------------------------------------------------
header("Step 3 - encoding")
note("OneHotEncoder turns each category into its own 0/1 column.",
     "We fit it on the fit rows only and reuse it for validation and test.")
encoder = OneHotEncoder(handle_unknown="ignore", sparse=False)
encoder.fit(tr[cat_cols])
scaler = StandardScaler().fit(tr[num_cols])


def build_matrix(df):
    onehot = encoder.transform(df[cat_cols])
    nums = scaler.transform(df[num_cols])
    return np.hstack([nums, onehot])


X_tr, X_va, X_te = build_matrix(tr), build_matrix(va), build_matrix(test)
y_tr, y_va = tr["churn"].values, va["churn"].values
print("design matrix:", X_tr.shape)

# ----------------------------------------------------------------------
header("Step 4 - models")
models = {
    "logistic regression": LogisticRegression(C=0.5, max_iter=1000),
    "hist gradient boosting": HistGradientBoostingClassifier(
        learning_rate=0.05, max_iter=300, max_leaf_nodes=15,
        random_state=RANDOM_STATE),
}
scores, va_probas = {}, {}
for name, model in models.items():
    model.fit(X_tr, y_tr)
    p = model.predict_proba(X_va)[:, 1]
    va_probas[name] = p
    scores[name] = roc_auc_score(y_va, p)
    print(f"{name:<25s} validation AUC = {scores[name]:.4f}")

best = max(scores, key=scores.get)
print(f"\nbaseline {base_auc:.4f}  vs  best model ({best}) {scores[best]:.4f}")

# ----------------------------------------------------------------------
header("Step 5 - confusion matrix of the best model")
show_confusion(y_va, va_probas[best])

# ----------------------------------------------------------------------
header("Step 6 - refit on everything and predict test")
X_all = np.vstack([X_tr, X_va])
y_all = np.concatenate([y_tr, y_va])
final = models[best].fit(X_all, y_all)
sub = pd.DataFrame({"id": test["id"], "churn": final.predict_proba(X_te)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().round(3))
print(f"Validation AUC: {scores[best]:.4f}")
