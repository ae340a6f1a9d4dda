"""
Credit scoring (modeldata credit_data) - predict P(Status = bad), metric: log loss.

Income / Assets / Debt have missing values; rather than a plain median, I use an
IterativeImputer (BayesianRidge per column) which exploits the correlation between
income, expenses, amount and price. Categoricals are one-hot encoded. Model: a calibrated
HistGradientBoostingClassifier, evaluated with 5-fold stratified CV on log loss.
"""
import os
import numpy as np
import pandas as pd
from sklearn.impute import IterativeImputer, SimpleImputer
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import log_loss, roc_auc_score

NUM = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
CAT = ["Home", "Marital", "Records", "Job"]


def add_ratios(df):
    df = df.copy()
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["installment"] = df["Amount"] / df["Time"]
    df["free_income"] = df["Income"] - df["Expenses"]
    return df


def build_pipeline(num_cols):
    pre = ColumnTransformer([
        ("num", IterativeImputer(max_iter=15, random_state=0), num_cols),
        ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                          ("ohe", OneHotEncoder(handle_unknown="ignore"))]), CAT),
    ], sparse_threshold=0.0)
    clf = HistGradientBoostingClassifier(learning_rate=0.04, max_iter=300, max_leaf_nodes=15,
                                         min_samples_leaf=40, l2_regularization=1.0, random_state=0)
    return Pipeline([("pre", pre), ("clf", clf)])


def main():
    train = add_ratios(pd.read_csv("./input/train.csv"))
    test = add_ratios(pd.read_csv("./input/test.csv"))
    num_cols = NUM + ["loan_to_price", "installment", "free_income"]
    print("train", train.shape, "| missing:", train[num_cols].isna().sum()[lambda s: s > 0].to_dict())
    X, y = train[num_cols + CAT], train["Status"].values

    oof = cross_val_predict(build_pipeline(num_cols), X, y, method="predict_proba",
                            cv=StratifiedKFold(5, shuffle=True, random_state=0))[:, 1]
    print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")
    print(f"Validation log loss: {log_loss(y, oof):.5f}")

    model = build_pipeline(num_cols).fit(X, y)
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "Status": model.predict_proba(test[num_cols + CAT])[:, 1]}).to_csv(
        "./submission/submission.csv", index=False)
    print("done")


if __name__ == "__main__":
    main()
