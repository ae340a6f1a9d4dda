import pandas as pd
from sklearn.decomposition import PCA
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "cultivar"])
y = train["cultivar"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, stratify=y, random_state=1)

model = make_pipeline(StandardScaler(), PCA(n_components=20, whiten=True), LogisticRegression(C=0.5, max_iter=2000))
model.fit(X_tr, y_tr)
print("holdout logloss =", round(log_loss(y_va, model.predict_proba(X_va)), 4))
model.fit(X, y)
sub = pd.DataFrame(model.predict_proba(test[X.columns]), columns=model.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
