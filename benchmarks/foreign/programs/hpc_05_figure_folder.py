import matplotlib.pyplot as plt
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

counts = train["class"].value_counts()
ax = counts.plot(kind="bar", color="steelblue", title="jobs per class")
ax.set_ylabel("jobs")
plt.tight_layout()
plt.savefig("figures/class_balance.png")

X = pd.get_dummies(train.drop(columns=["id", "class"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
X_tr, X_va, y_tr, y_va = train_test_split(X, train["class"], stratify=train["class"], random_state=1)
et = ExtraTreesClassifier(n_estimators=300, class_weight="balanced", random_state=1).fit(X_tr, y_tr)
print("F1 (macro) on validation:", round(f1_score(y_va, et.predict(X_va), average="macro"), 4))
et.fit(X, train["class"])
pd.DataFrame({"id": test["id"], "class": et.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
