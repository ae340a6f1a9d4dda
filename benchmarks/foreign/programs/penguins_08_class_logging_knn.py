import logging
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("penguins")


@dataclass
class Config:
    neighbors: int = 9
    valid_size: float = 0.25
    seed: int = 11


class PenguinModel:
    def __init__(self, cfg: Config):
        self.cfg = cfg
        self.scaler = StandardScaler()
        self.knn = KNeighborsClassifier(n_neighbors=cfg.neighbors, weights="distance")
        self.medians = None

    @staticmethod
    def features(df: pd.DataFrame) -> pd.DataFrame:
        out = df[["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]].copy()
        out["bill_ratio"] = out["bill_length_mm"] / out["bill_depth_mm"]
        out["is_male"] = (df["sex"] == "male").astype(float)
        for island in ("Biscoe", "Dream", "Torgersen"):
            out[f"island_{island}"] = (df["island"] == island).astype(float)
        return out

    def fit(self, df: pd.DataFrame, y: pd.Series) -> "PenguinModel":
        X = self.features(df)
        self.medians = X.median()
        self.knn.fit(self.scaler.fit_transform(X.fillna(self.medians)), y)
        return self

    def predict_proba(self, df: pd.DataFrame) -> np.ndarray:
        X = self.features(df).fillna(self.medians)
        return self.knn.predict_proba(self.scaler.transform(X))


def run() -> None:
    cfg = Config()
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    log.info("train %s test %s", train.shape, test.shape)
    tr, va = train_test_split(train, test_size=cfg.valid_size, stratify=train["species"], random_state=cfg.seed)
    model = PenguinModel(cfg).fit(tr, tr["species"])
    score = log_loss(va["species"], model.predict_proba(va), labels=model.knn.classes_)
    log.info("holdout logloss=%.4f", score)
    final = PenguinModel(cfg).fit(train, train["species"])
    sub = pd.DataFrame(final.predict_proba(test), columns=final.knn.classes_)
    sub.insert(0, "id", test["id"])
    sub.to_csv("./submission/submission.csv", index=False)
    log.info("saved submission with %d rows", len(sub))


if __name__ == "__main__":
    run()
