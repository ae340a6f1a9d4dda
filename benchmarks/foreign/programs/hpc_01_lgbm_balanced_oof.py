import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["protocol"] = df["protocol"].astype("category")
    df["day"] = pd.Categorical(df["day"], categories=["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    df["log_fields"] = np.log1p(df["input_fields"])
    df["work"] = np.log1p(df["compounds"]) + np.log1p(df["iterations"])
test["protocol"] = pd.Categorical(test["protocol"], categories=train["protocol"].cat.categories)

features = [c for c in train.columns if c not in ("id", "class")]
y = train["class"]
oof = np.empty(len(train), dtype=object)
votes = np.zeros((len(test), y.nunique()))
classes = np.sort(y.unique())
for k, (tr, va) in enumerate(StratifiedKFold(5, shuffle=True, random_state=4).split(train, y)):
    model = LGBMClassifier(
        n_estimators=400, learning_rate=0.05, num_leaves=20, class_weight="balanced", subsample=0.8,
        subsample_freq=1, colsample_bytree=0.8, verbose=-1, random_state=k,
    )
    model.fit(train.loc[tr, features], y[tr])
    oof[va] = model.predict(train.loc[va, features])
    votes += model.predict_proba(test[features])
    print(f"fold {k}: macro F1 = {f1_score(y[va], oof[va], average='macro'):.4f}")
print(f"macro-F1 (OOF): {f1_score(y, oof.astype(str), average='macro'):.4f}")
pd.DataFrame({"id": test["id"], "class": classes[votes.argmax(axis=1)]}).to_csv("./submission/submission.csv", index=False)
