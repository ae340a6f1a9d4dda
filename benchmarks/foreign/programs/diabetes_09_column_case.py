import pandas as pd
from sklearn.linear_model import LassoCV
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())

train["BMI_x_BP"] = train["BMI"] * train["bp"]
test["BMI_x_BP"] = test["BMI"] * test["bp"]
features = [c for c in train.columns if c not in ("id", "progression")]

model = make_pipeline(StandardScaler(), LassoCV(cv=5, random_state=0))
rmse = -cross_val_score(model, train[features], train["progression"], cv=5, scoring="neg_root_mean_squared_error").mean()
print(f"Lasso CV RMSE = {rmse:.3f}")
model.fit(train[features], train["progression"])
pd.DataFrame({"id": test["id"], "progression": model.predict(test[features])}).to_csv(
    "./submission/submission.csv", index=False
)
