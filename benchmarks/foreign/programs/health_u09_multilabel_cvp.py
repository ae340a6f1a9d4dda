import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import roc_auc_score

targets = ["health", "limit", "insurance"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("Train:", train.shape, " Test:", test.shape)
print(train[targets].mean().round(4))

edu_order = {"none": 0, "ged": 1, "highschool": 2, "other": 2, "bachelor": 3, "master": 4, "phd": 5}
print("education levels:", sorted(train.education.unique()))


def make_X(df):
    out = df[["age", "family"]].copy()
    out["age2"] = (df["age"] - 40) ** 2 / 100.0
    out["edu_rank"] = df["education"].map(edu_order).fillna(2)
    out["female"] = (df["gender"] == "female").astype(int)
    for c in ["married", "selfemp"]:
        out[c] = (df[c] == "yes").astype(int)
    dummies = pd.get_dummies(df[["region", "ethnicity", "education"]], dtype=float)
    return pd.concat([out, dummies], axis=1)


X = make_X(train)
X_test = make_X(test).reindex(columns=X.columns, fill_value=0)
print("X shape:", X.shape)

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=99)
models = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.3, solver="liblinear")),
    "gbm": GradientBoostingClassifier(n_estimators=150, max_depth=3, learning_rate=0.05,
                                      subsample=0.8, random_state=99),
}

sub = pd.DataFrame({"id": test["id"]})
aucs = []
for t in targets:
    y = train[t].values
    oofs = {}
    for name, model in models.items():
        oofs[name] = cross_val_predict(model, X, y, cv=cv, method="predict_proba")[:, 1]
        print("  %-9s %-7s AUC %.4f" % (t, name, roc_auc_score(y, oofs[name])))
    blend = 0.5 * oofs["logreg"] + 0.5 * oofs["gbm"]
    auc = roc_auc_score(y, blend)
    aucs.append(auc)
    print("%-9s blend AUC %.4f" % (t, auc))

    p = np.zeros(len(X_test))
    for name, model in models.items():
        model.fit(X, y)
        p += 0.5 * model.predict_proba(X_test)[:, 1]
    sub[t] = p

print("\nmean AUC over targets: %.4f" % np.mean(aucs))
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
