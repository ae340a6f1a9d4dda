import numpy as np
import pandas as pd
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import ExpSineSquared, RBF, WhiteKernel

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date")
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
sample = train.sample(3000, random_state=0)

t = ((sample["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25).to_numpy()[:, None]
X = np.hstack([t, sample[["day_of_week"]].to_numpy()])
y = sample["births"].to_numpy()
kernel = 1.0 * RBF(length_scale=[5.0, 2.0]) + 1.0 * ExpSineSquared(length_scale=1.0, periodicity=1.0) + WhiteKernel(1.0)
gp = GaussianProcessRegressor(kernel=kernel, normalize_y=True, n_restarts_optimizer=3, random_state=0)
gp.fit(X, y)
print("learned kernel:", gp.kernel_)

t_test = ((test["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25).to_numpy()[:, None]
pred = gp.predict(np.hstack([t_test, test[["day_of_week"]].to_numpy()]))
pd.DataFrame({"id": test["id"], "births": pred}).to_csv("./submission/submission.csv", index=False)
