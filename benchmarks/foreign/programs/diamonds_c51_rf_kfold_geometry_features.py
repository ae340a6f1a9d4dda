import argparse
import json
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_error
from tqdm.auto import tqdm


def get_args():
    ap = argparse.ArgumentParser(description="RF on diamond geometry")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--trees", type=int, default=200)
    ap.add_argument("--min-leaf", type=int, default=2)
    ap.add_argument("--seed", type=int, default=17)
    return ap.parse_args()


CUT_RANK = {"Fair": 1, "Good": 2, "Very Good": 3, "Premium": 4, "Ideal": 5}
COLOR_RANK = {c: i for i, c in enumerate("JIHGFED", start=1)}
CLARITY_RANK = {c: i for i, c in enumerate(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"], start=1)}


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    f = pd.DataFrame(index=df.index)
    f["carat"] = df["carat"]
    f["cut"] = df["cut"].map(CUT_RANK)
    f["color"] = df["color"].map(COLOR_RANK)
    f["clarity"] = df["clarity"].map(CLARITY_RANK)
    f["depth"] = df["depth"]
    f["table"] = df["table"]
    f["x"], f["y"], f["z"] = df["x"], df["y"], df["z"]
    f["volume"] = df["x"] * df["y"] * df["z"]
    f["density"] = df["carat"] / f["volume"]
    f["girdle_ratio"] = df["x"] / df["y"]
    f["depth_check"] = df["z"] / ((df["x"] + df["y"]) / 2)
    f["grade"] = f["cut"] * f["color"] * f["clarity"]
    return f


def main():
    args = get_args()
    np.random.seed(args.seed)
    t0 = time.time()

    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = engineer(train)
    X_test = engineer(test)
    y = np.log1p(train["price"].to_numpy())
    print(f"features: {list(X.columns)}")

    kf = KFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    oof = np.zeros(len(X))
    preds = np.zeros(len(X_test))
    fold_rmse = []
    for k, (tr, va) in enumerate(tqdm(kf.split(X), total=args.folds, desc="cv")):
        rf = RandomForestRegressor(
            n_estimators=args.trees,
            min_samples_leaf=args.min_leaf,
            max_features=0.6,
            random_state=args.seed + k,
            n_jobs=1,
        )
        rf.fit(X.iloc[tr], y[tr])
        oof[va] = rf.predict(X.iloc[va])
        preds += rf.predict(X_test) / args.folds
        fold_rmse.append(float(np.sqrt(mean_squared_error(y[va], oof[va]))))
        tqdm.write(f"fold {k}: RMSLE {fold_rmse[-1]:.4f}")

    cv = float(np.sqrt(mean_squared_error(y, oof)))
    print(f"CV RMSLE = {cv:.4f} +/- {np.std(fold_rmse):.4f}")
    with open("cv_scores.json", "w") as fh:
        json.dump({"folds": fold_rmse, "cv": cv, "args": vars(args)}, fh, indent=1)

    sub = pd.DataFrame({"id": test["id"], "price": np.expm1(preds)})
    sub.to_csv("./submission/submission.csv", index=False)
    print(f"wrote {len(sub)} rows in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
