import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

SEED = 2024
N_FOLDS = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print("Train: {} rows, {} cols".format(*train.shape))
print("Test : {} rows, {} cols".format(*test.shape))
print("Churn rate: {:.3f}".format(train["churn"].mean()))

# total_charges has a handful of blanks for brand new customers
for df in (train, test):
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])
    df["avg_charge"] = df["total_charges"] / (df["tenure"] + 1)
    df["charge_diff"] = df["monthly_charges"] - df["avg_charge"]
    df["n_services"] = (df[["online_security", "online_backup", "device_protection",
                            "tech_support", "streaming_tv", "streaming_movies"]] == "Yes").sum(axis=1)

features = [c for c in train.columns if c not in ("id", "churn")]
cat_cols = [c for c in features if train[c].dtype == "object"]
print("categorical columns:", cat_cols)

for c in cat_cols:
    cats = pd.api.types.union_categoricals(
        [train[c].astype("category"), test[c].astype("category")]).categories
    train[c] = pd.Categorical(train[c], categories=cats)
    test[c] = pd.Categorical(test[c], categories=cats)

X = train[features]
y = train["churn"].values
X_test = test[features]
print("using %d features" % len(features))

params = dict(
    n_estimators=400,
    learning_rate=0.03,
    num_leaves=15,
    min_child_samples=40,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.7,
    reg_lambda=1.0,
    random_state=SEED,
    verbose=-1,
)

oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

for fold, (tr, va) in enumerate(skf.split(X, y), 1):
    print("--- fold %d ---" % fold)
    model = lgb.LGBMClassifier(**params)
    model.fit(X.iloc[tr], y[tr])
    oof[va] = model.predict_proba(X.iloc[va])[:, 1]
    test_pred += model.predict_proba(X_test)[:, 1] / N_FOLDS
    print("fold %d AUC: %.4f" % (fold, roc_auc_score(y[va], oof[va])))

print("=" * 30)
print("OOF AUC: %.4f" % roc_auc_score(y, oof))

imp = pd.Series(model.feature_importances_, index=features).sort_values(ascending=False)
print("top features (last fold):")
print(imp.head(10))

sub = pd.DataFrame({"id": test["id"], "churn": test_pred})
sub.to_csv("submission/submission.csv", index=False)
print("submission saved", sub.shape)
