import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

# average profile of each housing situation, joined back as context features
home_profile = train.drop(columns=["id", "Status"]).groupby("Home").mean().add_suffix("_home_mean")
train = train.join(home_profile, on="Home")
test = test.join(home_profile, on="Home")

X = pd.get_dummies(train.drop(columns=["id", "Status"]), dtype=float).fillna(-1)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0).fillna(-1)
X_tr, X_va, y_tr, y_va = train_test_split(X, train["Status"], test_size=0.2, random_state=0)
et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=4, random_state=0).fit(X_tr, y_tr)
print("Validation logloss:", round(log_loss(y_va, et.predict_proba(X_va)[:, 1]), 4))
et.fit(X, train["Status"])
pd.DataFrame({"id": test["id"], "Status": et.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
