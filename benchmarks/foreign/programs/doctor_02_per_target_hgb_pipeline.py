import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
CATEGORICAL = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
NUMERIC = ["chronic", "age", "school", "income"]


def pipeline():
    enc = ColumnTransformer(
        [("cat", OrdinalEncoder(), CATEGORICAL), ("num", "passthrough", NUMERIC)],
        verbose_feature_names_out=False,
    )
    hgb = HistGradientBoostingRegressor(
        loss="poisson", max_iter=200, learning_rate=0.05, categorical_features=list(range(len(CATEGORICAL))), random_state=0
    )
    return Pipeline([("enc", enc), ("hgb", hgb)])


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    out = pd.DataFrame({"id": test["id"]})
    scores = {}
    for target in TARGETS:
        score = -cross_val_score(pipeline(), train, train[target], cv=4, scoring="neg_root_mean_squared_log_error").mean()
        scores[target] = score
        out[target] = pipeline().fit(train, train[target]).predict(test)
        print(f"{target}: cv RMSLE {score:.4f}")
    print(f"column-wise RMSLE (mean): {sum(scores.values()) / len(scores):.4f}")
    out.to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
