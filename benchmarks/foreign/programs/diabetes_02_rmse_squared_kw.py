import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import KFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
FEATURES = [c for c in train.columns if c not in ("id", "progression")]

kf = KFold(n_splits=5, shuffle=True, random_state=0)
scores = []
test_preds = np.zeros(len(test))
for i, (tr_idx, val_idx) in enumerate(kf.split(train)):
    tr, val = train.iloc[tr_idx], train.iloc[val_idx]
    rf = RandomForestRegressor(n_estimators=300, min_samples_leaf=3, random_state=i)
    rf.fit(tr[FEATURES], tr["progression"])
    rmse = mean_squared_error(val["progression"], rf.predict(val[FEATURES]), squared=False)
    scores.append(rmse)
    test_preds += rf.predict(test[FEATURES]) / kf.get_n_splits()
    print(f"Fold {i}: RMSE={rmse:.3f}")

print(f"Average RMSE: {np.mean(scores):.3f}")
pd.DataFrame({"id": test["id"], "progression": test_preds}).to_csv("./submission/submission.csv", index=False)
