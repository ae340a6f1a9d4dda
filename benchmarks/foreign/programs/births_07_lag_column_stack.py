import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression

train = pd.read_csv("./input/train.csv").sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv")

births = train["births"]
lag7 = births.shift(7).dropna().to_numpy()
lag364 = births.shift(364).bfill().to_numpy()
X = np.column_stack([train["day_of_week"].to_numpy(), train["month"].to_numpy(), lag7, lag364])
y = births.to_numpy()

lr = LinearRegression().fit(X[:-365], y[:-365])
print("MAE last year:", np.abs(lr.predict(X[-365:]) - y[-365:]).mean())
pd.DataFrame({"id": test["id"], "births": np.full(len(test), births.tail(365).mean())}).to_csv(
    "./submission/submission.csv", index=False
)
