import numpy as np
import pandas as pd
from sklearn.model_selection import KFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cols = ["precipitation", "temp_max", "temp_min", "wind"]
X = StandardScaler().fit_transform(train[cols])
y = train["weather"].to_numpy()

kf = KFold(n_splits=5, random_state=42)
accs = []
for tr, va in kf.split(X):
    knn = KNeighborsClassifier(n_neighbors=25).fit(X[tr], y[tr])
    accs.append(np.mean(knn.predict(X[va]) == y[va]))
print("KFold accuracy: {:.4f}".format(np.mean(accs)))

scaler = StandardScaler().fit(train[cols])
knn = KNeighborsClassifier(n_neighbors=25).fit(scaler.transform(train[cols]), y)
pd.DataFrame({"id": test["id"], "weather": knn.predict(scaler.transform(test[cols]))}).to_csv(
    "./submission/submission.csv", index=False
)
