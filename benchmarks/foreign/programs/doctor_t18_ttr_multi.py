"""Doctor visits (4 count targets): log1p-target regressors, column-wise RMSLE."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.compose import TransformedTargetRegressor, make_column_selector, make_column_transformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import RidgeCV
from sklearn.metrics import make_scorer
from sklearn.model_selection import KFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

INPUT = Path("input")
OUTPUT = Path("submission")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
SEED = 17


def rmsle_cols(y_true, y_pred) -> float:
    yt = np.log1p(np.clip(np.asarray(y_true, dtype=float), 0, None))
    yp = np.log1p(np.clip(np.asarray(y_pred, dtype=float), 0, None))
    return float(np.mean(np.sqrt(np.mean((yt - yp) ** 2, axis=0))))


def per_column(y_true: pd.DataFrame, y_pred: np.ndarray) -> pd.Series:
    return pd.Series({c: rmsle_cols(y_true[[c]], y_pred[:, [i]]) for i, c in enumerate(y_true.columns)})


def preprocessing(splines: bool) -> object:
    numeric = [StandardScaler()]
    if splines:
        numeric.insert(0, SplineTransformer(n_knots=4, degree=2))
    return make_column_transformer(
        (make_pipeline(*numeric), make_column_selector(dtype_include=np.number)),
        (OneHotEncoder(drop="if_binary", handle_unknown="ignore", sparse_output=False),
         make_column_selector(dtype_include=object)),
    )


def log_space(regressor) -> TransformedTargetRegressor:
    return TransformedTargetRegressor(regressor=regressor, func=np.log1p, inverse_func=np.expm1,
                                      check_inverse=False)


def main() -> None:
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    X = train.drop(columns=["id", *TARGETS])
    Y = train[TARGETS]
    print(f"X {X.shape}  Y {Y.shape}  test {test.shape}")
    print(Y.describe().loc[["mean", "50%", "max"]].round(2).to_string())

    kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
    const = np.tile(np.expm1(np.log1p(Y).mean()).to_numpy(), (len(Y), 1))
    print(f"\nconstant (geo-mean) rmsle: {rmsle_cols(Y, const):.4f}")

    ridge = make_pipeline(preprocessing(splines=True), log_space(RidgeCV(alphas=np.logspace(-2, 3, 20))))
    scorer = make_scorer(rmsle_cols, greater_is_better=False)
    res = cross_validate(ridge, X, Y, cv=kf, scoring={"rmsle": scorer}, return_estimator=True)
    print(f"ridge+splines  rmsle {-res['test_rmsle'].mean():.4f} +/- {res['test_rmsle'].std():.4f}")
    alphas = [est[-1].regressor_.alpha_ for est in res["estimator"]]
    print("  chosen alphas:", np.round(alphas, 3).tolist())

    hgb = make_pipeline(
        preprocessing(splines=False),
        log_space(HistGradientBoostingRegressor(max_iter=200, learning_rate=0.05,
                                                min_samples_leaf=30, random_state=SEED)),
    )
    fold_scores, oof = [], np.zeros(Y.shape)
    for k, (tr, va) in enumerate(kf.split(X), start=1):
        model = clone(hgb).fit(X.iloc[tr], Y.iloc[tr])
        oof[va] = model.predict(X.iloc[va])
        fold_scores.append(rmsle_cols(Y.iloc[va], oof[va]))
        print(f"  hgb fold {k}: {fold_scores[-1]:.4f}")
    print(f"hgb            rmsle {np.mean(fold_scores):.4f}")
    print(per_column(Y, oof).round(4).to_string())

    ridge_score = -res["test_rmsle"].mean()
    best = hgb if np.mean(fold_scores) < ridge_score else ridge
    final = clone(best).fit(X, Y)
    pred = np.clip(final.predict(test.drop(columns=["id"])), 0, None)

    sub = pd.DataFrame(pred, columns=TARGETS)
    sub.insert(0, "id", test["id"].to_numpy())
    OUTPUT.mkdir(exist_ok=True)
    sub.to_csv(OUTPUT / "submission.csv", index=False)
    print(f"\nwrote {len(sub)} rows; column means:", sub[TARGETS].mean().round(3).to_dict())


if __name__ == "__main__":
    main()
