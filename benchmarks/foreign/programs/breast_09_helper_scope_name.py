import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split


def evaluate(model, X_valid):
    preds = model.predict_proba(X_valid)[:, 1]
    return roc_auc_score(y_valid, preds)


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = train.drop(columns=["id", "diagnosis"])
    y = train["diagnosis"]
    X_train, X_valid, y_train, y_valid = train_test_split(X, y, test_size=0.2, random_state=4)

    model = ExtraTreesClassifier(n_estimators=400, random_state=4)
    model.fit(X_train, y_train)
    print(f"validation auc: {evaluate(model, X_valid):.4f}")

    model.fit(X, y)
    sub = pd.DataFrame({"id": test["id"], "diagnosis": model.predict_proba(test[X.columns])[:, 1]})
    sub.to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
