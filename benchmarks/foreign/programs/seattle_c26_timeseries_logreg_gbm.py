"""Seattle weather: compare a linear and a boosted model with a forward-chaining split."""
import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score
from sklearn.model_selection import TimeSeriesSplit
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

NUM = ["precipitation", "temp_max", "temp_min", "wind", "temp_range", "doy_sin", "doy_cos", "year"]
CAT = ["month", "season"]


def load(path):
    df = pd.read_csv(path)
    df["date"] = pd.to_datetime(df["date"], format="%m/%d/%Y")
    return df.sort_values("date").reset_index(drop=True)


def engineer(df):
    df = df.copy()
    df["year"] = df["date"].dt.year
    df["month"] = df["date"].dt.month
    doy = df["date"].dt.dayofyear
    df["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["season"] = df["month"].map({12: "winter", 1: "winter", 2: "winter",
                                    3: "spring", 4: "spring", 5: "spring",
                                    6: "summer", 7: "summer", 8: "summer",
                                    9: "autumn", 10: "autumn", 11: "autumn"})
    return df


def make_models():
    pre_lin = ColumnTransformer([
        ("num", StandardScaler(), NUM),
        ("cat", OneHotEncoder(handle_unknown="ignore"), CAT),
    ])
    pre_tree = ColumnTransformer([
        ("num", "passthrough", NUM),
        ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CAT),
    ])
    return {
        "logreg": Pipeline([("pre", pre_lin), ("clf", LogisticRegression(C=0.5, max_iter=2000))]),
        "hgb": Pipeline([("pre", pre_tree), ("clf", HistGradientBoostingClassifier(
            max_depth=4, learning_rate=0.05, max_iter=300, l2_regularization=1.0, random_state=0))]),
    }


def main():
    train = engineer(load("input/train.csv"))
    test = engineer(load("input/test.csv"))
    X, y = train[NUM + CAT], train["weather"]

    tss = TimeSeriesSplit(n_splits=4)
    results = {}
    for name, model in make_models().items():
        accs = []
        for tr_idx, va_idx in tss.split(X):
            model.fit(X.iloc[tr_idx], y.iloc[tr_idx])
            accs.append(accuracy_score(y.iloc[va_idx], model.predict(X.iloc[va_idx])))
        results[name] = float(np.mean(accs))
        print(f"{name:7s} time-split accuracy: {np.mean(accs):.4f}  folds={np.round(accs, 3).tolist()}")

    best = max(results, key=results.get)
    print("selected:", best)
    final = make_models()[best].fit(X, y)
    sub = pd.DataFrame({"id": test["id"], "weather": final.predict(test[NUM + CAT])})
    os.makedirs("submission", exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    print("Validation accuracy:", round(results[best], 4))


if __name__ == "__main__":
    main()
