"""Math achievement: ridge regression on student + school-level features,
validated with GroupKFold so schools never leak between folds."""
import argparse
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--input", default="input")
    p.add_argument("--out", default="submission/submission.csv")
    p.add_argument("--folds", type=int, default=5)
    return p.parse_args()


def add_school_features(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["ses_dev"] = df["SES"] - df["MEANSES"]
    df["ses_x_meanses"] = df["SES"] * df["MEANSES"]
    df["ses_sq"] = df["SES"] ** 2
    return df


def build_model() -> Pipeline:
    num = ["SES", "MEANSES", "ses_dev", "ses_x_meanses", "ses_sq"]
    cat = ["Minority", "Sex"]
    pre = ColumnTransformer(
        [
            ("num", StandardScaler(), num),
            ("cat", OneHotEncoder(drop="if_binary", handle_unknown="ignore"), cat),
        ]
    )
    return Pipeline([("pre", pre), ("ridge", RidgeCV(alphas=np.logspace(-3, 3, 25)))])


def main():
    args = parse_args()
    inp = Path(args.input)
    train = add_school_features(pd.read_csv(inp / "train.csv"))
    test = add_school_features(pd.read_csv(inp / "test.csv"))

    X = train.drop(columns=["id", "MathAch"])
    y = train["MathAch"].to_numpy()
    groups = train["School"].to_numpy()

    oof = np.zeros(len(train))
    scores = []
    gkf = GroupKFold(n_splits=args.folds)
    for fold, (tr, va) in enumerate(gkf.split(X, y, groups)):
        model = build_model()
        model.fit(X.iloc[tr], y[tr])
        oof[va] = model.predict(X.iloc[va])
        rmse = mean_squared_error(y[va], oof[va]) ** 0.5
        scores.append(rmse)
        print(f"fold {fold}: rmse={rmse:.4f} alpha={model.named_steps['ridge'].alpha_:.3g}")

    total = mean_squared_error(y, oof) ** 0.5
    print(f"CV RMSE = {np.mean(scores):.4f} +/- {np.std(scores):.4f} (pooled {total:.4f})")

    final = build_model().fit(X, y)
    preds = final.predict(test.drop(columns=["id"]))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "MathAch": preds}).to_csv(out, index=False)
    print(f"wrote {out} with {len(preds)} rows")


if __name__ == "__main__":
    main()
