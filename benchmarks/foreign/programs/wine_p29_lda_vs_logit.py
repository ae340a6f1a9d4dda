import os
import numpy as np
import pandas as pd
from scipy import stats
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.metrics import log_loss

np.random.seed(7)

wine = pd.read_csv("input/train.csv")
wine_test = pd.read_csv("input/test.csv")
preds = [c for c in wine.columns if c not in ("id", "cultivar")]
print(f"{len(wine)} wines, {len(preds)} predictors; test n = {len(wine_test)}")
print(wine["cultivar"].value_counts().sort_index().to_string())

# one-way ANOVA per predictor: which chemistry separates the cultivars?
anova = []
for v in preds:
    groups = [g[v].values for _, g in wine.groupby("cultivar")]
    F, p = stats.f_oneway(*groups)
    anova.append({"variable": v, "F": F, "p": p})
anova = pd.DataFrame(anova).sort_values("F", ascending=False)
print("\none-way ANOVA by cultivar")
print(anova.to_string(index=False, formatters={"F": "{:.1f}".format, "p": "{:.2e}".format}))

print("\ngroup means (top 5 by F)")
top5 = anova["variable"].head(5).tolist()
print(wine.groupby("cultivar")[top5].mean().round(2))

# skewed concentrations go on the log scale
skewed = [v for v in preds if stats.skew(wine[v]) > 0.5]
print("\nlog-transforming:", skewed)


def prep(df):
    X = df[preds].copy()
    for v in skewed:
        X[v] = np.log(X[v])
    return X


X = prep(wine)
Xt = prep(wine_test)
mu, sd = X.mean(), X.std()
X, Xt = (X - mu) / sd, (Xt - mu) / sd
y = wine["cultivar"].values
labels = np.sort(np.unique(y))

models = {
    "LDA": lambda: LinearDiscriminantAnalysis(),
    "LDA_shrink": lambda: LinearDiscriminantAnalysis(solver="lsqr", shrinkage="auto"),
    "logit_C0.1": lambda: LogisticRegression(C=0.1, max_iter=5000),
    "logit_C1": lambda: LogisticRegression(C=1.0, max_iter=5000),
}
rskf = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=17)
summary = {}
for name, mk in models.items():
    ll = []
    for tr, va in rskf.split(X, y):
        m = mk().fit(X.iloc[tr], y[tr])
        ll.append(log_loss(y[va], m.predict_proba(X.iloc[va]), labels=labels))
    summary[name] = (np.mean(ll), np.std(ll, ddof=1))
summary = pd.DataFrame(summary, index=["logloss", "sd"]).T.sort_values("logloss")
print("\n5x3 repeated CV log loss")
print(summary.round(4))
best = summary.index[0]
print(f"chosen: {best} (CV logloss {summary.loc[best, 'logloss']:.4f})")

final = models[best]().fit(X, y)
P = pd.DataFrame(final.predict_proba(Xt), columns=final.classes_)
print("\nmax predicted prob per test wine:", pd.Series(P.max(axis=1)).describe()[["min", "50%"]].round(3).to_dict())

sub = pd.concat([wine_test[["id"]].reset_index(drop=True), P[["barbera", "barolo", "grignolino"]]], axis=1)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head(3))
