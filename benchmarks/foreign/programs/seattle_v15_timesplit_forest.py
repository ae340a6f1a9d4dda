"""
Worked example 4: what kind of weather was it in Seattle?

This is a *time-ordered* task: the test days all come after the training
days. A random K-fold would let the model peek at the future, so here we
validate on the LAST 20% of the training period instead.

Steps: features from the date -> majority-class baseline -> logistic
regression -> random forest -> confusion matrix -> refit and submit.
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 11


def header(msg):
    line = "*" * (len(msg) + 8)
    print(f"\n{line}\n*** {msg} ***\n{line}")


def explain(msg):
    print("  " + msg)


def date_features(df):
    out = pd.DataFrame(index=df.index)
    d = pd.to_datetime(df["date"])
    doy = d.dt.dayofyear
    out["month"] = d.dt.month
    out["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    out["precipitation"] = df["precipitation"]
    out["log_precip"] = np.log1p(df["precipitation"])
    out["dry"] = (df["precipitation"] == 0).astype(int)
    out["temp_max"] = df["temp_max"]
    out["temp_min"] = df["temp_min"]
    out["temp_range"] = df["temp_max"] - df["temp_min"]
    out["wind"] = df["wind"]
    return out


def print_confusion(y_true, y_pred, labels):
    cm = confusion_matrix(y_true, y_pred, labels=labels)
    df = pd.DataFrame(cm, index=labels, columns=labels)
    df.index.name = "true \\ pred"
    print(df.to_string())


# ---------------------------------------------------------------
header("Load and sort by date")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train = train.sort_values("date").reset_index(drop=True)
print(f"train days: {len(train)} ({train['date'].min()} .. {train['date'].max()})")
print(f"test days:  {len(test)} ({test['date'].min()} .. {test['date'].max()})")
print(train["weather"].value_counts().to_string())

X = date_features(train)
y = train["weather"]
X_test = date_features(test)

cut = int(len(train) * 0.8)
X_fit, X_val = X.iloc[:cut], X.iloc[cut:]
y_fit, y_val = y.iloc[:cut], y.iloc[cut:]
explain(f"fit on the first {cut} days, validate on the last {len(X_val)}")
explain(f"validation period starts {train['date'].iloc[cut]}")
labels = sorted(y.unique())

# ---------------------------------------------------------------
header("Baseline: the most common weather")
majority = y_fit.mode()[0]
base_acc = accuracy_score(y_val, np.repeat(majority, len(y_val)))
explain(f"majority class in the fit period: '{majority}'")
explain(f"baseline accuracy: {base_acc:.4f}")
explain("note: the label mix drifts over the years, check the shares:")
print(pd.concat([y_fit.value_counts(normalize=True).rename("fit"),
                 y_val.value_counts(normalize=True).rename("valid")], axis=1)
      .fillna(0).round(3).to_string())

# ---------------------------------------------------------------
header("Model 1: logistic regression")
logreg = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000, C=0.5))
logreg.fit(X_fit, y_fit)
lr_pred = logreg.predict(X_val)
lr_acc = accuracy_score(y_val, lr_pred)
explain(f"validation accuracy: {lr_acc:.4f}")

# ---------------------------------------------------------------
header("Model 2: random forest")
forest = RandomForestClassifier(n_estimators=400, min_samples_leaf=3,
                                random_state=SEED, n_jobs=2)
forest.fit(X_fit, y_fit)
rf_pred = forest.predict(X_val)
rf_acc = accuracy_score(y_val, rf_pred)
explain(f"validation accuracy: {rf_acc:.4f}")
imp = pd.Series(forest.feature_importances_, index=X.columns).sort_values(ascending=False)
explain("top features: " + ", ".join(f"{k} ({v:.2f})" for k, v in imp.head(4).items()))

# ---------------------------------------------------------------
header("Which one wins?")
table = pd.Series({"baseline": base_acc, "logistic regression": lr_acc,
                   "random forest": rf_acc}).sort_values(ascending=False)
print(table.round(4).to_string())
best_name = table.drop("baseline").index[0]
best_pred = lr_pred if best_name == "logistic regression" else rf_pred
explain(f"confusion matrix for {best_name} on the validation days:")
print_confusion(y_val, best_pred, labels)

# ---------------------------------------------------------------
header("Refit on all training days and submit")
final = logreg if best_name == "logistic regression" else forest
final.fit(X, y)
sub = pd.DataFrame({"id": test["id"], "weather": final.predict(X_test)})
sub.to_csv("submission/submission.csv", index=False)
print(sub["weather"].value_counts().to_string())
print(f"Validation accuracy ({best_name}, time split): {table[best_name]:.4f}")
