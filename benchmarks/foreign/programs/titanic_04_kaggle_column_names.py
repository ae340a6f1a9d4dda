import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_score

train_data = pd.read_csv("./input/train.csv")
test_data = pd.read_csv("./input/test.csv")
print(train_data.head())

women = train_data.loc[train_data.Sex == "female"]["Survived"]
print("% of women who survived:", sum(women) / len(women))

y = train_data["Survived"]
features = ["Pclass", "Sex", "Age"]
X = pd.get_dummies(train_data[features])
X_test = pd.get_dummies(test_data[features])

model = RandomForestClassifier(n_estimators=100, max_depth=5, random_state=1)
print("cv auc", np.mean(cross_val_score(model, X.fillna(-1), y, cv=5, scoring="roc_auc")))
model.fit(X.fillna(-1), y)
pd.DataFrame({"id": test_data.id, "survived": model.predict_proba(X_test.fillna(-1))[:, 1]}).to_csv("./submission/submission.csv", index=False)
