import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

train = pd.read_csv("input/train.csv").rename(columns=str.lower)
test = pd.read_csv("input/test.csv").rename(columns=str.lower)
print(train.shape, test.shape)
print(train.isna().sum().loc[lambda s: s > 0])

medians = train[["income", "assets", "debt"]].median()


def impute(df):
    return df.assign(
        income_missing=lambda d: d.income.isna().astype(int),
        income=lambda d: d.income.fillna(medians["income"]),
        assets=lambda d: d.assets.fillna(medians["assets"]),
        debt=lambda d: d.debt.fillna(medians["debt"]),
        home=lambda d: d.home.fillna("other"),
        marital=lambda d: d.marital.fillna("married"),
        job=lambda d: d.job.fillna("fixed"),
    )


def ratios(df):
    return df.assign(
        loan_to_value=lambda d: d.amount / d.price,
        installment=lambda d: d.amount / d.time,
        burden=lambda d: (d.expenses + d.installment) / d.income.clip(lower=1),
        net_worth=lambda d: np.log1p(d.assets) - np.log1p(d.debt),
        records=lambda d: d.records.eq("yes").astype(int),
    )


def one_hot(df):
    return pd.get_dummies(df, columns=["home", "marital", "job"], dtype=float)


train_x = train.pipe(impute).pipe(ratios).pipe(one_hot)
test_x = (
    test.pipe(impute).pipe(ratios).pipe(one_hot)
    .reindex(columns=train_x.columns.drop("status"), fill_value=0.0)
)
FEATS = train_x.columns.drop(["id", "status"]).tolist()
X, y = train_x[FEATS], train_x.status
print(f"{X.shape[1]} features, bad rate {y.mean():.3f}")

models = {
    "logreg": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=3000)),
    "lgbm": lambda: lgb.LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=15,
                                       min_child_samples=30, subsample=0.8, subsample_freq=1,
                                       colsample_bytree=0.7, reg_lambda=2.0, verbose=-1, random_state=0),
}

oof = pd.DataFrame(0.0, index=X.index, columns=list(models))
for tr, va in StratifiedKFold(4, shuffle=True, random_state=21).split(X, y):
    for name, make in models.items():
        oof.iloc[va, oof.columns.get_loc(name)] = make().fit(X.iloc[tr], y.iloc[tr]).predict_proba(X.iloc[va])[:, 1]

report = (
    oof.assign(blend=lambda d: 0.4 * d.logreg + 0.6 * d.lgbm)
    .apply(lambda col: log_loss(y, col))
    .rename("logloss")
    .to_frame()
)
print(report.round(4))
print(f"CV logloss (blend): {report.loc['blend', 'logloss']:.4f}")

proba = (
    pd.DataFrame({name: make().fit(X, y).predict_proba(test_x[FEATS])[:, 1] for name, make in models.items()})
    .eval("blend = 0.4 * logreg + 0.6 * lgbm")
    .blend
)
test.assign(status=proba.to_numpy()).rename(columns={"status": "Status"})[["id", "Status"]].to_csv(
    "submission/submission.csv", index=False)
print("saved", len(proba), "rows")
