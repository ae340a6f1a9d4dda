import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer, TransformedTargetRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["log_carat"] = np.log(df["carat"])

features = ColumnTransformer(
    [
        ("grades", OneHotEncoder(handle_unknown="ignore"), ["cut", "color", "clarity"]),
        ("carat", SplineTransformer(n_knots=6, degree=3), ["log_carat"]),
        ("shape", StandardScaler(), ["depth", "table"]),
    ]
)
model = TransformedTargetRegressor(
    regressor=Pipeline([("features", features), ("ridge", Ridge(alpha=1.0))]),
    func=np.log1p,
    inverse_func=np.expm1,
)
cols = ["cut", "color", "clarity", "log_carat", "depth", "table"]
scores = cross_val_score(model, train[cols], train["price"], cv=KFold(5, shuffle=True, random_state=1), scoring="neg_root_mean_squared_log_error")
print(f"cv rmsle = {-scores.mean():.4f} ({', '.join(f'{-s:.4f}' for s in scores)})")
model.fit(train[cols], train["price"])
pd.DataFrame({"id": test["id"], "price": model.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
