"""Doctor visits: one log1p-ridge per count target, manual 5-fold CV, alpha picked per target."""
import argparse
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
BINARY = {"adl": "limited", "afam": "yes", "gender": "female", "married": "yes",
          "employed": "yes", "insurance": "yes", "medicaid": "yes"}
HEALTH = {"poor": 0, "average": 1, "good": 2}


def encode(df: pd.DataFrame) -> pd.DataFrame:
    X = pd.DataFrame(index=df.index)
    for col, pos in BINARY.items():
        X[col] = (df[col] == pos).astype(float)
    X["health"] = df["health"].map(HEALTH)
    X = X.join(pd.get_dummies(df["region"], prefix="reg", dtype=float))
    X["chronic"] = df["chronic"]
    X["chronic2"] = df["chronic"] ** 2
    X["age"] = df["age"]
    X["age2"] = df["age"] ** 2
    X["school"] = df["school"]
    X["log_income"] = np.log1p(df["income"].clip(lower=0))
    X["chronic_x_adl"] = X["chronic"] * X["adl"]
    X["ins_x_medicaid"] = X["insurance"] * X["medicaid"]
    return X


def cv_rmsle(X, y_log, alpha, kf):
    errs = []
    oof = np.zeros(len(y_log))
    for tr, va in kf.split(X):
        m = make_pipeline(StandardScaler(), Ridge(alpha=alpha))
        m.fit(X[tr], y_log[tr])
        oof[va] = np.clip(m.predict(X[va]), 0, None)
    return float(np.sqrt(np.mean((oof - y_log) ** 2))), oof


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path("input"))
    ap.add_argument("--alphas", type=float, nargs="+", default=[0.1, 1, 3, 10, 30, 100, 300])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    train = pd.read_csv(args.data / "train.csv")
    test = pd.read_csv(args.data / "test.csv")
    X = encode(train)
    X_te = encode(test).reindex(columns=X.columns, fill_value=0.0)
    Xa, Xa_te = X.to_numpy(), X_te.to_numpy()
    kf = KFold(5, shuffle=True, random_state=args.seed)

    best = {}
    for t in TARGETS:
        y_log = np.log1p(train[t].to_numpy(float))
        res = {a: cv_rmsle(Xa, y_log, a, kf)[0] for a in args.alphas}
        a_best = min(res, key=res.get)
        best[t] = {"alpha": a_best, "rmsle": res[a_best]}
        print(f"{t:10s} best alpha={a_best:<6g} RMSLE={res[a_best]:.4f}")
    mean_score = np.mean([v["rmsle"] for v in best.values()])
    print(f"CV mean columnwise RMSLE: {mean_score:.4f}")

    sub = pd.DataFrame({"id": test["id"]})
    for t in TARGETS:
        y_log = np.log1p(train[t].to_numpy(float))
        m = make_pipeline(StandardScaler(), Ridge(alpha=best[t]["alpha"])).fit(Xa, y_log)
        sub[t] = np.expm1(np.clip(m.predict(Xa_te), 0, None))

    out = Path("submission")
    out.mkdir(exist_ok=True)
    sub.to_csv(out / "submission.csv", index=False)
    (out / "ridge_alphas.json").write_text(json.dumps(best, indent=2))
    print("submission:", sub.shape)


if __name__ == "__main__":
    main()
