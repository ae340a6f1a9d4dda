import os
import warnings
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import RandomForestClassifier, StackingClassifier, ExtraTreesClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from lightgbm import LGBMClassifier

warnings.filterwarnings("ignore", category=UserWarning)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
target = "Status"
print(f"train {train.shape}  test {test.shape}  bad-rate {train[target].mean():.3f}")
print("missing per column:", train.isna().sum()[lambda s: s > 0].to_dict())

X = train.drop(columns=["id", target])
y = train[target]
X_test = test.drop(columns=["id"])

X["debt_ratio"] = X["Debt"] / (X["Income"] + 1)
X_test["debt_ratio"] = X_test["Debt"] / (X_test["Income"] + 1)
X["loan_per_month"] = X["Amount"] / X["Time"]
X_test["loan_per_month"] = X_test["Amount"] / X_test["Time"]

prep = ColumnTransformer([
    ("num", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()),
     make_column_selector(dtype_include="number")),
    ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"),
                          OneHotEncoder(handle_unknown="ignore")),
     make_column_selector(dtype_exclude="number")),
])

base = {
    "lr": LogisticRegression(C=0.5, max_iter=3000),
    "knn": KNeighborsClassifier(n_neighbors=41, weights="distance"),
    "rf": RandomForestClassifier(n_estimators=150, min_samples_leaf=4, random_state=0),
    "et": ExtraTreesClassifier(n_estimators=150, min_samples_leaf=4, random_state=0),
    "lgbm": LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=15,
                           min_child_samples=30, colsample_bytree=0.8, verbose=-1, random_state=0),
}

cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=5)
ll = {}
for name, est in base.items():
    s = cross_val_score(make_pipeline(prep, est), X, y, cv=cv, scoring="neg_log_loss")
    ll[name] = -s.mean()
    print(f"  {name:<5} logloss {ll[name]:.4f}")

board = pd.DataFrame({"logloss": pd.Series(ll)}).sort_values("logloss")
board["rank"] = np.arange(1, len(board) + 1)
print("\nleaderboard:\n" + board.to_string(float_format="%.4f"))

top = board.index[:3].tolist()
stack = StackingClassifier(
    estimators=[(n, make_pipeline(prep, base[n])) for n in top],
    final_estimator=LogisticRegression(max_iter=1000),
    cv=3, stack_method="predict_proba",
)
stack_ll = -cross_val_score(stack, X, y, cv=cv, scoring="neg_log_loss").mean()
print(f"\nstack of {top}: logloss {stack_ll:.4f}")

if stack_ll < board["logloss"].iloc[0]:
    final, label = stack, "stack"
else:
    final, label = make_pipeline(prep, base[top[0]]), top[0]
print(f"final model: {label}  cv logloss = {min(stack_ll, board['logloss'].iloc[0]):.4f}")

final.fit(X, y)
p = final.predict_proba(X_test)[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], target: p}).to_csv("submission/submission.csv", index=False)
print("done; test mean prob", round(float(p.mean()), 4))
