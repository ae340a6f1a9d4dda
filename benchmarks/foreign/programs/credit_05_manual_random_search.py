import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

rng = np.random.default_rng(31)
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

full = pd.concat([train.drop(columns="Status"), test], ignore_index=True)
full = pd.get_dummies(full, columns=["Home", "Marital", "Records", "Job"], dummy_na=True, dtype=float)
num = ["Income", "Assets", "Debt"]
full[num] = full[num].fillna(full[num].median())
full["log_income"] = np.log1p(full["Income"])
full["log_assets"] = np.log1p(full["Assets"])
X = full.iloc[: len(train)].drop(columns="id").to_numpy()
X_test = full.iloc[len(train):].drop(columns="id").to_numpy()
y = train["Status"].to_numpy()


def cv_logloss(C, balanced):
    losses = []
    for a, b in StratifiedKFold(4, shuffle=True, random_state=0).split(X, y):
        sc = StandardScaler().fit(X[a])
        lr = LogisticRegression(C=C, class_weight="balanced" if balanced else None, max_iter=3000)
        lr.fit(sc.transform(X[a]), y[a])
        losses.append(log_loss(y[b], lr.predict_proba(sc.transform(X[b]))[:, 1]))
    return float(np.mean(losses))


trials = []
for t in range(10):
    C = float(10 ** rng.uniform(-3, 1))
    balanced = bool(rng.random() < 0.3)
    loss = cv_logloss(C, balanced)
    trials.append((loss, C, balanced))
    print(f"trial {t:02d}: C={C:.4f} balanced={balanced} -> logloss {loss:.4f}")

best_loss, best_C, best_bal = min(trials)
print(f"best trial: C={best_C:.4f}, balanced={best_bal}, CV logloss={best_loss:.4f}")
sc = StandardScaler().fit(X)
lr = LogisticRegression(C=best_C, class_weight="balanced" if best_bal else None, max_iter=3000).fit(sc.transform(X), y)
pd.DataFrame({"id": test["id"], "Status": lr.predict_proba(sc.transform(X_test))[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
