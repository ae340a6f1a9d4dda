# penguins: multinomial logistic regression (like nnet::multinom), 5-fold CV by hand
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
classes = ["Adelie", "Chinstrap", "Gentoo"]
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

# summary(train) with NA counts
for c in train.columns[1:]:
    x = train[c]
    if x.dtype.kind == "f" or x.dtype.kind == "i":
        print("%-18s min %8.1f  median %8.1f  mean %8.2f  max %8.1f  NA's %d" %
              (c, x.min(), x.median(), x.mean(), x.max(), x.isna().sum()))
    else:
        print("%-18s %s  NA's %d" % (c, dict(x.value_counts()), x.isna().sum()))

# impute: numeric -> median of the training column, sex -> its own level
for c in num_cols:
    med = train[c].median()
    for d in (train, test):
        d[c] = d[c].fillna(med)
for d in (train, test):
    d["sex"] = d["sex"].fillna("unknown")

all_x = pd.concat([train.drop(columns=["species"]), test], ignore_index=True)
all_x["bill_ratio"] = all_x.apply(lambda r: r["bill_length_mm"] / r["bill_depth_mm"], axis=1)
dummies = pd.get_dummies(all_x[["island", "sex"]], dtype=float)
M = pd.concat([all_x[num_cols + ["bill_ratio"]], dummies], axis=1).values.astype(float)

n = train.shape[0]
Xtr = M[:n]
Xte = M[n:]
y = train["species"].values

# scale() with training means/sds
centre = Xtr.mean(axis=0)
spread = Xtr.std(axis=0)
spread[spread == 0] = 1.0
Xtr = (Xtr - centre) / spread
Xte = (Xte - centre) / spread


def logloss(y_true, P):
    P = np.clip(P, 1e-15, 1 - 1e-15)
    P = P / P.sum(axis=1, keepdims=True)
    ll = 0.0
    for i in range(len(y_true)):
        ll += -np.log(P[i, classes.index(y_true[i])])
    return ll / len(y_true)


np.random.seed(42)
folds = np.zeros(n, dtype=int)
# stratified by species: deal each class out over folds 1..5
for cl in classes:
    idx = np.where(y == cl)[0]
    idx = idx[np.random.permutation(len(idx))]
    for pos in range(len(idx)):
        folds[idx[pos]] = (pos % 5) + 1

oof = np.zeros((n, 3))
for f in range(1, 6):
    m = LogisticRegression(C=5.0, max_iter=5000)
    m.fit(Xtr[folds != f], y[folds != f])
    oof[folds == f] = m.predict_proba(Xtr[folds == f])
    print("fold %d logloss %.4f" % (f, logloss(y[folds == f], oof[folds == f])))

acc = np.mean(np.array(classes)[oof.argmax(axis=1)] == y)
print("(CV accuracy %.4f)" % acc)
print("CV logloss: %.5f" % logloss(y, oof))

final = LogisticRegression(C=5.0, max_iter=5000).fit(Xtr, y)
P = final.predict_proba(Xte)
sub = pd.DataFrame(P, columns=list(final.classes_))
sub.insert(0, "id", test["id"].values)
sub = sub[["id"] + classes]
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
