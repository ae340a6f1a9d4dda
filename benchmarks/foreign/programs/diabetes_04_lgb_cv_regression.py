import lightgbm as lgb
import pandas as pd

TARGET = "progression"


def load_data():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    return train, test


def tune_rounds(train, features, params):
    dset = lgb.Dataset(train[features], train[TARGET], free_raw_data=False)
    hist = lgb.cv(
        params,
        dset,
        num_boost_round=1500,
        nfold=5,
        stratified=False,
        shuffle=True,
        seed=3,
        callbacks=[lgb.early_stopping(75, verbose=False)],
    )
    rmse = hist["valid rmse-mean"]
    return len(rmse), rmse[-1]


if __name__ == "__main__":
    train, test = load_data()
    features = [c for c in train.columns if c not in ("id", TARGET)]
    params = {
        "objective": "regression",
        "metric": "rmse",
        "learning_rate": 0.01,
        "num_leaves": 4,
        "min_data_in_leaf": 20,
        "feature_fraction": 0.8,
        "verbosity": -1,
    }
    rounds, cv_rmse = tune_rounds(train, features, params)
    print(f"[lgb.cv] best rmse {cv_rmse:.3f} @ {rounds} rounds")
    booster = lgb.train(params, lgb.Dataset(train[features], train[TARGET]), num_boost_round=rounds)
    pd.DataFrame({"id": test["id"], TARGET: booster.predict(test[features])}).to_csv(
        "./submission/submission.csv", index=False
    )
