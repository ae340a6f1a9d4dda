import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.metrics import roc_auc_score, plot_roc_curve
from sklearn.model_selection import train_test_split

data = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = data.drop(["id", "diagnosis"], axis=1)
y = data["diagnosis"]

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=5, stratify=y)
gb = GradientBoostingClassifier(n_estimators=250, learning_rate=0.05, max_depth=2, random_state=5)
gb.fit(X_train, y_train)
print("Validation ROC AUC: %.4f" % roc_auc_score(y_val, gb.predict_proba(X_val)[:, 1]))

plot_roc_curve(gb, X_val, y_val)
plt.savefig("./working/roc.png")

gb.fit(X, y)
pd.DataFrame({"id": test.id, "diagnosis": gb.predict_proba(test.drop("id", axis=1))[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
