import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def add_features(df):
    df = df.copy()
    df["age_group"] = pd.cut(df["age"], bins=[0, 30, 45, 60, 100], labels=["young", "adult", "middle", "senior"])
    df["bmi_bp"] = df["bmi"] * df["bp"]
    df["s_ratio"] = df["s1"] / (df["s2"] + 1)
    return df


train = add_features(train)
test = add_features(test)
features = ["age_group", "sex", "bmi", "bp", "bmi_bp", "s_ratio", "s3", "s4", "s5", "s6"]

ridge = Ridge(alpha=1.0)
score = cross_val_score(ridge, train[features], train["progression"], cv=5, scoring="neg_root_mean_squared_error", error_score="raise")
print("RMSE:", -score.mean())
ridge.fit(train[features], train["progression"])
pd.DataFrame({"id": test["id"], "progression": ridge.predict(test[features])}).to_csv(
    "./submission/submission.csv", index=False
)
