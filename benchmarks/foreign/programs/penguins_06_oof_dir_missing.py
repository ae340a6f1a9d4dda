import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    df["sex"] = df["sex"].map({"male": 1, "female": 0})
    df["island"] = df["island"].map({"Biscoe": 0, "Dream": 1, "Torgersen": 2})

feats = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "sex"]
classes = sorted(train["species"].unique())
y = train["species"].map({c: i for i, c in enumerate(classes)}).values

oof = np.zeros((len(train), len(classes)))
preds = np.zeros((len(test), len(classes)))
folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
for k, (a, b) in enumerate(folds.split(train, y), 1):
    model = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=8, random_state=k)
    model.fit(train.loc[a, feats], y[a])
    oof[b] = model.predict_proba(train.loc[b, feats])
    preds += model.predict_proba(test[feats]) / folds.n_splits
    print(f"[fold {k}] logloss {log_loss(y[b], oof[b], labels=range(3)):.4f}")

print(f"CV logloss: {log_loss(y, oof):.4f}")

oof_df = pd.DataFrame(oof, columns=classes)
oof_df["id"] = train["id"]
oof_df.to_csv("oof/penguins_hgb_oof.csv", index=False)

sub = pd.DataFrame(preds, columns=classes)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
