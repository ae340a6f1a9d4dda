import os
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.metrics import f1_score, classification_report

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("class distribution:")
print(train["class"].value_counts().to_string())

def prepare(df, ref):
    X = df.drop(columns=["id", "class"], errors="ignore").copy()
    for c in ["protocol", "day"]:
        X[c] = pd.Categorical(X[c], categories=sorted(ref[c].unique()))
    X["log_compounds"] = np.log1p(X["compounds"])
    X["log_fields"] = np.log1p(X["input_fields"])
    X["work"] = np.log1p(X["compounds"] * X["iterations"])
    X["log_pending"] = np.log1p(X["num_pending"])
    return X

X = prepare(train, train)
X_test = prepare(test, train)
y = train["class"]
print("X:", X.shape, "X_test:", X_test.shape)

cv = StratifiedKFold(n_splits=3, shuffle=True, random_state=3)

baseline = LGBMClassifier(n_estimators=150, random_state=3, verbose=-1, n_jobs=1)
oof = cross_val_predict(baseline, X, y, cv=cv)
base_f1 = f1_score(y, oof, average="macro")
print(f"baseline f1_macro: {base_f1:.4f}")

grid = {
    "learning_rate": [0.05, 0.1],
    "num_leaves": [15, 31],
    "class_weight": [None, "balanced"],
    "min_child_samples": [10],
    "n_estimators": [150],
}
gs = GridSearchCV(LGBMClassifier(random_state=3, verbose=-1, n_jobs=1), grid,
                  scoring="f1_macro", cv=cv, n_jobs=1, verbose=1)
gs.fit(X, y)

print("best_params_:", gs.best_params_)
print("best_score_: %.4f" % gs.best_score_)

r = pd.DataFrame(gs.cv_results_)
r = r.sort_values("mean_test_score", ascending=False)
r["params"] = r["params"].astype(str)
pd.set_option("display.width", 200)
print(r[["rank_test_score", "mean_test_score", "std_test_score", "mean_fit_time", "params"]].to_string(index=False))

tuned_oof = cross_val_predict(gs.best_estimator_, X, y, cv=cv)
print(classification_report(y, tuned_oof, digits=3))
print(f"improvement over baseline: {base_f1:.4f} -> {gs.best_score_:.4f} ({gs.best_score_ - base_f1:+.4f})")

pred = gs.best_estimator_.predict(X_test)
os.makedirs("submission", exist_ok=True)
out = pd.DataFrame({"id": test["id"], "class": pred})
out.to_csv("submission/submission.csv", index=False)
print(out["class"].value_counts().to_dict())
