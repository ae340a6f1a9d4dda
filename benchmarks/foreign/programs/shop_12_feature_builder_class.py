import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.model_selection import KFold


class FeatureBuilder:
    """Joins the lookup tables and adds out-of-fold mean encodings of store and product."""

    def __init__(self, data_dir="./input"):
        self.stores = pd.read_csv(f"{data_dir}/stores.csv")
        self.products = pd.read_csv(f"{data_dir}/products.csv")
        self.weather = pd.read_csv(f"{data_dir}/weather.csv")

    def join(self, df):
        df = df.merge(self.stores, on="store_id", how="left").merge(self.products, on="product_id", how="left")
        df = df.merge(self.weather, on=["date", "city"], how="left")
        df["dow"] = pd.to_datetime(df["date"]).dt.dayofweek
        df["log_units"] = np.log1p(df["units"]) if "units" in df else np.nan
        return df

    @staticmethod
    def encode(fit, apply, key, prior):
        stats = fit.groupby(key)["log_units"].agg(["sum", "count"])
        return apply[key].map((stats["sum"] + 5 * prior) / (stats["count"] + 5)).fillna(prior).to_numpy()

    def out_of_fold(self, train, key):
        out = np.zeros(len(train))
        prior = train["log_units"].mean()
        for a, b in KFold(5, shuffle=True, random_state=0).split(train):
            out[b] = self.encode(train.iloc[a], train.iloc[b], key, prior)
        return out


NUMERIC = ["promo", "price", "size_sqm", "base_price", "temp_c", "rain_mm", "dow"]

if __name__ == "__main__":
    fb = FeatureBuilder()
    train = fb.join(pd.read_csv("./input/train.csv"))
    test = fb.join(pd.read_csv("./input/test.csv"))
    prior = train["log_units"].mean()
    for key in ("store_id", "product_id"):
        train[f"{key}_enc"] = fb.out_of_fold(train, key)
        test[f"{key}_enc"] = fb.encode(train, test, key, prior)
    cols = NUMERIC + ["store_id_enc", "product_id_enc"]
    X, X_test = train[cols].fillna(-99), test[cols].fillna(-99)

    oof = np.zeros(len(train))
    for a, b in KFold(4, shuffle=True, random_state=1).split(X):
        et = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=3, max_features=0.7, random_state=1, n_jobs=1)
        oof[b] = et.fit(X.iloc[a], train["log_units"].iloc[a]).predict(X.iloc[b])
    print("OOF RMSLE: %.4f" % np.sqrt(np.mean((oof - train["log_units"]) ** 2)))
    et = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=3, max_features=0.7, random_state=1, n_jobs=1)
    et.fit(X, train["log_units"])
    pd.DataFrame({"id": test["id"], "units": np.expm1(et.predict(X_test))}).to_csv("./submission/submission.csv", index=False)
