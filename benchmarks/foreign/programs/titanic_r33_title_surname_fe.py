import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.preprocessing import OneHotEncoder
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

SEED = 0
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print("age missing: train", train["age"].isnull().mean().round(3), "test", test["age"].isnull().mean().round(3))


def parse_name(df):
    df = df.copy()
    df["surname"] = df["name"].str.split(",").str[0].str.strip()
    df["title"] = df["name"].str.extract(r",\s*([^\.]+)\.", expand=False).str.strip()
    df["title"] = df["title"].replace({"Mlle": "Miss", "Ms": "Miss", "Lady": "Mrs", "the Countess": "Mrs"})
    df["name_len"] = df["name"].str.len()
    df["n_name_words"] = df["name"].str.split().str.len()
    df["has_paren"] = df["name"].str.contains(r"\(", regex=True).astype(int)
    return df


train = parse_name(train)
test = parse_name(test)

# fold rare titles using train counts
title_counts = train["title"].value_counts()
for d in (train, test):
    cnt = d["title"].map(title_counts)
    d["title"] = np.where(cnt < 5, "Rare", d["title"])
print(train["title"].value_counts().to_dict())

# age: impute by title median from train
age_by_title = train.groupby("title")["age"].median()
for d in (train, test):
    d["age_missing"] = d["age"].isnull().astype(int)
    d["age"] = d["age"].fillna(d["title"].map(age_by_title)).fillna(train["age"].median())
    d["is_child"] = (d["age"] < 14).astype(int)
    d["age_bin"] = pd.cut(d["age"], [0, 5, 14, 20, 30, 45, 60, 100], labels=False)
    d["class_num"] = d["pclass"].str[0].astype(int)
    d["female"] = (d["sex"] == "female").astype(int)
    d["age_x_class"] = d["age"] * d["class_num"]
    d["pclass_sex"] = d["pclass"] + "_" + d["sex"]

# surname frequency over train+test (family size proxy)
sn_counts = pd.concat([train["surname"], test["surname"]]).value_counts()
train["surname_cnt"] = train["surname"].map(sn_counts)
test["surname_cnt"] = test["surname"].map(sn_counts)

# out-of-fold surname survival rate
skf = StratifiedKFold(5, shuffle=True, random_state=SEED)
prior = train["survived"].mean()
train["surname_te"] = np.nan
for a, b in skf.split(train, train["survived"]):
    s = train.iloc[a].groupby("surname")["survived"].agg(["sum", "count"])
    rate = (s["sum"] + prior * 2) / (s["count"] + 2)
    train.loc[b, "surname_te"] = train.loc[b, "surname"].map(rate).values
s = train.groupby("surname")["survived"].agg(["sum", "count"])
test["surname_te"] = test["surname"].map((s["sum"] + prior * 2) / (s["count"] + 2))
train["surname_te"] = train["surname_te"].fillna(prior)
test["surname_te"] = test["surname_te"].fillna(prior)

num_feats = ["age", "age_missing", "is_child", "age_bin", "class_num", "female", "age_x_class",
             "name_len", "n_name_words", "has_paren", "surname_cnt", "surname_te"]
ohe_cols = ["title", "pclass_sex"]
ohe = OneHotEncoder(sparse_output=False)
ohe.fit(train[ohe_cols])
ohe_names = list(ohe.get_feature_names_out(ohe_cols))

X = pd.concat([train[num_feats].reset_index(drop=True),
               pd.DataFrame(ohe.transform(train[ohe_cols]), columns=ohe_names)], axis=1)
X_test = pd.concat([test[num_feats].reset_index(drop=True),
                    pd.DataFrame(ohe.transform(test[ohe_cols]), columns=ohe_names)], axis=1)
y = train["survived"].values
print("X", X.shape, "X_test", X_test.shape)

params = dict(n_estimators=300, learning_rate=0.03, num_leaves=8, min_child_samples=20,
              colsample_bytree=0.8, subsample=0.8, subsample_freq=1, random_state=SEED, verbose=-1)
oof = np.zeros(len(X))
pred = np.zeros(len(X_test))
for k, (a, b) in enumerate(skf.split(X, y)):
    m = lgb.LGBMClassifier(**params).fit(X.iloc[a], y[a])
    oof[b] = m.predict_proba(X.iloc[b])[:, 1]
    pred += m.predict_proba(X_test)[:, 1] / 5
    print(f"fold {k} auc {roc_auc_score(y[b], oof[b]):.4f}")
print(f"OOF AUC {roc_auc_score(y, oof):.4f}")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "survived": pred}).to_csv("submission/submission.csv", index=False)
