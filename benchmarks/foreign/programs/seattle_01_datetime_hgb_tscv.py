import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import accuracy_score
from sklearn.model_selection import TimeSeriesSplit


def date_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    when = pd.to_datetime(out["date"])
    out["month"] = when.dt.month
    out["doy_sin"] = np.sin(2 * np.pi * when.dt.dayofyear / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * when.dt.dayofyear / 365.25)
    out["temp_range"] = out["temp_max"] - out["temp_min"]
    out["wet"] = (out["precipitation"] > 0).astype(int)
    return out.drop(columns=["date"])


train = pd.read_csv("./input/train.csv").sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv")
train_f, test_f = date_features(train), date_features(test)
features = [c for c in test_f.columns if c != "id"]

scores = []
for k, (tr, va) in enumerate(TimeSeriesSplit(n_splits=4).split(train_f)):
    clf = HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, max_depth=4, random_state=0)
    clf.fit(train_f.loc[tr, features], train_f.loc[tr, "weather"])
    scores.append(accuracy_score(train_f.loc[va, "weather"], clf.predict(train_f.loc[va, features])))
    print(f"split {k}: train={len(tr)} valid={len(va)} acc={scores[-1]:.4f}")
print(f"TimeSeriesSplit accuracy: {np.mean(scores):.4f}")

clf = HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, max_depth=4, random_state=0)
clf.fit(train_f[features], train_f["weather"])
pd.DataFrame({"id": test["id"], "weather": clf.predict(test_f[features])}).to_csv(
    "./submission/submission.csv", index=False
)
