import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder

CAT = ["Home", "Marital", "Records", "Job"]
NUM = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

encode = Pipeline(
    [
        ("fill", SimpleImputer(strategy="constant", fill_value="missing")),
        ("ord", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1)),
    ]
)
prep = ColumnTransformer([("cat", encode, CAT), ("num", "passthrough", NUM)])
n_cat = len(CAT)
model = Pipeline(
    [
        ("prep", prep),
        ("hgb", HistGradientBoostingClassifier(categorical_features=list(range(n_cat)), random_state=0)),
    ]
)
search = GridSearchCV(
    model,
    {"hgb__learning_rate": [0.03, 0.08], "hgb__max_leaf_nodes": [8, 20]},
    scoring="neg_log_loss",
    cv=StratifiedKFold(3, shuffle=True, random_state=0),
)
search.fit(train[CAT + NUM], train["Status"])
print("best:", search.best_params_)
print(f"CV log loss {-search.best_score_:.4f}")

pd.DataFrame({"id": test["id"], "Status": search.predict_proba(test[CAT + NUM])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
