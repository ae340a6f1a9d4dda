# penguins: multinomial logit, evaluated with repeated 75/25 splits (caret's "LGOCV")
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss

pen = pd.read_csv("./input/train.csv")
pen_test = pd.read_csv("./input/test.csv")
species_levels = ["Adelie", "Chinstrap", "Gentoo"]
measures = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

# complete.cases() count and summary by species
print("complete cases:", pen.dropna().shape[0], "of", pen.shape[0])
by_sp = pen.groupby("species")[measures].agg(["mean", "std"]).round(2)
print(by_sp)

# impute measurements with the species-free median, sex by the most common level
med = pen[measures].median()
for c in measures:
    pen[c] = pen[c].fillna(med[c])
    pen_test[c] = pen_test[c].fillna(med[c])
top_sex = pen["sex"].value_counts().index[0]
pen["sex"] = pen["sex"].fillna(top_sex)
pen_test["sex"] = pen_test["sex"].fillna(top_sex)


def model_frame(d):
    mf = d[measures].copy()
    mf["body_mass_kg"] = mf["body_mass_g"] / 1000.0
    mf = mf.drop(columns=["body_mass_g"])
    mf["isl_Dream"] = (d["island"] == "Dream").astype(float)
    mf["isl_Torgersen"] = (d["island"] == "Torgersen").astype(float)
    mf["male"] = (d["sex"] == "male").astype(float)
    return mf


X = model_frame(pen).values
Xnew = model_frame(pen_test).values
y = pen["species"].values
m_ = X.mean(axis=0)
s_ = X.std(axis=0)
X = (X - m_) / s_
Xnew = (Xnew - m_) / s_


def fit_multinom(Xa, ya, cost=2.0):
    mod = LogisticRegression(multi_class="multinomial", solver="lbfgs", C=cost, max_iter=3000)
    mod.fit(Xa, ya)
    return mod


n = X.shape[0]
n_reps = 10
scores = []
np.random.seed(314)
for rep in range(1, n_reps + 1):
    shuffled = np.random.permutation(n)
    cut = int(0.75 * n)
    a, b = shuffled[:cut], shuffled[cut:]
    print("rep %d: fitting on %d rows" % (rep, len(a)))
    mod = fit_multinom(X[a], y[a])
    P = mod.predict_proba(X[b])
    scores.append(log_loss(y[b], P, labels=list(mod.classes_)))

scores = np.array(scores)
print("per rep:", np.round(scores, 4))
print("LGOCV logloss: %.5f (sd %.5f)" % (scores.mean(), scores.std()))

mod = fit_multinom(X, y)
P = mod.predict_proba(Xnew)
out = pd.DataFrame({"id": pen_test["id"].values})
for j in range(len(mod.classes_)):
    out[mod.classes_[j]] = P[:, j]
out[["id"] + species_levels].to_csv("./submission/submission.csv", index=False)
print(out.head())
