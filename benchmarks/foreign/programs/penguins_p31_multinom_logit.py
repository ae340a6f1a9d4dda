import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import log_loss, accuracy_score

np.random.seed(2014)

peng = pd.read_csv("input/train.csv")
peng_test = pd.read_csv("input/test.csv")
print("train", peng.shape, "| test", peng_test.shape)
print(peng.isna().sum().loc[lambda s: s > 0].to_string())

num_vars = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

# summary by species and sex, like group_by(species, sex) %>% summarise(across(...))
print(peng.groupby(["species", "sex"])[num_vars].mean().round(1))
print("\nspecies x island")
print(pd.crosstab(peng["species"], peng["island"]))


def mm(df):
    out = pd.DataFrame({
        "bill_len": df["bill_length_mm"],
        "bill_dep": df["bill_depth_mm"],
        "flipper": df["flipper_length_mm"],
        "mass_kg": df["body_mass_g"] / 1000,
        "male": df["sex"].map({"male": 1, "female": 0}),
        "dream": (df["island"] == "Dream").astype(int),
        "torgersen": (df["island"] == "Torgersen").astype(int),
    })
    out["bill_ratio"] = out["bill_len"] / out["bill_dep"]
    return out


# complete cases only (na.omit)
cc = peng.dropna(subset=num_vars + ["sex"]).reset_index(drop=True)
print(f"\ncomplete cases: {len(cc)} of {len(peng)}")
X = mm(cc)
y = cc["species"].values
mu, sd = X.mean(), X.std()
Z = (X - mu) / sd

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=4)
print("\n  C     logloss  accuracy")
best_C, best_ll = None, np.inf
for C in [0.05, 0.2, 1.0, 5.0]:
    P = cross_val_predict(LogisticRegression(C=C, max_iter=5000), Z, y, cv=skf, method="predict_proba")
    ll = log_loss(y, P, labels=["Adelie", "Chinstrap", "Gentoo"])
    acc = accuracy_score(y, np.array(["Adelie", "Chinstrap", "Gentoo"])[P.argmax(1)])
    print(f"{C:5.2f}  {ll:8.4f}  {acc:8.3f}")
    if ll < best_ll:
        best_C, best_ll = C, ll
print(f"CV log loss = {best_ll:.4f} at C = {best_C}")

fit = LogisticRegression(C=best_C, max_iter=5000).fit(Z, y)
B = pd.DataFrame(fit.coef_.T, index=X.columns, columns=fit.classes_)
print("\ncoefficients (per SD of predictor)")
print(B.round(2))

Zt = (mm(peng_test) - mu) / sd
probs = fit.predict_proba(Zt)
sub = pd.DataFrame(probs, columns=fit.classes_)
sub.insert(0, "id", peng_test["id"].values)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.round(3).head())
