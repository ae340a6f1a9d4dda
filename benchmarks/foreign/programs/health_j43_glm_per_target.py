# health-insurance: three separate logistic regressions, one per outcome
# (what I would do with glm(..., family = binomial) three times)
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
targets = ["health", "limit", "insurance"]
factors = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

# table() of each factor
for f in factors:
    tab = train[f].value_counts()
    print(f, ":", " ".join(["%s=%d" % (k, v) for k, v in tab.items()]))
# prop.table of outcomes
for t in targets:
    print("mean(%s) = %.4f" % (t, train[t].mean()))

# model matrix on train+test together so the dummy columns line up
n_tr = train.shape[0]
both = pd.concat([train.drop(columns=targets), test], axis=0, ignore_index=True)
mm = pd.get_dummies(both[factors], drop_first=True, dtype=float)
mm["age"] = (both["age"].values - 40.0) / 10.0
mm["age2"] = mm["age"].values ** 2
mm["family"] = both["family"].values
mm["logfamily"] = both["family"].apply(lambda v: np.log(v))
mm["age_x_married"] = mm["age"].values * mm["married_yes"].values
print("model matrix:", mm.shape, list(mm.columns))

X = mm.values[:n_tr]
X_test = mm.values[n_tr:]

# 80/20 split, the old-fashioned way
np.random.seed(123)
u = np.random.uniform(size=n_tr)
idx_tr = np.where(u < 0.8)[0]
idx_va = np.where(u >= 0.8)[0]
print("n train:", len(idx_tr), " n valid:", len(idx_va))

aucs = []
for t in targets:
    y = train[t].values
    m = LogisticRegression(C=0.5, max_iter=2000)
    m.fit(X[idx_tr], y[idx_tr])
    p = m.predict_proba(X[idx_va])[:, 1]
    a = roc_auc_score(y[idx_va], p)
    aucs.append(a)
    print("  %-10s AUC = %.4f" % (t, a))

print("Validation AUC: %.4f" % np.mean(aucs))

sub = pd.DataFrame({"id": test["id"].values})
for t in targets:
    m = LogisticRegression(C=0.5, max_iter=2000)
    m.fit(X, train[t].values)
    sub[t] = m.predict_proba(X_test)[:, 1]

sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe().T[["mean", "min", "max"]])
