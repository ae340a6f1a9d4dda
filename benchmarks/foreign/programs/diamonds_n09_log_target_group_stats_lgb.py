# %% Diamonds price -- log1p target, geometry ratios, group stats, lgb.train 5-fold x 2 seeds
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train.price.describe())

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

# %%
def feats(df):
    df = df.copy()
    df["cut_ord"] = df["cut"].map({c: i for i, c in enumerate(CUT)})
    df["color_ord"] = df["color"].map({c: i for i, c in enumerate(COLOR)})
    df["clarity_ord"] = df["clarity"].map({c: i for i, c in enumerate(CLARITY)})
    for c in ["x", "y", "z"]:
        df[c] = df[c].where(df[c] > 0)        # zeros are missing dims
    df["volume"] = df.x * df.y * df.z
    df["density"] = df.carat / df.volume
    df["xy_ratio"] = df.x / df.y
    df["depth_calc"] = 2 * df.z / (df.x + df.y) * 100
    df["depth_err"] = df.depth - df.depth_calc
    df["log_carat"] = np.log(df.carat)
    df["quality"] = df.cut_ord + df.color_ord + df.clarity_ord
    return df

tr = feats(train)
te = feats(test)
both = pd.concat([tr, te], ignore_index=True)
for g in ["cut", "color", "clarity"]:
    m = both.groupby(g)["carat"].agg(["mean", "std"])
    for d in (tr, te):
        d[f"carat_z_{g}"] = (d.carat - d[g].map(m["mean"])) / d[g].map(m["std"])
for d in (tr, te):
    d["cc_key"] = d.color + "_" + d.clarity
    d["cc_freq"] = d.cc_key.map(both.color.str.cat(both.clarity, sep="_").value_counts())
    for c in ["cut", "color", "clarity"]:
        d[c] = pd.Categorical(d[c], categories={"cut": CUT, "color": COLOR, "clarity": CLARITY}[c])

FEATS = [c for c in tr.columns if c not in ["id", "price", "cc_key"]]
print(len(FEATS)); print(tr[FEATS].dtypes.value_counts())
y = np.log1p(tr.price.values)

# %%
params = {"objective": "regression", "metric": "rmse", "learning_rate": 0.08,
          "num_leaves": 31, "min_data_in_leaf": 15, "feature_fraction": 0.8,
          "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l2": 1.0,
          "verbose": -1, "num_threads": 2, "deterministic": True}

oof = np.zeros(len(tr)); pred = np.zeros(len(te))
SEEDS = [0, 1]
for s in SEEDS:
    params["seed"] = s
    for k, (i_tr, i_va) in enumerate(KFold(5, shuffle=True, random_state=s).split(tr)):
        ds_tr = lgb.Dataset(tr[FEATS].iloc[i_tr], y[i_tr])
        ds_va = lgb.Dataset(tr[FEATS].iloc[i_va], y[i_va], reference=ds_tr)
        b = lgb.train(params, ds_tr, 4000, valid_sets=[ds_va], valid_names=["va"],
                      callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
        oof[i_va] += b.predict(tr[FEATS].iloc[i_va], num_iteration=b.best_iteration) / len(SEEDS)
        pred += b.predict(te[FEATS], num_iteration=b.best_iteration) / (5 * len(SEEDS))
        print(f"seed {s} fold {k} it {b.best_iteration} rmse(log) {b.best_score['va']['rmse']:.5f}")

# rmse on log1p scale == rmsle
rmsle = np.sqrt(np.mean((oof - y) ** 2))
print(f"OOF RMSLE: {rmsle:.5f}")

# %%
sub = pd.read_csv("./input/sample_submission.csv")
assert (sub.id.values == te.id.values).all()
sub["price"] = np.expm1(pred).clip(300, None)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
