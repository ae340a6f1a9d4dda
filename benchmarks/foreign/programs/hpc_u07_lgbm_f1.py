import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, accuracy_score, confusion_matrix

SEED = 11

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print(train["class"].value_counts())

le = LabelEncoder()
y = le.fit_transform(train["class"])
print("classes:", list(le.classes_))

DAYS = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}


def build(df):
    f = pd.DataFrame(index=df.index)
    f["protocol"] = df["protocol"].astype("category")
    for c in ["compounds", "input_fields", "iterations", "num_pending"]:
        f[c] = df[c]
        f["log_" + c] = np.log1p(df[c])
    f["work"] = np.log1p(df["compounds"] * df["input_fields"] * df["iterations"])
    f["hour"] = df["hour"]
    f["dow"] = df["day"].map(DAYS)
    f["weekend"] = (f["dow"] >= 5).astype(int)
    f["office_hours"] = ((df["hour"] >= 8) & (df["hour"] <= 18)).astype(int)
    return f


X = build(train)
X_test = build(test)
X_test["protocol"] = pd.Categorical(X_test["protocol"], categories=X["protocol"].cat.categories)
print("X:", X.shape)

# macro F1 -> the rare long-running classes matter as much as VF
params = dict(objective="multiclass", n_estimators=600, learning_rate=0.03,
              num_leaves=31, min_child_samples=10, colsample_bytree=0.8,
              class_weight="balanced", random_state=SEED, verbose=-1)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
oof = np.zeros((len(X), len(le.classes_)))
test_proba = np.zeros((len(X_test), len(le.classes_)))

for fold, (tr, va) in enumerate(skf.split(X, y)):
    print("\n##### FOLD %d #####" % fold)
    m = lgb.LGBMClassifier(**params)
    m.fit(X.iloc[tr], y[tr], eval_set=[(X.iloc[va], y[va])],
          callbacks=[lgb.log_evaluation(100)])
    oof[va] = m.predict_proba(X.iloc[va])
    test_proba += m.predict_proba(X_test) / skf.get_n_splits()
    pred = oof[va].argmax(1)
    print("fold %d acc=%.4f f1=%.4f" % (fold, accuracy_score(y[va], pred), f1_score(y[va], pred)))

oof_pred = oof.argmax(1)
print("\nOOF macro F1: %.4f" % f1_score(y, oof_pred, average="macro"))
print("OOF accuracy: %.4f" % accuracy_score(y, oof_pred))
print(pd.DataFrame(confusion_matrix(y, oof_pred), index=le.classes_, columns=le.classes_))

sub = pd.DataFrame({"id": test["id"], "class": le.inverse_transform(test_proba.argmax(1))})
sub.to_csv("submission/submission.csv", index=False)
print(sub["class"].value_counts())
