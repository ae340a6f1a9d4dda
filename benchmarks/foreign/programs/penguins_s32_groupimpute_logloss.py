import numpy as np
import pandas as pd
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import log_loss, accuracy_score, f1_score

CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
NUM = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train: {train.shape}   test: {test.shape}")

print("\n--- missing values ---")
print(pd.DataFrame({"train": train.isna().sum(), "test": test.isna().sum()}).fillna(0).astype(int).to_string())
print("\n--- species x island ---")
print(pd.crosstab(train["species"], train["island"], margins=True).to_string())
print("\n--- sex values (raw) ---")
print(train["sex"].value_counts(dropna=False).to_string())
print("\n--- numeric describe by species ---")
print(train.groupby("species")[NUM].mean().round(1).to_string())


def clean(df):
    d = df.copy()
    d["island"] = d["island"].str.strip().str.title()
    d["sex"] = d["sex"].str.strip().str.lower().replace({".": np.nan, "": np.nan})
    # numeric gaps: median of the same species & island is far better than a global median
    for c in NUM:
        grp_med = d.groupby(["species", "island"])[c].transform("median")
        d[c] = d[c].fillna(grp_med).fillna(d[c].median())
    # sex gaps: heavier than the species median -> male
    heavy = d["body_mass_g"] > d.groupby("species")["body_mass_g"].transform("median")
    d["sex"] = d["sex"].fillna(pd.Series(np.where(heavy, "male", "female"), index=d.index))
    d["bill_ratio"] = d["bill_length_mm"] / d["bill_depth_mm"]
    d["mass_per_flipper"] = d["body_mass_g"] / d["flipper_length_mm"]
    return d


tr = clean(train)
print("\n--- after cleaning ---")
print("missing left:", int(tr[NUM + ["sex"]].isna().sum().sum()))
print(tr["sex"].value_counts().to_string())
assert tr[NUM + ["sex"]].notna().all().all()

feat_num = NUM + ["bill_ratio", "mass_per_flipper", "year"]
X = pd.get_dummies(tr[feat_num + ["island", "sex"]], columns=["island", "sex"], drop_first=True, dtype=float)
y = tr["species"].map({c: i for i, c in enumerate(CLASSES)}).values
assert not np.isnan(y.astype(float)).any()
print("\ndesign:", X.shape, list(X.columns))

models = {
    "logreg_C1": make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=5000)),
    "logreg_C0.2": make_pipeline(StandardScaler(), LogisticRegression(C=0.2, max_iter=5000)),
    "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=2, random_state=0, n_jobs=2),
}

cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1)
rows = []
for name, model in models.items():
    for i, (a, b) in enumerate(cv.split(X, y), 1):
        model.fit(X.iloc[a], y[a])
        p = model.predict_proba(X.iloc[b])
        p = np.clip(p, 1e-4, 1 - 1e-4)
        p = p / p.sum(axis=1, keepdims=True)
        pred = p.argmax(1)
        rows.append({"model": name, "split": i, "logloss": log_loss(y[b], p, labels=[0, 1, 2]),
                     "acc": accuracy_score(y[b], pred), "f1_macro": f1_score(y[b], pred, average="macro")})
    r = pd.DataFrame([x for x in rows if x["model"] == name])
    print(f"{name:12s} logloss {r['logloss'].mean():.4f} +- {r['logloss'].std():.4f} | "
          f"acc {r['acc'].mean():.4f} | f1 {r['f1_macro'].mean():.4f}")

res = pd.DataFrame(rows)
table = res.groupby("model")[["logloss", "acc", "f1_macro"]].agg(["mean", "std", "max"]).round(4)
print("\n=========== CV summary ===========")
print(table.to_string())
best = res.groupby("model")["logloss"].mean().idxmin()
cv_ll = res.groupby("model")["logloss"].mean().min()
print(f"best model by logloss: {best} ({cv_ll:.4f})")

# ---- final fit on all training rows, predict test
te = clean(test)
X_test = pd.get_dummies(te[feat_num + ["island", "sex"]], columns=["island", "sex"], drop_first=True, dtype=float)
X_test = X_test.reindex(columns=X.columns, fill_value=0.0)
assert X_test.notna().all().all()

final_model = models[best].fit(X, y)
proba = final_model.predict_proba(X_test)
proba = np.clip(proba, 1e-4, 1 - 1e-4)
proba = proba / proba.sum(axis=1, keepdims=True)
sub = pd.DataFrame(proba, columns=CLASSES)
sub.insert(0, "id", test["id"].values)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head().round(4).to_string(index=False))
print(f"CV logloss = {cv_ll:.4f}")
