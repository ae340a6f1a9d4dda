import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsRegressor
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
NUMERIC_POS = [1, 5, 6, 7, 8, 9]  # carat, depth, table, x, y, z

X = train.to_numpy()[:, NUMERIC_POS].astype(float)
y = np.log1p(train["price"].to_numpy())
scaler = StandardScaler().fit(X)
knn = KNeighborsRegressor(n_neighbors=10, weights="distance").fit(scaler.transform(X), y)

# the test file has no price column, so shift every position by one
X_test = test.to_numpy()[:, [p + 1 for p in NUMERIC_POS]].astype(float)
pred = np.expm1(knn.predict(scaler.transform(X_test)))
pd.DataFrame({"id": test["id"], "price": pred}).to_csv("./submission/submission.csv", index=False)
print("done", pred[:5])
