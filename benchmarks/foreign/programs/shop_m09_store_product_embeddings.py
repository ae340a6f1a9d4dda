import copy
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader

torch.manual_seed(31)
np.random.seed(31)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# ------------------------------------------------------------------ data
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
stores = pd.read_csv("./input/stores.csv")
products = pd.read_csv("./input/products.csv")
weather = pd.read_csv("./input/weather.csv")
print("train", train.shape, "test", test.shape, "stores", stores.shape,
      "products", products.shape, "weather", weather.shape)

train["is_train"] = 1
test["is_train"] = 0
df = pd.concat([train, test], ignore_index=True)
df = df.merge(stores, on="store_id", how="left")
df = df.merge(products, on="product_id", how="left")
df = df.merge(weather, on=["date", "city"], how="left")
print("after merges:", df.shape)
print("missing weather rows:", int(df["temp_c"].isna().sum()))

df["date"] = pd.to_datetime(df["date"])
df["opened"] = pd.to_datetime(df["opened"])
df["dow"] = df["date"].dt.dayofweek
df["month"] = df["date"].dt.month - 1
df["store_age_yrs"] = (df["date"] - df["opened"]).dt.days / 365.25
df["discount"] = 1.0 - df["price"] / df["base_price"]
df["log_price"] = np.log(df["price"])
df["log_size"] = np.log(df["size_sqm"])
df["temp_c"] = df["temp_c"].fillna(df["temp_c"].mean())
df["rain_mm"] = np.log1p(df["rain_mm"].fillna(0.0))

CAT_COLS = ["store_id", "product_id", "store_type", "category", "city", "dow", "month"]
NUM_COLS = ["promo", "discount", "log_price", "log_size", "store_age_yrs", "temp_c", "rain_mm"]

cat_sizes = {}
for c in CAT_COLS:
    codes, uniques = pd.factorize(df[c], sort=True)
    df[c + "_ix"] = codes.astype(np.int64)
    cat_sizes[c] = len(uniques)
print("cardinalities:", cat_sizes)

trn = df[df["is_train"] == 1].copy()
tst = df[df["is_train"] == 0].copy()

# time based validation: last ~2 months of the training period
cutoff = trn["date"].max() - pd.Timedelta(days=60)
fit_part = trn[trn["date"] <= cutoff]
val_part = trn[trn["date"] > cutoff]
print(f"fit rows {len(fit_part)}, val rows {len(val_part)} (cutoff {cutoff.date()})")

mu = fit_part[NUM_COLS].mean()
sigma = fit_part[NUM_COLS].std().replace(0, 1.0)


class SalesDataset(Dataset):
    def __init__(self, frame, train_mode=True):
        self.cat = torch.tensor(frame[[c + "_ix" for c in CAT_COLS]].to_numpy(), dtype=torch.long)
        num = ((frame[NUM_COLS] - mu) / sigma).to_numpy(dtype=np.float32)
        self.num = torch.from_numpy(num)
        if train_mode:
            self.y = torch.tensor(np.log1p(frame["units"].to_numpy(dtype=np.float32)))
        else:
            self.y = torch.zeros(len(frame))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.cat[i], self.num[i], self.y[i]


class SalesNet(nn.Module):
    def __init__(self, sizes, n_num):
        super().__init__()
        dims = [min(8, max(2, n // 2)) for n in sizes]
        self.emb = nn.ModuleList([nn.Embedding(n, d) for n, d in zip(sizes, dims)])
        self.mlp = nn.Sequential(
            nn.Linear(sum(dims) + n_num, 96),
            nn.ReLU(),
            nn.Dropout(0.15),
            nn.Linear(96, 48),
            nn.ReLU(),
            nn.Linear(48, 1),
        )

    def forward(self, cat, num):
        parts = [layer(cat[:, k]) for k, layer in enumerate(self.emb)]
        h = torch.cat(parts + [num], dim=1)
        return self.mlp(h).view(-1)


fit_dl = DataLoader(SalesDataset(fit_part), batch_size=64, shuffle=True)
val_dl = DataLoader(SalesDataset(val_part), batch_size=512)
tst_dl = DataLoader(SalesDataset(tst, train_mode=False), batch_size=512)

net = SalesNet([cat_sizes[c] for c in CAT_COLS], len(NUM_COLS)).to(device)
opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-5)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
loss_fn = nn.MSELoss()


def run_inference(loader):
    net.eval()
    preds = []
    with torch.no_grad():
        for cat, num, _ in loader:
            preds.append(net(cat.to(device), num.to(device)).cpu())
    return torch.cat(preds).numpy()


def rmsle(y_true, y_pred):
    return float(np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2)))


best, best_state, bad = 1e9, None, 0
for epoch in range(1, 51):
    net.train()
    s = 0.0
    for cat, num, yb in fit_dl:
        cat, num, yb = cat.to(device), num.to(device), yb.to(device)
        opt.zero_grad()
        l = loss_fn(net(cat, num), yb)
        l.backward()
        opt.step()
        s += l.item() * len(yb)
    val_pred = np.expm1(run_inference(val_dl)).clip(min=0)
    score = rmsle(val_part["units"].to_numpy(), val_pred)
    sched.step(score)
    print(f"epoch {epoch:2d}  train_mse(log) {s / len(fit_part):.4f}  val RMSLE {score:.4f}")
    if score < best - 1e-4:
        best, best_state, bad = score, copy.deepcopy(net.state_dict()), 0
    else:
        bad += 1
        if bad >= 7:
            print("early stopping")
            break

net.load_state_dict(best_state)
torch.save({"model": best_state, "cat_sizes": cat_sizes}, "./working/shop_sales_net.pt")
val_pred = np.expm1(run_inference(val_dl)).clip(min=0)
print(f"Validation RMSLE: {rmsle(val_part['units'].to_numpy(), val_pred):.4f}")

test_pred = np.expm1(run_inference(tst_dl)).clip(min=0)
sub = pd.read_csv("./input/sample_submission.csv")
pred_by_id = pd.Series(test_pred, index=tst["id"].to_numpy())
sub["units"] = sub["id"].map(pred_by_id).to_numpy()
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head(), "\nnulls in submission:", int(sub["units"].isna().sum()))
