# Palmer penguins: species ~ bill + flipper + mass + island + sex
# multinomial logit first (like nnet::multinom), then see if a tree model buys anything

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.compose import ColumnTransformer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler, OneHotEncoder
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import RepeatedStratifiedKFold, cross_val_score

SEED = 2024

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print(f"train: {train.shape[0]} x {train.shape[1]}   test: {test.shape[0]} x {test.shape[1]}")
print()
print(train.describe().round(2).to_string())
print()

# table(species, island) -- pandas crosstab is the closest thing
print(pd.crosstab(train.species, train.island, margins=True).to_string())
print()

# NA count per column, like colSums(is.na(df))
na_tab = (
    train.isna().sum()
    .rename("n_missing")
    .to_frame()
    .assign(pct=lambda d: (100 * d.n_missing / len(train)).round(1))
    .query("n_missing > 0")
)
print(na_tab.to_string())
print()

num_vars = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
fac_vars = ["island", "sex"]

# group means, species by species
print(
    train.groupby("species")[num_vars]
    .mean()
    .round(1)
    .to_string()
)
print()

X = train[num_vars + fac_vars]
y = train["species"]

def design(scale=True):
    num_steps = [SimpleImputer(strategy="median")]
    if scale:
        num_steps.append(StandardScaler())
    return ColumnTransformer(
        [
            ("num", make_pipeline(*num_steps), num_vars),
            ("fac", make_pipeline(SimpleImputer(strategy="most_frequent"),
                                  OneHotEncoder(drop="first", handle_unknown="ignore")),
             fac_vars),
        ]
    )

models = {
    "multinom (C=1)": make_pipeline(design(), LogisticRegression(C=1.0, max_iter=2000)),
    "multinom (C=0.1)": make_pipeline(design(), LogisticRegression(C=0.1, max_iter=2000)),
    "hist gbm": make_pipeline(
        design(scale=False),
        HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05,
                                       max_leaf_nodes=8, random_state=SEED),
    ),
}

cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=SEED)

rows = []
for name, mod in models.items():
    s = -cross_val_score(mod, X, y, cv=cv, scoring="neg_log_loss")
    rows.append({"model": name, "logloss_mean": s.mean(), "logloss_sd": s.std(ddof=1)})
    print(f"  {name:<18s} logloss = {s.mean():.4f} (sd {s.std(ddof=1):.4f})")

cv_tab = pd.DataFrame(rows).sort_values("logloss_mean").reset_index(drop=True)
print()
print("5-fold x 3 repeated CV:")
print(cv_tab.to_string(index=False, float_format="%.4f"))
print()

best_name = cv_tab.loc[0, "model"]
print(f"chosen: {best_name}  (CV logloss {cv_tab.loc[0, 'logloss_mean']:.4f})")

final = models[best_name].fit(X, y)

# coefficient table for the logit (reference class is implicit in sklearn, so
# we get one row per class -- softmax parametrisation, not baseline-category)
glm = models["multinom (C=1)"].fit(X, y)
feat_names = glm[0].get_feature_names_out()
coef = (
    pd.DataFrame(glm[-1].coef_, index=glm[-1].classes_, columns=feat_names)
    .T
    .rename(index=lambda s: s.replace("num__", "").replace("fac__", ""))
    .round(3)
)
print()
print("multinomial logit coefficients (standardised numerics):")
print(coef.to_string())

# plot: flipper vs bill length by species
fig, ax = plt.subplots(figsize=(6, 4.5))
for sp, d in train.groupby("species"):
    ax.scatter(d.flipper_length_mm, d.bill_length_mm, s=14, alpha=0.7, label=sp)
ax.set_xlabel("flipper length (mm)")
ax.set_ylabel("bill length (mm)")
ax.legend(title="species")
fig.tight_layout()
fig.savefig("penguins_scatter.png", dpi=90)
plt.close(fig)

proba = final.predict_proba(test[num_vars + fac_vars])
sub = (
    pd.DataFrame(proba, columns=final.classes_)
    .assign(id=test["id"].values)
    [["id", "Adelie", "Chinstrap", "Gentoo"]]
)
sub.to_csv("submission/submission.csv", index=False)
print()
print(sub.head().round(4).to_string(index=False))
print(f"wrote {len(sub)} rows")
