import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
both = pd.concat([train.assign(part="train"), test.assign(part="test")], ignore_index=True)

# school context: every school sits wholly in one file, so its own pupils describe it
school = both.groupby("School").agg(
    school_size=("id", "size"),
    school_ses_sd=("SES", "std"),
    minority_share=("Minority", lambda s: (s == "Yes").mean()),
    girls_share=("Sex", lambda s: (s == "Female").mean()),
)
both = both.join(school, on="School")
both["ses_vs_school"] = both["SES"] - both["MEANSES"]
both["minority"] = (both["Minority"] == "Yes").astype(int)
both["female"] = (both["Sex"] == "Female").astype(int)
FEATS = ["SES", "MEANSES", "ses_vs_school", "minority", "female", "school_size", "school_ses_sd", "minority_share", "girls_share"]
tr = both[both["part"] == "train"].reset_index(drop=True)
te = both[both["part"] == "test"].reset_index(drop=True)

oof = np.zeros(len(tr))
pred = np.zeros(len(te))
for fold, (a, b) in enumerate(GroupKFold(n_splits=5).split(tr, groups=tr["School"])):
    m = LGBMRegressor(n_estimators=300, learning_rate=0.03, num_leaves=15, min_child_samples=40, verbose=-1)
    m.fit(tr.loc[a, FEATS], tr.loc[a, "MathAch"])
    oof[b] = m.predict(tr.loc[b, FEATS])
    pred += m.predict(te[FEATS]) / 5
    print(f"fold {fold}  rmse {np.sqrt(mean_squared_error(tr.loc[b, 'MathAch'], oof[b])):.4f}")
print(f"GroupKFold RMSE: {np.sqrt(mean_squared_error(tr['MathAch'], oof)):.4f}")
pd.DataFrame({"id": te["id"], "MathAch": pred}).to_csv("./submission/submission.csv", index=False)
