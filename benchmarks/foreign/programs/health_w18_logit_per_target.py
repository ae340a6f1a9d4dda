# MEPS 1995: three binary outcomes (health, limit, insurance), one logistic model each
# logit(p) ~ poly(age, 2) + gender + married + selfemp + family + region + ethnicity + education

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import RepeatedStratifiedKFold, cross_val_score
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

meps = pd.read_csv("input/train.csv")
meps_test = pd.read_csv("input/test.csv")

outcomes = ["health", "limit", "insurance"]
print(f"{len(meps)} respondents; outcome prevalences:")
print(meps[outcomes].mean().round(3).to_frame("p").T.to_string(index=False))
print()

# prevalence by education, long -> wide
edu_tab = (
    meps.melt(id_vars=["education"], value_vars=outcomes, var_name="outcome", value_name="y")
    .pivot_table(index="education", columns="outcome", values="y", aggfunc="mean")
    .round(3)
    .assign(n=meps.education.value_counts())
    .sort_values("n", ascending=False)
)
print(edu_tab.to_string())
print()

def design(d):
    base = d.assign(
        age_c=(d.age - 40) / 10,
        age_c2=((d.age - 40) / 10) ** 2,
        log_family=np.log(d.family),
    )
    fac = pd.get_dummies(
        base[["gender", "married", "selfemp", "region", "ethnicity", "education"]],
        drop_first=True, dtype=float,
    )
    return pd.concat([base[["age_c", "age_c2", "log_family"]], fac], axis=1)

X = design(meps)
X_test = design(meps_test).reindex(columns=X.columns, fill_value=0.0)
print("model matrix columns:", ", ".join(X.columns))
print()

cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=95)

logit = lambda: make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=2000))
gbm = lambda: HistGradientBoostingClassifier(max_iter=120, learning_rate=0.05,
                                              max_leaf_nodes=12, min_samples_leaf=50,
                                              random_state=95)

results = []
for out in outcomes:
    y = meps[out]
    for label, maker in [("logit", logit), ("hgb", gbm)]:
        auc = cross_val_score(maker(), X, y, cv=cv, scoring="roc_auc")
        results.append({"outcome": out, "model": label, "auc": auc.mean(), "sd": auc.std(ddof=1)})
        print(f"{out:<10s} {label:<6s} AUC {auc.mean():.4f} (sd {auc.std(ddof=1):.4f})")

res = pd.DataFrame(results)
wide = res.pivot_table(index="outcome", columns="model", values="auc").reindex(outcomes)
print()
print(wide.round(4).to_string())
print()
print(f"mean AUC over outcomes -- logit: {wide['logit'].mean():.4f}, hgb: {wide['hgb'].mean():.4f}, "
      f"best-of: {wide.max(axis=1).mean():.4f}")

# odds ratios from the logits, one column per outcome
or_tab = {}
sub = pd.DataFrame({"id": meps_test["id"]})
for out in outcomes:
    m = logit().fit(X, meps[out])
    or_tab[out] = np.exp(m[-1].coef_.ravel())
    chosen = m if wide.loc[out, "logit"] >= wide.loc[out, "hgb"] else gbm().fit(X, meps[out])
    sub[out] = chosen.predict_proba(X_test)[:, 1]

or_df = pd.DataFrame(or_tab, index=X.columns).round(3)
print()
print("odds ratios (per 1 sd of each column):")
print(or_df.to_string())

# age profile of each outcome
fig, ax = plt.subplots(figsize=(6, 4))
(
    meps.assign(age_band=pd.cut(meps.age, bins=range(15, 70, 5)))
    .groupby("age_band", observed=True)[outcomes]
    .mean()
    .plot(ax=ax, marker="o")
)
ax.set_ylabel("proportion")
fig.tight_layout()
fig.savefig("health_age_profile.png", dpi=90)
plt.close(fig)

sub.to_csv("submission/submission.csv", index=False)
print()
print(sub[outcomes].describe().round(3).to_string())
