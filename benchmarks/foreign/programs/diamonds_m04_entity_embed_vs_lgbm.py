"""Diamonds price: entity-embedding MLP on log(price), with a quick LightGBM baseline for reference."""
import copy
import time

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import lightgbm as lgb
from sklearn.model_selection import train_test_split

SEED = 7
torch.manual_seed(SEED)
np.random.seed(SEED)
torch.set_num_threads(1)
DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")

df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(df.shape, test.shape)
print(df.describe().T[["mean", "std", "min", "max"]])

CATS = ["cut", "color", "clarity"]
NUMS = ["carat", "depth", "table", "x", "y", "z"]

# ordered categories, the way the GIA grades them
ORDER = {
    "cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    "color": ["J", "I", "H", "G", "F", "E", "D"],
    "clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
}
for c in CATS:
    mapping = {v: i for i, v in enumerate(ORDER[c])}
    df[c + "_code"] = df[c].map(mapping).fillna(0).astype("int64")
    test[c + "_code"] = test[c].map(mapping).fillna(0).astype("int64")
CODE_COLS = [c + "_code" for c in CATS]

# a few rows have x/y/z == 0 -> log volume would blow up, so clip
for d in (df, test):
    d["log_carat"] = np.log(d["carat"])
    d["log_vol"] = np.log((d["x"] * d["y"] * d["z"]).clip(lower=1.0))
NUMS = NUMS + ["log_carat", "log_vol"]

tr_df, va_df = train_test_split(df, test_size=0.2, random_state=SEED)
num_mean = tr_df[NUMS].mean()
num_std = tr_df[NUMS].std()


def num_matrix(d):
    return ((d[NUMS] - num_mean) / num_std).to_numpy(np.float32)


class DiamondSet(Dataset):
    def __init__(self, d, with_target=True):
        self.xn = torch.from_numpy(num_matrix(d))
        self.xc = torch.from_numpy(d[CODE_COLS].to_numpy(np.int64))
        self.y = torch.from_numpy(np.log1p(d["price"].to_numpy(np.float32))) if with_target else None

    def __len__(self):
        return len(self.xn)

    def __getitem__(self, i):
        if self.y is None:
            return self.xn[i], self.xc[i]
        return self.xn[i], self.xc[i], self.y[i]


class EmbedMLP(nn.Module):
    def __init__(self, n_num, cards, emb_dims):
        super().__init__()
        self.embeddings = nn.ModuleList(nn.Embedding(n, d) for n, d in zip(cards, emb_dims))
        self.body = nn.Sequential(
            nn.Linear(n_num + sum(emb_dims), 128),
            nn.SiLU(),
            nn.Linear(128, 64),
            nn.SiLU(),
            nn.Linear(64, 1),
        )

    def forward(self, xn, xc):
        e = [emb(xc[:, k]) for k, emb in enumerate(self.embeddings)]
        return self.body(torch.cat([xn, *e], dim=1)).squeeze(1)


cards = [len(ORDER[c]) for c in CATS]
emb_dims = [min(4, (n + 1) // 2) for n in cards]
model = EmbedMLP(len(NUMS), cards, emb_dims).to(DEVICE)

dl_tr = DataLoader(DiamondSet(tr_df), batch_size=128, shuffle=True)
dl_va = DataLoader(DiamondSet(va_df), batch_size=1024)

EPOCHS = 40
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=EPOCHS * len(dl_tr))
mse = nn.MSELoss()


@torch.no_grad()
def predict_log(loader):
    model.eval()
    out = []
    for batch in loader:
        out.append(model(batch[0].to(DEVICE), batch[1].to(DEVICE)).cpu())
    return torch.cat(out).numpy()


def rmsle_from_log(pred_log, true_price):
    pred = np.expm1(pred_log).clip(min=0)
    return float(np.sqrt(np.mean((np.log1p(pred) - np.log1p(true_price)) ** 2)))


best_score, best_w, stale = np.inf, None, 0
start = time.time()
for ep in range(EPOCHS):
    model.train()
    run = 0.0
    for xn, xc, yb in dl_tr:
        xn, xc, yb = xn.to(DEVICE), xc.to(DEVICE), yb.to(DEVICE)
        opt.zero_grad()
        loss = mse(model(xn, xc), yb)
        loss.backward()
        opt.step()
        sched.step()
        run += loss.item() * len(yb)
    va_rmsle = rmsle_from_log(predict_log(dl_va), va_df["price"].values)
    if ep % 5 == 0 or ep == EPOCHS - 1:
        print(f"ep {ep:2d} train_mse {run / len(tr_df):.5f} val_rmsle {va_rmsle:.5f} ({time.time() - start:.1f}s)")
    if va_rmsle < best_score:
        best_score, best_w, stale = va_rmsle, copy.deepcopy(model.state_dict()), 0
    else:
        stale += 1
        if stale >= 8:
            print("early stop at", ep)
            break

model.load_state_dict(best_w)
torch.save(model.state_dict(), "./working/diamonds_embed_mlp.pt")
nn_val_log = predict_log(dl_va)
nn_rmsle = rmsle_from_log(nn_val_log, va_df["price"].values)

# --- LightGBM baseline, same split ---
lgb_feats = NUMS + CODE_COLS
gbm = lgb.LGBMRegressor(n_estimators=400, learning_rate=0.05, num_leaves=31, verbose=-1, random_state=SEED)
gbm.fit(tr_df[lgb_feats], np.log1p(tr_df["price"]))
gbm_val_log = gbm.predict(va_df[lgb_feats])
gbm_rmsle = rmsle_from_log(gbm_val_log, va_df["price"].values)
print(f"LightGBM baseline RMSLE: {gbm_rmsle:.5f}")

blend_rmsle = rmsle_from_log(0.5 * nn_val_log + 0.5 * gbm_val_log, va_df["price"].values)
print(f"NN RMSLE: {nn_rmsle:.5f} | blend RMSLE: {blend_rmsle:.5f}")
print(f"Validation RMSLE: {blend_rmsle:.5f}")

# test predictions: blend of both
test_nn = predict_log(DataLoader(DiamondSet(test, with_target=False), batch_size=1024))
test_gbm = gbm.predict(test[lgb_feats])
test_price = np.expm1(0.5 * test_nn + 0.5 * test_gbm).clip(min=1)

sub = pd.read_csv("./input/sample_submission.csv")
sub["price"] = test_price
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe())
