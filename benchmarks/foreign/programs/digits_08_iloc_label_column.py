import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsClassifier
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = train.iloc[:, 1:65].to_numpy()
y = train.iloc[:, 66].to_numpy()
X_test = test.iloc[:, 1:65].to_numpy()

accs = []
for tr, va in StratifiedKFold(5, shuffle=True, random_state=3).split(X, y):
    knn = KNeighborsClassifier(n_neighbors=3).fit(X[tr], y[tr])
    accs.append((knn.predict(X[va]) == y[va]).mean())
print("fold accuracies:", np.round(accs, 4), "mean:", round(float(np.mean(accs)), 4))

knn = KNeighborsClassifier(n_neighbors=3).fit(X, y)
pd.DataFrame({"id": test["id"], "digit": knn.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
