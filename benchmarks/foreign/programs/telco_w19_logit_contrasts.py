# Telco churn: logistic regression with all factors, treatment contrasts
# glm(churn ~ ., family = binomial) and a lasso version; repeated CV AUC

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold, cross_val_score

telco = pd.read_csv("input/train.csv")
telco_test = pd.read_csv("input/test.csv")

print(telco.shape, telco_test.shape)
print()
print(telco.churn.value_counts().rename_axis("churn").to_frame("n")
      .assign(prop=lambda d: (d.n / d.n.sum()).round(3)).to_string())
print()

# which columns are factors (character in R terms)
factor_cols = [c for c in telco.columns if telco[c].dtype == "object"]
numeric_cols = [c for c in telco.columns if c not in factor_cols + ["id", "churn"]]
print("factors :", factor_cols)
print("numerics:", numeric_cols)
print()

print(telco[["tenure", "monthly_charges", "total_charges"]].describe().round(2).to_string())
print()
print("NA per column:")
print(telco.isna().sum().loc[lambda s: s > 0].to_string())
print()

# churn rate by contract and internet service
print(
    telco.pivot_table(index="contract", columns="internet_service", values="churn", aggfunc="mean")
    .round(3)
    .to_string()
)
print()

X = telco.drop(columns=["id", "churn"]).assign(log_tenure=lambda d: np.log1p(d.tenure))
X_test = telco_test.drop(columns=["id"]).assign(log_tenure=lambda d: np.log1p(d.tenure))
numeric_cols = numeric_cols + ["log_tenure"]
y = telco.churn

pre = ColumnTransformer(
    [
        ("num", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), numeric_cols),
        ("fac", OneHotEncoder(drop="first", handle_unknown="ignore"), factor_cols),
    ]
)

models = {
    "glm": Pipeline([("pre", pre), ("fit", LogisticRegression(C=1e3, max_iter=5000))]),
    "ridge-logit C=0.1": Pipeline([("pre", pre), ("fit", LogisticRegression(C=0.1, max_iter=5000))]),
    "lasso-logit C=0.05": Pipeline([("pre", pre), ("fit", LogisticRegression(
        C=0.05, l1_ratio=1.0, solver="saga", max_iter=5000))]),
}

cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=7)
summary = []
for name, m in models.items():
    auc = cross_val_score(m, X, y, cv=cv, scoring="roc_auc")
    summary.append({"model": name, "auc_mean": auc.mean(), "auc_sd": auc.std(ddof=1)})
    print(f"{name:<20s} AUC = {auc.mean():.4f}  (sd {auc.std(ddof=1):.4f}, {len(auc)} folds)")

summary = pd.DataFrame(summary).sort_values("auc_mean", ascending=False)
print()
print(summary.to_string(index=False, float_format="%.4f"))
best = summary.model.iloc[0]
print(f"\nrepeated-CV AUC of '{best}': {summary.auc_mean.iloc[0]:.4f}")

final = models[best].fit(X, y)
terms = final.named_steps["pre"].get_feature_names_out()
coef = (
    pd.DataFrame({"term": terms, "estimate": final.named_steps["fit"].coef_.ravel()})
    .assign(odds_ratio=lambda d: np.exp(d.estimate))
    .sort_values("estimate", ascending=False)
)
print()
print(coef.round(3).to_string(index=False))

p_test = final.predict_proba(X_test)[:, 1]

fig, ax = plt.subplots(figsize=(6, 4))
ax.hist([p_test], bins=40)
ax.set_xlabel("P(churn), test customers")
fig.tight_layout()
fig.savefig("telco_test_probs.png", dpi=90)
plt.close(fig)

pd.DataFrame({"id": telco_test.id, "churn": p_test}).to_csv("submission/submission.csv", index=False)
print("submission written")
