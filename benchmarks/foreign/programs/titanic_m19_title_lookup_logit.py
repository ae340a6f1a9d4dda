# Titanic survival - title parsing, survival tables, logistic regression
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score, accuracy_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("passengers train:", len(train), " test:", len(test))
print("survival rate: {:.1%}".format(train["survived"].mean()))
print("missing age - train:", int(train["age"].isna().sum()), " test:", int(test["age"].isna().sum()))

title_groups = {"Mr": "Mr", "Miss": "Miss", "Mlle": "Miss", "Ms": "Miss", "Mrs": "Mrs", "Mme": "Mrs",
                "Master": "Master", "Dr": "Officer/Prof", "Rev": "Officer/Prof", "Col": "Officer/Prof",
                "Major": "Officer/Prof", "Capt": "Officer/Prof"}

for df in (train, test):
    df["name"] = df["name"].str.strip()
    df["surname"] = df["name"].str.split(",").str[0].str.strip()
    df["title_raw"] = df["name"].str.extract(r",\s*([^.]+)\.", expand=False).str.strip()
    df["title"] = df["title_raw"].map(title_groups).fillna("Noble/Other")
    df["class_num"] = df["pclass"].str[0].astype(int)
    df["age_was_missing"] = df["age"].isna().astype(int)

print("\nTitles (train):")
print(train["title"].value_counts().to_string())

print("\nSurvival % by class and sex:")
ct = pd.crosstab(train["pclass"], train["sex"], values=train["survived"], aggfunc="mean")
print((ct * 100).round(1).to_string())

# age: fill the blanks with the median age of the passenger's title group
age_by_title = train.groupby("title").agg(median_age=("age", "median"), n=("age", "size"),
                                          missing=("age", lambda s: s.isna().sum()))
print("\nAge lookup by title:")
print(age_by_title.round(1).to_string())
train["age"] = train.groupby("title")["age"].transform(lambda s: s.fillna(s.median()))

# family size proxy: how many passengers in the whole list share the surname
surname_counts = pd.concat([train["surname"], test["surname"]]).value_counts()
for df in (train, test):
    df["surname_count"] = df["surname"].map(surname_counts)
    df["is_female"] = np.where(df["sex"] == "female", 1, 0)
    df["is_child"] = np.where(df["age"] < 14, 1, 0)
    df["women_children_first"] = np.where((df["is_female"] == 1) | (df["title"] == "Master"), 1, 0)
    df["age_band"] = pd.cut(df["age"], bins=[0, 12, 18, 30, 45, 60, 90],
                            labels=["child", "teen", "young", "adult", "middle", "senior"])

print("\nSurvival by age band:")
print(train.groupby("age_band", observed=True)["survived"].agg(["mean", "count"]).round(3).to_string())

print("\nSurvival by surname count:")
print(train.groupby("surname_count")["survived"].agg(["mean", "count"]).round(3).head(8).to_string())

num = ["age", "age_was_missing", "class_num", "is_female", "is_child", "women_children_first", "surname_count"]
cats = ["title", "pclass"]
allx = pd.get_dummies(pd.concat([train[num + cats], test[num + cats]], keys=["tr", "te"]),
                      columns=cats, dtype=float)
allx["female_x_class"] = allx["is_female"] * allx["class_num"]
X = allx.loc["tr"]
X_test = allx.loc["te"]
y = train["survived"]

X_a, X_b, y_a, y_b = train_test_split(X, y, test_size=0.25, stratify=y, random_state=21)
logit = LogisticRegression(C=1.0, max_iter=1000)
logit.fit(X_a, y_a)
p_b = logit.predict_proba(X_b)[:, 1]
print(f"\nHoldout accuracy: {accuracy_score(y_b, (p_b > 0.5).astype(int)):.4f}")
print(f"Validation AUC: {roc_auc_score(y_b, p_b):.4f}")

print(pd.Series(logit.coef_[0], index=X.columns).round(3).sort_values().to_string())

logit.fit(X, y)
sub = pd.DataFrame({"id": test["id"], "survived": logit.predict_proba(X_test)[:, 1]})
sub.to_csv("./submission/submission.csv", index=False)
print("submission saved:", sub.shape)
