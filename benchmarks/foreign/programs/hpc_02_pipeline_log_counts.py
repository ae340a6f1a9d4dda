import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

COUNTS = ["compounds", "input_fields", "iterations", "num_pending"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

pre = ColumnTransformer(
    [
        ("counts", Pipeline([("log", FunctionTransformer(np.log1p)), ("scale", StandardScaler())]), COUNTS),
        ("hour", StandardScaler(), ["hour"]),
        ("cats", OneHotEncoder(handle_unknown="ignore"), ["protocol", "day"]),
    ]
)
clf = Pipeline([("pre", pre), ("lr", LogisticRegression(C=3.0, class_weight="balanced", max_iter=4000))])
scores = cross_val_score(clf, train, train["class"], cv=StratifiedKFold(5, shuffle=True, random_state=0), scoring="f1_macro")
print("f1_macro by fold:", " ".join(f"{s:.3f}" for s in scores))
print(f"mean f1_macro: {scores.mean():.4f}")
clf.fit(train, train["class"])
pd.DataFrame({"id": test["id"], "class": clf.predict(test)}).to_csv("./submission/submission.csv", index=False)
