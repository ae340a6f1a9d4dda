"""
Worked example 9: predicting the run-time class of HPC jobs.

Metric: macro-averaged F1 - every class counts the same, so the rare
long-running jobs (L) matter as much as the very common very-fast ones.

Outline
  A. explore the class balance and the skewed numeric columns
  B. baseline: always predict the majority class
  C. multinomial logistic regression on log-transformed numbers
  D. LightGBM with 5-fold CV (we print the training log)
  E. compare everything, show the confusion matrix, write the submission
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.compose import make_column_transformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, LabelEncoder, OneHotEncoder, StandardScaler

SEED = 2024
N_FOLDS = 5
NUMERIC = ["compounds", "input_fields", "iterations", "num_pending", "hour"]
CATEGORICAL = ["protocol", "day"]


def title(s):
    print("\n" + "=" * 72)
    print(s.upper())
    print("=" * 72)


def say(s):
    print("  " + s)


def evaluate(name, y_true, y_pred):
    acc = accuracy_score(y_true, y_pred)
    f1 = f1_score(y_true, y_pred)
    print(f"  {name:<22s} accuracy={acc:.4f}  macro-F1={f1:.4f}")
    return f1


def add_features(df):
    df = df.copy()
    df["log_compounds"] = np.log1p(df["compounds"])
    df["log_fields"] = np.log1p(df["input_fields"])
    df["work"] = np.log1p(df["compounds"] * df["iterations"])
    df["queue_busy"] = (df["num_pending"] > 0).astype(int)
    for c in CATEGORICAL:
        df[c] = df[c].astype("category")
    return df


# --------------------------------------------------------------------
title("A. Exploring the data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"  train: {train.shape}, test: {test.shape}")
print(train["class"].value_counts().to_frame("count").assign(
    share=lambda d: (d["count"] / d["count"].sum()).round(3)))
say("num_pending and input_fields are very right-skewed:")
print(train[NUMERIC].skew().round(2).to_string())

train = add_features(train)
test = add_features(test)
for c in CATEGORICAL:
    test[c] = pd.Categorical(test[c], categories=train[c].cat.categories)

encoder = LabelEncoder()
y = encoder.fit_transform(train["class"])
labels = train["class"]
say(f"class codes: {dict(zip(encoder.classes_, range(len(encoder.classes_))))}")
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

# --------------------------------------------------------------------
title("B. Baseline")
say("Always answer the most frequent class. Accuracy looks fine,")
say("macro-F1 will expose it: three of the four classes are never hit.")
majority = train["class"].mode()[0]
baseline_pred = np.full(len(train), majority, dtype=object)

# --------------------------------------------------------------------
title("C. Logistic regression")
num_feats = NUMERIC + ["log_compounds", "log_fields", "work", "queue_busy"]
prep = make_column_transformer(
    (make_pipeline(FunctionTransformer(np.log1p), StandardScaler()), num_feats),
    (OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
)
logreg = make_pipeline(prep, LogisticRegression(max_iter=3000, C=2.0,
                                                class_weight="balanced"))
logreg_pred = cross_val_predict(logreg, train, labels, cv=skf)
say("done (class_weight='balanced' so the small classes are not ignored)")

# --------------------------------------------------------------------
title("D. LightGBM, 5-fold CV")
feats = num_feats + CATEGORICAL
params = {
    "objective": "multiclass",
    "num_class": len(encoder.classes_),
    "learning_rate": 0.05,
    "num_leaves": 24,
    "min_data_in_leaf": 15,
    "feature_fraction": 0.85,
    "bagging_fraction": 0.85,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "seed": SEED,
    "verbosity": -1,
    "num_threads": 2,
}
oof = np.zeros((len(train), len(encoder.classes_)))
test_proba = np.zeros((len(test), len(encoder.classes_)))
for fold, (tr_idx, va_idx) in enumerate(skf.split(train, y), 1):
    print(f"  --- fold {fold}/{N_FOLDS} ---")
    dtr = lgb.Dataset(train.iloc[tr_idx][feats], label=y[tr_idx])
    dva = lgb.Dataset(train.iloc[va_idx][feats], label=y[va_idx], reference=dtr)
    booster = lgb.train(
        params, dtr, num_boost_round=1000, valid_sets=[dva], valid_names=["valid"],
        callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(100)],
    )
    print(f"  best iteration: {booster.best_iteration}, "
          f"valid multi_logloss: {booster.best_score['valid']['multi_logloss']:.4f}")
    oof[va_idx] = booster.predict(train.iloc[va_idx][feats], num_iteration=booster.best_iteration)
    test_proba += booster.predict(test[feats], num_iteration=booster.best_iteration) / N_FOLDS

lgb_pred = encoder.inverse_transform(oof.argmax(axis=1))

# --------------------------------------------------------------------
title("E. Comparison")
scores = {
    "baseline (majority)": evaluate("baseline (majority)", labels, baseline_pred),
    "logistic regression": evaluate("logistic regression", labels, logreg_pred),
    "lightgbm": evaluate("lightgbm", labels, lgb_pred),
}
best = max(scores, key=scores.get)
say(f"best: {best}")

print("\n  confusion matrix (rows = true, columns = predicted), LightGBM:")
order = ["VF", "F", "M", "L"]
cm = confusion_matrix(labels, lgb_pred, labels=order)
print(pd.DataFrame(cm, index=order, columns=order).to_string())

sub = pd.DataFrame({"id": test["id"],
                    "class": encoder.inverse_transform(test_proba.argmax(axis=1))})
sub.to_csv("submission/submission.csv", index=False)
print(sub["class"].value_counts().to_string())
print(f"CV macro-F1 (lightgbm): {scores['lightgbm']:.4f}")
