import pandas as pd
from sklearn.calibration import CalibratedClassifierCV
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

CATEGORICAL = ["Home", "Marital", "Records", "Job"]


def load(path):
    return pd.read_csv(path)


def to_matrix(train, test):
    both = pd.concat([train, test], keys=["tr", "te"])
    both[CATEGORICAL] = both[CATEGORICAL].fillna("unknown")
    both = pd.get_dummies(both, columns=CATEGORICAL, dtype=float)
    both = both.fillna(both.median(numeric_only=True))
    return both.loc["tr"], both.loc["te"]


def main():
    train = load("./input/train.csv")
    test = load("./input/test.csv")
    y = train.pop("Status")
    X, X_test = to_matrix(train.drop(columns="id"), test.drop(columns="id"))

    X_fit, X_hold, y_fit, y_hold = train_test_split(X, y, test_size=0.25, stratify=y, random_state=10)
    raw = RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=10).fit(X_fit, y_fit)
    cal = CalibratedClassifierCV(
        RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=10), method="isotonic", cv=3
    ).fit(X_fit, y_fit)
    raw_loss = log_loss(y_hold, raw.predict_proba(X_hold)[:, 1])
    cal_loss = log_loss(y_hold, cal.predict_proba(X_hold)[:, 1])
    print(f"Holdout log loss (calibrated): {cal_loss:.4f} vs raw {raw_loss:.4f}")

    final = CalibratedClassifierCV(
        RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=10), method="isotonic", cv=3
    ).fit(X, y)
    pd.DataFrame({"id": test["id"], "Status": final.predict_proba(X_test)[:, 1]}).to_csv(
        "./submission/submission.csv", index=False
    )


if __name__ == "__main__":
    main()
