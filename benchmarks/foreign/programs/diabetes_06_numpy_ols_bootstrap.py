import numpy as np
import pandas as pd

rng = np.random.default_rng(123)
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cols = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]

mu = train[cols].mean()
sd = train[cols].std()


def design(df):
    Z = ((df[cols] - mu) / sd).to_numpy()
    return np.column_stack([np.ones(len(Z)), Z, Z[:, 2] ** 2, Z[:, 2] * Z[:, 3]])


idx = rng.permutation(len(train))
hold = idx[: len(idx) // 5]
fit_rows = idx[len(idx) // 5 :]
A = design(train.iloc[fit_rows])
b = train["progression"].to_numpy()[fit_rows]
coef, *_ = np.linalg.lstsq(A, b, rcond=None)

resid = train["progression"].to_numpy()[hold] - design(train.iloc[hold]) @ coef
rmse = float(np.sqrt(np.mean(resid**2)))
boot = [np.sqrt(np.mean(rng.choice(resid, size=len(resid)) ** 2)) for _ in range(1000)]
lo, hi = np.percentile(boot, [2.5, 97.5])
print(f"holdout RMSE {rmse:.2f} (95% CI {lo:.2f}-{hi:.2f})")

coef, *_ = np.linalg.lstsq(design(train), train["progression"].to_numpy(), rcond=None)
pd.DataFrame({"id": test["id"], "progression": design(test) @ coef}).to_csv(
    "./submission/submission.csv", index=False
)
