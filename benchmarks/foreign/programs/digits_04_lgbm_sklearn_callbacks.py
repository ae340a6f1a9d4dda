import lightgbm as lgb
import pandas as pd
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = df.columns.drop(["id", "digit"])

X_train, X_hold, y_train, y_hold = train_test_split(
    df[features], df["digit"], test_size=0.2, stratify=df["digit"], random_state=12
)
clf = lgb.LGBMClassifier(
    n_estimators=600,
    learning_rate=0.08,
    num_leaves=15,
    colsample_bytree=0.5,
    min_child_samples=5,
    verbose=-1,
)
clf.fit(
    X_train,
    y_train,
    eval_set=[(X_hold, y_hold)],
    eval_metric="multi_error",
    callbacks=[lgb.early_stopping(30, verbose=True), lgb.log_evaluation(50)],
)
acc = accuracy_score(y_hold, clf.predict(X_hold))
print(f"Holdout accuracy = {acc:.4f} (best_iteration_={clf.best_iteration_})")

final = lgb.LGBMClassifier(
    n_estimators=clf.best_iteration_, learning_rate=0.08, num_leaves=15, colsample_bytree=0.5,
    min_child_samples=5, verbose=-1,
).fit(df[features], df["digit"])
pd.DataFrame({"id": test["id"], "digit": final.predict(test[features])}).to_csv(
    "./submission/submission.csv", index=False
)
