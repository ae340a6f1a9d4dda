import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "cultivar"])
y = train["cultivar"]

rf = RandomForestClassifier(n_estimators=500, random_state=0)
print("CV log loss:", -cross_val_score(rf, X, y, cv=5, scoring="neg_log_loss").mean())
rf.fit(X, y)
submission = pd.DataFrame({"id": test["id"], "cultivar": rf.predict(test[X.columns])})
submission.to_csv("./submission/submission.csv", index=False)
print(submission["cultivar"].value_counts())
