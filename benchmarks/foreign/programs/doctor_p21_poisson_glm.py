import os
import numpy as np
import pandas as pd
from sklearn.linear_model import PoissonRegressor
from sklearn.model_selection import KFold

np.random.seed(2024)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
targets = ["visits", "ovisits", "emergency", "hospital"]

print("train:", train.shape, " test:", test.shape)

# quick look at the outcomes: mean vs variance (overdispersion check)
disp = (train[targets]
        .agg(["mean", "var"])
        .T
        .assign(ratio=lambda d: d["var"] / d["mean"]))
print(disp.round(3))

# mean visits by self-reported health, like group_by(health) %>% summarise()
print(train.groupby("health").agg(n=("visits", "size"),
                                  mean_visits=("visits", "mean"),
                                  mean_hosp=("hospital", "mean")).round(3))


def design(df):
    d = df.copy()
    # explicit reference levels: excellent health, normal adl, midwest
    d["health"] = pd.Categorical(d["health"], categories=["excellent", "average", "poor"])
    d["region"] = pd.Categorical(d["region"], categories=["midwest", "northeast", "west", "other"])
    X = pd.get_dummies(d[["health", "region"]], drop_first=True, dtype=float)
    for v in ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]:
        lvl = "limited" if v == "adl" else ("male" if v == "gender" else "yes")
        X[v + "_" + lvl] = (d[v] == lvl).astype(float)
    X["chronic"] = d["chronic"]
    X["age"] = d["age"]
    X["school"] = d["school"]
    X["log_income"] = np.log(d["income"].clip(lower=0) + 1)
    X["chronic_x_poor"] = d["chronic"] * X["health_poor"]
    return X


X = design(train)
X_test = design(test)
# centre + scale continuous columns with training moments so alpha acts evenly
cont = ["chronic", "age", "school", "log_income", "chronic_x_poor"]
mu, sd = X[cont].mean(), X[cont].std()
X[cont] = (X[cont] - mu) / sd
X_test[cont] = (X_test[cont] - mu) / sd
print("design matrix:", X.shape)


def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(p) - np.log1p(y)) ** 2))


kf = KFold(n_splits=5, shuffle=True, random_state=1)
cv_tab = []
for y_name in targets:
    y = train[y_name].values
    scores = []
    for tr_idx, va_idx in kf.split(X):
        m = PoissonRegressor(alpha=1e-3, max_iter=500)
        m.fit(X.iloc[tr_idx], y[tr_idx])
        scores.append(rmsle(y[va_idx], m.predict(X.iloc[va_idx])))
    cv_tab.append({"target": y_name, "rmsle_mean": np.mean(scores), "rmsle_sd": np.std(scores, ddof=1)})

cv_tab = pd.DataFrame(cv_tab)
print("\n5-fold CV, Poisson GLM (log link)")
print(cv_tab.round(4).to_string(index=False))
print("mean RMSLE over targets: %.4f" % cv_tab["rmsle_mean"].mean())

sub = pd.DataFrame({"id": test["id"]})
for y_name in targets:
    m = PoissonRegressor(alpha=1e-3, max_iter=500).fit(X, train[y_name])
    sub[y_name] = m.predict(X_test)
    if y_name == "visits":
        coefs = pd.DataFrame({"term": ["(Intercept)"] + list(X.columns),
                              "estimate": np.r_[m.intercept_, m.coef_]})
        coefs["IRR"] = np.exp(coefs["estimate"])
        print("\nvisits model coefficients")
        print(coefs.round(4).to_string(index=False))
        resid = train[y_name] - m.predict(X)
        print("\nresiduals (response scale):")
        print(resid.describe().round(3))

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
