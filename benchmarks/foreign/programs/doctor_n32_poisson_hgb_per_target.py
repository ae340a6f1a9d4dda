"""
Doctor visits: four count targets (visits, ovisits, emergency, hospital).
Metric: RMSLE per column, averaged.

Plan:
  - one-hot the yes/no + region/health strings with pd.get_dummies (train+test together so
    the columns line up)
  - counts -> a Poisson loss is the natural choice; one HistGradientBoostingRegressor per target
  - 5-fold KFold, report RMSLE per column and the mean
  - also keep a Ridge-on-log1p baseline as a sanity check (try/except so it can't kill the run)
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold

SEED = 13
TARGETS = ["visits", "ovisits", "emergency", "hospital"]


def rmsle(y_true, y_pred):
    y_pred = np.clip(y_pred, 0, None)
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2)))


def encode(train, test):
    feats = [c for c in test.columns if c != "id"]
    both = pd.concat([train[feats], test[feats]], axis=0, ignore_index=True)
    both = pd.get_dummies(both, drop_first=True, dtype=float)
    return both.iloc[: len(train)].reset_index(drop=True), both.iloc[len(train):].reset_index(drop=True)


def make_hgb():
    return HistGradientBoostingRegressor(loss="poisson", learning_rate=0.05, max_iter=200,
                                         max_depth=4, min_samples_leaf=40, random_state=SEED)


def main():
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    X, X_test = encode(train, test)
    print("encoded features:", X.shape[1])
    print(train[TARGETS].describe().loc[["mean", "max"]].round(2))

    kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
    scores = {}
    for target in TARGETS:
        y = train[target].values.astype(float)
        oof = np.zeros(len(y))
        for tr_idx, va_idx in kf.split(X):
            m = make_hgb()
            m.fit(X.iloc[tr_idx], y[tr_idx])
            oof[va_idx] = m.predict(X.iloc[va_idx])
        scores[target] = rmsle(y, oof)

        try:
            base = np.zeros(len(y))
            for tr_idx, va_idx in kf.split(X):
                r = Ridge(alpha=3.0).fit(X.iloc[tr_idx], np.log1p(y[tr_idx]))
                base[va_idx] = np.expm1(r.predict(X.iloc[va_idx]))
            print(f"{target:10s} HGB-poisson RMSLE {scores[target]:.4f} | ridge-log1p {rmsle(y, base):.4f}")
        except Exception as e:
            print(f"{target:10s} HGB-poisson RMSLE {scores[target]:.4f} | ridge baseline failed: {e}")

    mean_score = float(np.mean(list(scores.values())))
    print(f"CV mean columnwise RMSLE: {mean_score:.4f}")

    sub = pd.DataFrame({"id": test["id"]})
    for target in TARGETS:
        m = make_hgb().fit(X, train[target].values.astype(float))
        sub[target] = np.clip(m.predict(X_test), 0, None)
    sub.to_csv("submission/submission.csv", index=False)
    print(sub.head())
    print(f"Final validation rmsle_columnwise: {mean_score:.4f}")


if __name__ == "__main__":
    main()
