# Breast cancer diagnosis -- binary classification, metric ROC AUC.
#
# Approach (first pass):
#   * all 30 features are numeric, no missing values -> just standardize
#   * try a zoo of sklearn classifiers with 5-fold stratified CV (roc_auc)
#   * keep every model whose CV AUC >= 0.97 and soft-average their probabilities
#   * report holdout AUC of the blend, then refit on everything for the submission
import warnings
import numpy as np
import pandas as pd

from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier, ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_score, train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore")
RANDOM_STATE = 0

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample_sub = pd.read_csv("./input/sample_submission.csv")

TARGET = "diagnosis"
features = [c for c in train.columns if c not in ("id", TARGET)]
X = train[features].values
y = train[TARGET].values
X_test = test[features].values
print(f"train: {X.shape}, test: {X_test.shape}, positive rate: {y.mean():.3f}")


def get_models():
    return {
        "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000)),
        "svc_rbf": make_pipeline(StandardScaler(), SVC(C=3.0, kernel="rbf", gamma="scale")),
        "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=9, weights="distance")),
        "rf": RandomForestClassifier(n_estimators=300, random_state=RANDOM_STATE, n_jobs=-1),
        "extra_trees": ExtraTreesClassifier(n_estimators=300, random_state=RANDOM_STATE, n_jobs=-1),
        "hgb": HistGradientBoostingClassifier(learning_rate=0.05, max_iter=300, random_state=RANDOM_STATE),
        "mlp": make_pipeline(StandardScaler(), MLPClassifier(hidden_layer_sizes=(64, 32), max_iter=1000,
                                                             random_state=RANDOM_STATE)),
    }


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
cv_results = {}
for name, model in get_models().items():
    try:
        scores = cross_val_score(model, X, y, cv=skf, scoring="roc_auc")
        cv_results[name] = scores.mean()
        print(f"{name:12s} CV AUC = {scores.mean():.4f} (+/- {scores.std():.4f})")
    except Exception as exc:
        print(f"{name:12s} failed: {exc}")

selected = [name for name, s in sorted(cv_results.items(), key=lambda kv: -kv[1]) if s >= 0.97]
print("Selected for blend:", selected)

# holdout check of the blend
X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, stratify=y, random_state=RANDOM_STATE)
models = get_models()
val_preds = []
for name in selected:
    m = models[name]
    m.fit(X_tr, y_tr)
    val_preds.append(m.predict_proba(X_val)[:, 1])
blend_val = np.mean(val_preds, axis=0)
val_auc = roc_auc_score(y_val, blend_val)
print(f"Validation AUC: {val_auc:.4f}")

# refit everything on full data
models = get_models()
test_preds = []
for name in selected:
    m = models[name]
    m.fit(X, y)
    test_preds.append(m.predict_proba(X_test)[:, 1])

submission = sample_sub.copy()
submission["id"] = test["id"].values
submission[TARGET] = np.mean(test_preds, axis=0)
submission.to_csv("./submission/submission.csv", index=False)
print("Final validation AUC:", round(val_auc, 4))
