import matplotlib.pyplot as plt
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.inspection import permutation_importance
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, y = train.drop(columns=["id", "diagnosis"]), train["diagnosis"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, stratify=y, random_state=13)

clf = HistGradientBoostingClassifier(learning_rate=0.05, max_iter=300, l2_regularization=1.0, random_state=13)
clf.fit(X_tr, y_tr)
print(f"hold-out ROC-AUC: {roc_auc_score(y_va, clf.predict_proba(X_va)[:, 1]):.4f}")

imp = permutation_importance(clf, X_va, y_va, scoring="roc_auc", n_repeats=5, random_state=13)
ranked = pd.Series(imp.importances_mean, index=X.columns).sort_values()
ranked.tail(10).plot.barh(figsize=(6, 4))
plt.xlabel("drop in AUC when shuffled")
plt.tight_layout()
plt.savefig("./working/permutation_importance.png")
print("most important:", ", ".join(ranked.tail(3).index[::-1]))

clf.fit(X, y)
pd.DataFrame({"id": test["id"], "diagnosis": clf.predict_proba(test[X.columns])[:, 1]}).to_csv("./submission/submission.csv", index=False)
