import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "digit"])
y = train["digit"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.15, random_state=0)

model = LGBMClassifier(n_estimators=1000, learning_rate=0.05, num_leaves=31, subsample=0.8, subsample_freq=1)
model.fit(X_tr, y_tr, eval_set=[(X_va, y_va)], early_stopping_rounds=50, verbose=100)
print("Accuracy:", accuracy_score(y_va, model.predict(X_va)))

sub = pd.DataFrame({"id": test["id"], "digit": model.predict(test[X.columns])})
sub.to_csv("./submission/submission.csv", index=False)
