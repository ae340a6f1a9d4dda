import argparse
import os
import json
import numpy as np
import pandas as pd
import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.pipeline import Pipeline
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OrdinalEncoder, FunctionTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import f1_score, ConfusionMatrixDisplay


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="./input")
    parser.add_argument("--out", default="./submission")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--lr", type=float, default=0.08)
    parser.add_argument("--max_iter", type=int, default=300)
    parser.add_argument("--seed", type=int, default=17)
    args, _ = parser.parse_known_args()
    return args


def add_features(df):
    df = df.copy()
    df["work"] = df["compounds"] * df["iterations"]
    df["fields_x_comp"] = df["input_fields"] / (df["compounds"] + 1)
    df["night"] = ((df["hour"] < 7) | (df["hour"] > 20)).astype(int)
    return df


def main():
    args = get_args()
    print("args:", vars(args))
    np.random.seed(args.seed)

    train = pd.read_csv(os.path.join(args.data, "train.csv"))
    test = pd.read_csv(os.path.join(args.data, "test.csv"))
    print("train", train.shape, "test", test.shape)

    train = add_features(train)
    test = add_features(test)

    cat_cols = ["protocol", "day"]
    log_cols = ["compounds", "input_fields", "num_pending", "work", "fields_x_comp"]
    plain_cols = ["iterations", "hour", "night"]
    features = cat_cols + log_cols + plain_cols
    print("features", features)

    pre = ColumnTransformer([
        ("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), cat_cols),
        ("log", FunctionTransformer(np.log1p), log_cols),
        ("plain", "passthrough", plain_cols),
    ])
    clf = HistGradientBoostingClassifier(
        learning_rate=args.lr,
        max_iter=args.max_iter,
        max_leaf_nodes=31,
        l2_regularization=1.0,
        categorical_features=[0, 1],
        class_weight="balanced",
        early_stopping=False,
        random_state=args.seed,
    )
    pipe = Pipeline([("pre", pre), ("hgb", clf)])

    X = train[features]
    y = train["class"].to_numpy()
    print("X", X.shape, "y", y.shape, y[:10])

    skf = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    oof_pred = cross_val_predict(pipe, X, y, cv=skf, n_jobs=1)
    print("oof_pred", oof_pred.shape, oof_pred[:10])
    fold_f1 = []
    for k, (a, b) in enumerate(skf.split(X, y)):
        f = f1_score(y[b], oof_pred[b], average="macro")
        fold_f1.append(f)
        print("fold", k, "macro F1", round(f, 4))
    print("CV macro F1 = %.4f +/- %.4f" % (np.mean(fold_f1), np.std(fold_f1)))

    try:
        fig, ax = plt.subplots(figsize=(5, 5))
        ConfusionMatrixDisplay.from_predictions(y, oof_pred, labels=["VF", "F", "M", "L"], ax=ax)
        fig.savefig("oof_confusion.png", dpi=80)
        plt.close(fig)
    except Exception as e:
        print("could not plot:", e)

    pipe.fit(X, y)
    joblib.dump(pipe, "hgb_pipe.joblib")
    test_pred = pipe.predict(test[features])
    print("test pred", pd.Series(test_pred).value_counts().to_dict())

    os.makedirs(args.out, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"].values, "class": test_pred})
    sub.to_csv(os.path.join(args.out, "submission.csv"), index=False)
    with open("cv.json", "w") as f:
        json.dump({"cv_f1_macro": float(np.mean(fold_f1)), "folds": fold_f1}, f)
    print("wrote", sub.shape)


if __name__ == "__main__":
    main()
