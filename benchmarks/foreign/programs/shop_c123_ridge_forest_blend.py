"""Shop sales: linear + forest blend on a ColumnTransformer, chronological holdout."""
import argparse
import json
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import Ridge
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler


@dataclass
class BlendConfig:
    input_dir: str = "./input"
    sub_path: str = "./submission/submission.csv"
    results_path: str = "./submission/blend_results.json"
    valid_frac: float = 0.2
    ridge_alpha: float = 3.0
    rf_trees: int = 300
    rf_min_leaf: int = 3
    blend_w: float = 0.5
    seed: int = 2024


CAT = ["store_id", "product_id", "store_type", "city", "category", "dow", "month"]
NUM = ["price", "base_price", "discount", "promo", "size_sqm", "temp_c", "rain_mm", "rain_3d", "promo_x_disc"]


class FeatureBuilder:
    def __init__(self, root: Path):
        self.stores = pd.read_csv(root / "stores.csv")
        self.products = pd.read_csv(root / "products.csv")
        w = pd.read_csv(root / "weather.csv")
        w["date"] = pd.to_datetime(w["date"])
        w = w.sort_values(["city", "date"])
        w["rain_3d"] = w.groupby("city")["rain_mm"].transform(lambda s: s.rolling(3, min_periods=1).sum())
        self.weather = w

    def build(self, df: pd.DataFrame) -> pd.DataFrame:
        df = df.copy()
        df["date"] = pd.to_datetime(df["date"])
        df = (df.merge(self.stores, on="store_id", how="left")
                .merge(self.products, on="product_id", how="left")
                .merge(self.weather, on=["date", "city"], how="left"))
        df["discount"] = (df["base_price"] - df["price"]) / df["base_price"]
        df["promo_x_disc"] = df["promo"] * df["discount"]
        df["dow"] = df["date"].dt.weekday
        df["month"] = df["date"].dt.month
        return df


def make_ridge(alpha):
    pre = ColumnTransformer([
        ("cat", OneHotEncoder(handle_unknown="ignore"), CAT),
        ("num", StandardScaler(), NUM),
    ])
    return Pipeline([("pre", pre), ("model", Ridge(alpha=alpha))])


def make_forest(cfg):
    pre = ColumnTransformer([
        ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CAT),
        ("num", "passthrough", NUM),
    ])
    rf = RandomForestRegressor(n_estimators=cfg.rf_trees, min_samples_leaf=cfg.rf_min_leaf,
                               max_features=0.5, n_jobs=1, random_state=cfg.seed)
    return Pipeline([("pre", pre), ("model", rf)])


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(p) - np.log1p(y)) ** 2)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default=BlendConfig.input_dir)
    ap.add_argument("--valid-frac", type=float, default=BlendConfig.valid_frac)
    ap.add_argument("--blend-w", type=float, default=BlendConfig.blend_w)
    ap.add_argument("--rf-trees", type=int, default=BlendConfig.rf_trees)
    ns = ap.parse_args()
    cfg = BlendConfig(input_dir=ns.input_dir, valid_frac=ns.valid_frac, blend_w=ns.blend_w, rf_trees=ns.rf_trees)
    np.random.seed(cfg.seed)

    root = Path(cfg.input_dir)
    fb = FeatureBuilder(root)
    train = fb.build(pd.read_csv(root / "train.csv")).sort_values("date").reset_index(drop=True)
    test = fb.build(pd.read_csv(root / "test.csv"))
    y_log = np.log1p(train["units"].to_numpy())

    n_val = int(len(train) * cfg.valid_frac)
    tr_idx, va_idx = np.arange(len(train) - n_val), np.arange(len(train) - n_val, len(train))
    print(f"train rows {len(tr_idx)}  valid rows {len(va_idx)}  valid starts {train['date'].iloc[va_idx[0]].date()}")

    models = {"forest": make_forest(cfg), "ridge": make_ridge(cfg.ridge_alpha)}
    val_pred = {}
    for name, m in models.items():
        m.fit(train.iloc[tr_idx], y_log[tr_idx])
        val_pred[name] = m.predict(train.iloc[va_idx])
        s = rmsle(train["units"].iloc[va_idx], np.expm1(val_pred[name]).clip(0))
        print(f"  {name:<7s} valid RMSLE {s:.4f}")

    blend = cfg.blend_w * val_pred["ridge"] + (1 - cfg.blend_w) * val_pred["forest"]
    score = rmsle(train["units"].iloc[va_idx], np.expm1(blend).clip(0))
    print(f"Blend valid RMSLE: {score:.4f}")

    test_pred = {}
    for name, m in models.items():
        m.fit(train, y_log)
        test_pred[name] = m.predict(test)
    final = np.expm1(cfg.blend_w * test_pred["ridge"] + (1 - cfg.blend_w) * test_pred["forest"]).clip(0)

    Path(cfg.sub_path).parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "units": final}).to_csv(cfg.sub_path, index=False)
    Path(cfg.results_path).write_text(json.dumps({"config": asdict(cfg), "valid_rmsle_blend": score}, indent=2))


if __name__ == "__main__":
    main()
