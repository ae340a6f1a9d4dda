# ===============================================================
#  DOCTOR VISITS (NMES 1988) - predicting 4 count targets
#  visits, ovisits, emergency, hospital  ->  RMSLE per column
# ===============================================================

# ---- STEP 1: import everything ----
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.linear_model import Ridge, PoissonRegressor
from sklearn.neighbors import KNeighborsRegressor
from sklearn.tree import DecisionTreeRegressor
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.metrics import mean_squared_log_error

TARGETS = ["visits", "ovisits", "emergency", "hospital"]

print("=" * 62)
print("STEP 2: load the csv files")
print("=" * 62)
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train shape:", train.shape)
print("test shape:", test.shape)
print(train.head())
print()
train.info()

print("=" * 62)
print("STEP 3: exploratory analysis")
print("=" * 62)
for t in TARGETS:
    print(f"{t}: mean={train[t].mean():.3f}, median={train[t].median()}, max={train[t].max()}, zeros={(train[t] == 0).mean():.1%}")

fig, axes = plt.subplots(2, 2, figsize=(10, 8))
for ax, t in zip(axes.flatten(), TARGETS):
    ax.hist(train[t], bins=30, color="tomato")
    ax.set_title(t)
    ax.set_yscale("log")
plt.tight_layout()
plt.savefig("target_histograms.png")
plt.close()
print("saved target_histograms.png")

print("\nAverage of every column by self-reported health:")
health_summary = train.groupby("health").mean()
print(health_summary[TARGETS])

print("\nCorrelation of numeric features with the targets:")
print(train[["chronic", "age", "school", "income"] + TARGETS].corr()[TARGETS].round(3))

print("=" * 62)
print("STEP 4: preprocessing")
print("=" * 62)
cat_cols = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
num_cols = ["chronic", "age", "school", "income"]

for col in num_cols:
    m = train[col].mean()
    train[col] = train[col].fillna(m)
    test[col] = test[col].fillna(m)
for col in cat_cols:
    m = train[col].mode()[0]
    train[col] = train[col].fillna(m)
    test[col] = test[col].fillna(m)

for col in cat_cols:
    le = LabelEncoder()
    train[col] = le.fit_transform(train[col])
    test[col] = le.transform(test[col])
    print(f"encoded {col}: {list(le.classes_)}")

features = cat_cols + num_cols
X = train[features]
X_test = test[features]

X_tr, X_val, Y_tr, Y_val = train_test_split(X, train[TARGETS], test_size=0.2, random_state=21)
scaler = StandardScaler()
X_tr_s = scaler.fit_transform(X_tr)
X_val_s = scaler.transform(X_val)
X_test_s = scaler.transform(X_test)

print("=" * 62)
print("STEP 5: one set of models per target")
print("=" * 62)
def get_models():
    return {
        "Ridge": Ridge(alpha=1.0),
        "Poisson": PoissonRegressor(alpha=0.1, max_iter=500),
        "KNN": KNeighborsRegressor(n_neighbors=40),
        "DecisionTree": DecisionTreeRegressor(max_depth=4, min_samples_leaf=40),
        "RandomForest": RandomForestRegressor(n_estimators=150, min_samples_leaf=15, n_jobs=-1, random_state=21),
        "GradientBoosting": GradientBoostingRegressor(n_estimators=120, max_depth=3, learning_rate=0.05, random_state=21),
    }

best_per_target = {}
for t in TARGETS:
    print(f"\n######## target = {t} ########")
    rows = []
    for name, model in get_models().items():
        model.fit(X_tr_s, np.log1p(Y_tr[t]))
        pred = np.clip(np.expm1(model.predict(X_val_s)), 0, None)
        score = np.sqrt(mean_squared_log_error(Y_val[t], pred))
        rows.append((name, score, model))
        print(f"   {name:<17} RMSLE = {score:.4f}")
    res = pd.DataFrame(rows, columns=["model", "rmsle", "obj"]).sort_values("rmsle")
    print(res[["model", "rmsle"]].to_string(index=False))
    best_per_target[t] = (res.iloc[0]["model"], res.iloc[0]["rmsle"])

summary = pd.DataFrame([(t, m, s) for t, (m, s) in best_per_target.items()], columns=["target", "best_model", "rmsle"])
print("\nBest model for each target:")
print(summary)
print(f"Mean column-wise RMSLE on validation: {summary['rmsle'].mean():.4f}")

print("=" * 62)
print("STEP 6: refit on all training data and predict")
print("=" * 62)
X_all_s = scaler.fit_transform(X)
X_test_s = scaler.transform(X_test)
submission = pd.DataFrame({"id": test["id"]})
for t in TARGETS:
    name = best_per_target[t][0]
    model = get_models()[name]
    model.fit(X_all_s, np.log1p(train[t]))
    submission[t] = np.clip(np.expm1(model.predict(X_test_s)), 0, None)
    print(f"{t}: refit {name}, mean prediction {submission[t].mean():.3f}")

submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
print("wrote submission/submission.csv", submission.shape)
