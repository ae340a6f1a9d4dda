import numpy as np
import pandas as pd
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cols = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]

model = make_pipeline(
    StandardScaler(),
    PolynomialFeatures(degree=2, include_bias=False),
    RidgeCV(alphas=np.logspace(-1, 3, 25)),
)
kf = KFold(n_splits=10, shuffle=True, random_state=2)
rmse = -cross_val_score(model, train[cols], train["progression"], cv=kf, scoring="neg_root_mean_squared_error")
print(f"CV RMSE: {rmse.mean():.2f} (std {rmse.std():.2f})")

model.fit(train[cols], train["progression"])
print("chosen alpha:", round(model[-1].alpha_, 3))
pd.DataFrame({"id": test["id"], "progression": model.predict(test[cols])}).to_csv(
    "./submission/submission.csv", index=False
)
