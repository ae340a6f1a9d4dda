import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

np.random.seed(42)

dat = pd.read_csv("input/train.csv")
tst = pd.read_csv("input/test.csv")
outcomes = ["health", "limit", "insurance"]
print(f"n train = {len(dat)}, n test = {len(tst)}")

# marginal rates
print("\noutcome prevalence")
print(dat[outcomes].mean().round(4).to_string())

# per-group means, group_by(education) %>% summarise(across(outcomes, mean))
edu_levels = ["none", "ged", "highschool", "other", "bachelor", "master", "phd"]
tab = (dat
       .assign(education=pd.Categorical(dat["education"], categories=edu_levels, ordered=True))
       .groupby("education", observed=True)[outcomes]
       .agg("mean")
       .assign(n=dat.groupby("education").size()))
print("\nrates by education")
print(tab.round(3))

print("\ninsurance by ethnicity x region")
print(dat.pivot_table(index="ethnicity", columns="region", values="insurance", aggfunc="mean").round(3))


def model_matrix(df):
    out = pd.DataFrame(index=df.index)
    out["age"] = (df["age"] - 40) / 10
    out["age2"] = out["age"] ** 2
    out["family"] = np.log(df["family"])
    out["female"] = (df["gender"] == "female").astype(int)
    out["married"] = (df["married"] == "yes").astype(int)
    out["selfemp"] = (df["selfemp"] == "yes").astype(int)
    f = pd.DataFrame({
        "region": pd.Categorical(df["region"], categories=["northeast", "midwest", "south", "west"]),
        "ethnicity": pd.Categorical(df["ethnicity"], categories=["cauc", "afam", "other"]),
        "education": pd.Categorical(df["education"], categories=edu_levels),
    }, index=df.index)
    out = out.join(pd.get_dummies(f, drop_first=True, dtype=int))
    # interaction: married x female
    out["married_x_female"] = out["married"] * out["female"]
    return out


X = model_matrix(dat)
Xt = model_matrix(tst)
print("\nmodel matrix:", X.shape, "columns:", list(X.columns))


def fit_logit(X, y):
    # plain maximum likelihood fit, no shrinkage (like glm(family = binomial))
    m = LogisticRegression(penalty="none", max_iter=2000)
    return m.fit(X, y)


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=7)
res = []
for out_name in outcomes:
    y = dat[out_name].values
    aucs = []
    for k, (a, b) in enumerate(skf.split(X, y), start=1):
        fit = fit_logit(X.iloc[a], y[a])
        p = fit.predict_proba(X.iloc[b])[:, 1]
        aucs.append(roc_auc_score(y[b], p))
    res.append((out_name, np.mean(aucs), np.std(aucs, ddof=1)))
    print(f"{out_name:10s} AUC = {np.mean(aucs):.4f} (sd {np.std(aucs, ddof=1):.4f})")

res = pd.DataFrame(res, columns=["outcome", "auc", "sd"])
print("mean AUC:", round(res["auc"].mean(), 4))

sub = pd.DataFrame({"id": tst["id"]})
for out_name in outcomes:
    fit = fit_logit(X, dat[out_name])
    sub[out_name] = fit.predict_proba(Xt)[:, 1]
    ct = pd.DataFrame({"estimate": np.r_[fit.intercept_, fit.coef_.ravel()]},
                      index=["(Intercept)"] + list(X.columns))
    ct["odds_ratio"] = np.exp(ct["estimate"])
    print(f"\n--- {out_name} ---")
    print(ct.round(3))

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("wrote", sub.shape)
