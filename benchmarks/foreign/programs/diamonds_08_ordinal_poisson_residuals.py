import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import root_mean_squared_log_error
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder

ORDER = {
    "cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    "color": ["J", "I", "H", "G", "F", "E", "D"],
    "clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
}

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
grades = list(ORDER)
numbers = ["carat", "depth", "table", "x", "y", "z"]

model = make_pipeline(
    make_column_transformer(
        (OrdinalEncoder(categories=[ORDER[g] for g in grades]), grades),
        ("passthrough", numbers),
    ),
    HistGradientBoostingRegressor(loss="poisson", learning_rate=0.08, max_iter=500, max_leaf_nodes=31, random_state=3),
)
X_tr, X_va, y_tr, y_va = train_test_split(train[grades + numbers], train["price"], test_size=0.2, random_state=3)
model.fit(X_tr, y_tr)
pred = model.predict(X_va)
print(f"Validation RMSLE: {root_mean_squared_log_error(y_va, pred):.4f}")

fig, ax = plt.subplots(figsize=(6, 4))
ax.scatter(np.log1p(y_va), np.log1p(pred) - np.log1p(y_va), s=4, alpha=0.4)
ax.axhline(0, color="k", lw=1)
ax.set_xlabel("log1p(price)")
ax.set_ylabel("log residual")
fig.savefig("./working/residuals.png", dpi=90)

model.fit(train[grades + numbers], train["price"])
pd.DataFrame({"id": test["id"], "price": model.predict(test[grades + numbers])}).to_csv("./submission/submission.csv", index=False)
