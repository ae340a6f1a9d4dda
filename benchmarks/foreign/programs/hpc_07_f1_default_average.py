import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "class"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
y = train["class"]

scores = []
for i, (tr, va) in enumerate(StratifiedKFold(n_splits=4, shuffle=True, random_state=0).split(X, y)):
    rf = RandomForestClassifier(n_estimators=200, class_weight="balanced_subsample", random_state=i)
    rf.fit(X.iloc[tr], y.iloc[tr])
    score = f1_score(y.iloc[va], rf.predict(X.iloc[va]))
    scores.append(score)
    print(f"fold {i} F1 {score:.4f}")
print("mean F1", sum(scores) / len(scores))
rf.fit(X, y)
pd.DataFrame({"id": test["id"], "class": rf.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
