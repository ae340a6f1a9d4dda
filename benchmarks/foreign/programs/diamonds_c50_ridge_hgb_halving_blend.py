import warnings
from pathlib import Path

import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.compose import ColumnTransformer, TransformedTargetRegressor
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import HalvingGridSearchCV, KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, SplineTransformer, StandardScaler

warnings.filterwarnings("ignore", category=UserWarning)

IN = Path("./input")
OUT = Path("./submission")
ART = Path("./artifacts")
ART.mkdir(exist_ok=True)

CATS = ["cut", "color", "clarity"]
ORDERS = [
    ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    ["J", "I", "H", "G", "F", "E", "D"],
    ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
]


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(y) - np.log1p(np.maximum(p, 0))) ** 2)))


def add_cols(df):
    df = df.copy()
    df["log_carat"] = np.log(df["carat"])
    return df


def make_ridge():
    prep = ColumnTransformer([
        ("spline", SplineTransformer(n_knots=8, degree=3), ["log_carat"]),
        ("lin", StandardScaler(), ["depth", "table"]),
        ("ohe", OneHotEncoder(handle_unknown="ignore"), CATS),
    ])
    return TransformedTargetRegressor(
        regressor=make_pipeline(prep, RidgeCV(alphas=np.logspace(-3, 2, 12))),
        func=np.log1p, inverse_func=np.expm1,
    )


def make_hgb(**kw):
    prep = ColumnTransformer([
        ("ord", OrdinalEncoder(categories=ORDERS), CATS),
    ], remainder="passthrough")
    hgb = HistGradientBoostingRegressor(max_iter=350, learning_rate=0.08, random_state=0, **kw)
    return TransformedTargetRegressor(
        regressor=make_pipeline(prep, hgb), func=np.log1p, inverse_func=np.expm1,
    )


def main():
    train = add_cols(pd.read_csv(IN / "train.csv"))
    test = add_cols(pd.read_csv(IN / "test.csv"))
    feats = ["carat", "log_carat", "depth", "table", "x", "y", "z"] + CATS
    X, y = train[feats], train["price"].to_numpy()
    X_test = test[feats]

    search = HalvingGridSearchCV(
        make_hgb(),
        param_grid={
            "regressor__histgradientboostingregressor__max_leaf_nodes": [15, 31, 63],
            "regressor__histgradientboostingregressor__min_samples_leaf": [10, 30],
            "regressor__histgradientboostingregressor__l2_regularization": [0.0, 1.0],
        },
        factor=3,
        cv=3,
        scoring="neg_mean_squared_log_error",
        random_state=0,
        n_jobs=1,
    )
    search.fit(X, y)
    best_hgb_params = {k.split("__")[-1]: v for k, v in search.best_params_.items()}
    print("HGB best params:", best_hgb_params)

    kf = KFold(n_splits=5, shuffle=True, random_state=0)
    oof = {"ridge": np.zeros(len(X)), "hgb": np.zeros(len(X))}
    test_pred = {"ridge": np.zeros(len(X_test)), "hgb": np.zeros(len(X_test))}
    for fold, (tr, va) in enumerate(kf.split(X)):
        for name, factory in (("ridge", make_ridge), ("hgb", lambda: make_hgb(**best_hgb_params))):
            m = factory()
            m.fit(X.iloc[tr], y[tr])
            oof[name][va] = m.predict(X.iloc[va])
            test_pred[name] += m.predict(X_test) / kf.get_n_splits()
        print(f"fold {fold}: ridge={rmsle(y[va], oof['ridge'][va]):.4f} hgb={rmsle(y[va], oof['hgb'][va]):.4f}")

    scores = {}
    for w in np.linspace(0, 1, 21):
        scores[round(w, 2)] = rmsle(y, w * oof["ridge"] + (1 - w) * oof["hgb"])
    w_best = min(scores, key=scores.get)
    print(f"ridge OOF RMSLE: {rmsle(y, oof['ridge']):.4f}")
    print(f"hgb   OOF RMSLE: {rmsle(y, oof['hgb']):.4f}")
    print(f"blend weight on ridge = {w_best}")
    print(f"Blend OOF RMSLE: {scores[w_best]:.4f}")

    blend_oof = w_best * oof["ridge"] + (1 - w_best) * oof["hgb"]
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    axes[0].scatter(np.log1p(y), np.log1p(blend_oof), s=3, alpha=0.4)
    axes[0].set_xlabel("log price"); axes[0].set_ylabel("log pred")
    axes[1].plot(list(scores), list(scores.values()), marker="o")
    axes[1].set_xlabel("ridge weight"); axes[1].set_ylabel("OOF RMSLE")
    fig.tight_layout()
    fig.savefig(ART / "blend_diagnostics.png", dpi=90)
    plt.close(fig)
    joblib.dump({"oof": oof, "test": test_pred, "w": w_best}, ART / "blend.joblib")

    final = w_best * test_pred["ridge"] + (1 - w_best) * test_pred["hgb"]
    sub = pd.DataFrame({"id": test["id"], "price": np.maximum(final, 300)})
    sub.to_csv(OUT / "submission.csv", index=False)
    print(sub.describe().T[["mean", "min", "max"]])


if __name__ == "__main__":
    main()
