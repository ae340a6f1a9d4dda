import lightgbm as lgb
import pandas as pd

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def prepare(df):
    out = pd.DataFrame(index=df.index)
    out["sex"] = pd.Categorical(df["sex"], categories=["female", "male"])
    out["pclass"] = pd.Categorical(df["pclass"], categories=["1st", "2nd", "3rd"], ordered=True)
    title = df["name"].str.extract(r",\s*(\w+)", expand=False)
    out["title"] = pd.Categorical(title.where(title.isin(["Mr", "Mrs", "Miss", "Master"]), "Other"))
    out["age"] = df["age"]
    out["name_len"] = df["name"].str.len()
    return out


X, X_test = prepare(train), prepare(test)
X_test["title"] = pd.Categorical(X_test["title"], categories=X["title"].cat.categories)
params = {"objective": "binary", "metric": "auc", "learning_rate": 0.02, "num_leaves": 8, "min_data_in_leaf": 15, "verbose": -1}
cv = lgb.cv(
    params,
    lgb.Dataset(X, train["survived"]),
    num_boost_round=2000,
    nfold=5,
    stratified=True,
    seed=42,
    callbacks=[lgb.early_stopping(100, verbose=False)],
)
n_best = len(cv["valid auc-mean"])
print(f"lgb.cv: auc {cv['valid auc-mean'][-1]:.4f} +- {cv['valid auc-stdv'][-1]:.4f} with {n_best} trees")
model = lgb.train(params, lgb.Dataset(X, train["survived"]), num_boost_round=n_best)
pd.DataFrame({"id": test["id"], "survived": model.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
