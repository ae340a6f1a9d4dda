import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import classification_report, f1_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = ["protocol", "compounds", "input_fields", "iterations", "num_pending", "hour", "day"]
for frame in (train, test):
    frame["protocol"] = pd.Categorical(frame["protocol"], categories=sorted(train["protocol"].unique()))
    frame["day"] = pd.Categorical(frame["day"], categories=sorted(train["day"].unique()))

X_tr, X_va, y_tr, y_va = train_test_split(train[features], train["class"], test_size=0.2, random_state=8, stratify=train["class"])
hgb = HistGradientBoostingClassifier(
    categorical_features="from_dtype", class_weight="balanced", learning_rate=0.06, max_iter=300,
    early_stopping=True, validation_fraction=0.15, n_iter_no_change=20, random_state=8,
)
hgb.fit(X_tr, y_tr)
pred = hgb.predict(X_va)
print(classification_report(y_va, pred, digits=3))
print(f"validation f1_macro: {f1_score(y_va, pred, average='macro'):.4f} after {hgb.n_iter_} iterations")
hgb.fit(train[features], train["class"])
pd.DataFrame({"id": test["id"], "class": hgb.predict(test[features])}).to_csv("./submission/submission.csv", index=False)
