# Math achievement: student rows + a school profile table, Ridge regression
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import train_test_split
from sklearn.metrics import mean_squared_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("students train/test:", len(train), len(test))
print("schools train/test:", train["School"].nunique(), test["School"].nunique())
print(train.head(3).to_string(index=False))

for df in (train, test):
    df["Minority"] = df["Minority"].str.strip().str.title()
    df["Sex"] = df["Sex"].str.strip().str.title()
    df["is_minority"] = np.where(df["Minority"] == "Yes", 1, 0)
    df["is_female"] = np.where(df["Sex"] == "Female", 1, 0)

print("\nAverage MathAch by Sex x Minority:")
print(train.pivot_table(index="Sex", columns="Minority", values="MathAch",
                        aggfunc=["mean", "count"]).round(2).to_string())

train["ses_band"] = pd.qcut(train["SES"], 5, labels=["Q1 low", "Q2", "Q3", "Q4", "Q5 high"])
print("\nMathAch by SES quintile:")
print(train.groupby("ses_band", observed=True)["MathAch"].agg(["mean", "std", "count"]).round(2).to_string())

# school profile: built from the student features only (no target), so test schools get one too
students = pd.concat([train, test], ignore_index=True)
school_prof = students.groupby("School").agg(
    n_students=("id", "count"),
    pct_minority=("is_minority", "mean"),
    pct_female=("is_female", "mean"),
    ses_mean=("SES", "mean"),
    ses_std=("SES", "std"),
    ses_min=("SES", "min"),
    ses_max=("SES", "max"),
)
school_prof = school_prof[["School", "n_students", "pct_minority", "pct_female",
                           "ses_mean", "ses_std", "ses_min", "ses_max"]]
school_prof["ses_std"] = school_prof["ses_std"].fillna(0)
school_prof["school_type"] = np.select(
    [school_prof["pct_female"] == 1, school_prof["pct_female"] == 0],
    ["girls only", "boys only"], default="mixed")
print("\nSchool profile (first 10):")
print(school_prof.head(10).round(3).to_string(index=False))
print(school_prof["school_type"].value_counts().to_string())

train = train.merge(school_prof, on="School", how="left")
test = test.merge(school_prof, on="School", how="left")

for df in (train, test):
    df["ses_vs_school"] = df["SES"] - df["MEANSES"]
    df["minority_x_ses"] = df["is_minority"] * df["SES"]
    df["girls_only"] = np.where(df["school_type"] == "girls only", 1, 0)
    df["boys_only"] = np.where(df["school_type"] == "boys only", 1, 0)

features = ["SES", "MEANSES", "is_minority", "is_female", "n_students", "pct_minority", "pct_female",
            "ses_std", "ses_min", "ses_max", "ses_vs_school", "minority_x_ses", "girls_only", "boys_only"]
X = train[features]
y = train["MathAch"]

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=3)
model = Ridge(alpha=1.0).fit(X_tr, y_tr)
rmse = np.sqrt(mean_squared_error(y_va, model.predict(X_va)))
print(f"\nValidation RMSE: {rmse:.4f}")
print(pd.Series(model.coef_, index=features).round(3).to_string())

model.fit(X, y)
sub = pd.DataFrame({"id": test["id"], "MathAch": model.predict(test[features])})
sub.to_csv("./submission/submission.csv", index=False)
print("submission:", sub.shape)
