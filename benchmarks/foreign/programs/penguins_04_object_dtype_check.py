import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_predict, StratifiedKFold
from sklearn.metrics import log_loss

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

target = "species"
full = pd.concat([train.drop(columns=[target]), test], axis=0, ignore_index=True)

# one-hot every text column, keep the rest as is
text_cols = [c for c in full.columns if full[c].dtype == object]
print("categorical columns:", text_cols)
full = pd.get_dummies(full, columns=text_cols)
full = full.fillna(-1)

X = full.iloc[: len(train)].drop(columns=["id"])
X_test = full.iloc[len(train):].drop(columns=["id"])
y = train[target]

clf = RandomForestClassifier(n_estimators=400, min_samples_leaf=2, random_state=1)
skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=1)
oof = cross_val_predict(clf, X, y, cv=skf, method="predict_proba")
print("OOF log_loss = %.4f" % log_loss(y, oof))

clf.fit(X, y)
sub = pd.DataFrame(clf.predict_proba(X_test), columns=clf.classes_)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("./submission/submission.csv", index=False)
