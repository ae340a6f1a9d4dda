import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cols = [c for c in train.columns if c not in ("id", "cultivar")]

scaler = StandardScaler().fit(train[cols])
poly = PolynomialFeatures(degree=2, interaction_only=True, include_bias=False)
Z = scaler.transform(train[cols])
Z_test = scaler.transform(test[cols])
X = np.hstack(Z, poly.fit_transform(Z[:, :4]))
X_test = np.hstack(Z_test, poly.transform(Z_test[:, :4]))

lr = LogisticRegression(C=0.3, max_iter=3000)
print("cv logloss:", -cross_val_score(lr, X, train["cultivar"], cv=5, scoring="neg_log_loss").mean())
lr.fit(X, train["cultivar"])
sub = pd.DataFrame(lr.predict_proba(X_test), columns=lr.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
