import pandas as pd
import numpy as np
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.model_selection import cross_val_score

def load():
    tr = pd.read_csv("./input/train.csv")
    te = pd.read_csv("./input/test.csv")
    return tr, te

def prepare(df, medians=None):
    X = pd.get_dummies(df[["island", "sex", "bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]], dtype=float)
    if medians is None:
        medians = X.median()
    return X.fillna(medians), medians

train, test = load()
X, med = prepare(train)
X_test, _ = prepare(test, med)
X_test = X_test.reindex(columns=X.columns, fill_value=0.0)
y = train["species"]

model = ExtraTreesClassifier(n_estimators=500, max_features=0.6, random_state=0, n_jobs=1)
scores = cross_val_score(model, X, y, cv=5, scoring="neg_log_loss")
print("cv logloss per fold:", np.round(-scores, 4))
print("mean cv logloss:", round(-scores.mean(), 4))

model.fit(X, y)
proba = model.predict_proba(X_test)
sub = pd.DataFrame({"id": test["id"]})
sub["Adelie"] = proba[:, 1]
sub["Chinstrap"] = proba[:, 2]
sub["Gentoo"] = proba[:, 3]
sub.to_csv("./submission/submission.csv", index=False)
