import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.metrics import root_mean_squared_log_error
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = pd.get_dummies(train.drop(columns=["id", "price"]), columns=["cut", "color", "clarity"], dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), columns=["cut", "color", "clarity"], dtype=float).reindex(columns=X.columns, fill_value=0)
X_tr, X_va, y_tr, y_va = train_test_split(X, train["price"], test_size=0.2, random_state=42)

lin = LinearRegression().fit(X_tr, y_tr)
print("validation RMSLE:", root_mean_squared_log_error(y_va, lin.predict(X_va)))
lin.fit(X, train["price"])
pd.DataFrame({"id": test["id"], "price": lin.predict(X_test).clip(300)}).to_csv("./submission/submission.csv", index=False)
