import argparse
import json
import logging
from dataclasses import dataclass, asdict, field
from pathlib import Path

import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.calibration import calibration_curve
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import log_loss, brier_score_loss
from sklearn.model_selection import StratifiedKFold

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("credit")


@dataclass
class Config:
    data_dir: Path = Path("./input")
    out_dir: Path = Path("./submission")
    art_dir: Path = Path("./artifacts")
    n_folds: int = 5
    seed: int = 2024
    n_estimators: int = 400
    min_samples_leaf: int = 5
    max_features: float = 0.5
    smoothing: float = 20.0
    cat_cols: list = field(default_factory=lambda: ["Home", "Marital", "Records", "Job"])


def parse_args() -> Config:
    p = argparse.ArgumentParser()
    p.add_argument("--n-folds", type=int, default=5)
    p.add_argument("--n-estimators", type=int, default=400)
    p.add_argument("--seed", type=int, default=2024)
    a = p.parse_args()
    return Config(n_folds=a.n_folds, n_estimators=a.n_estimators, seed=a.seed)


class SmoothedTargetEncoder:
    def __init__(self, cols, smoothing=20.0):
        self.cols = cols
        self.smoothing = smoothing
        self.maps_ = {}
        self.prior_ = None

    def fit(self, df, y):
        self.prior_ = float(np.mean(y))
        tmp = df[self.cols].copy()
        tmp["_y"] = np.asarray(y)
        for c in self.cols:
            stats = tmp.groupby(c, dropna=False)["_y"].agg(["sum", "count"])
            enc = (stats["sum"] + self.prior_ * self.smoothing) / (stats["count"] + self.smoothing)
            self.maps_[c] = enc
        return self

    def transform(self, df):
        out = pd.DataFrame(index=df.index)
        for c in self.cols:
            out[f"{c}_te"] = df[c].map(self.maps_[c]).astype(float).fillna(self.prior_)
        return out


def numeric_block(df):
    num = df[["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]].copy()
    num["income_missing"] = num["Income"].isna().astype(int)
    num = num.fillna(-1)
    num["amount_price_ratio"] = df["Amount"] / df["Price"]
    num["burden"] = (df["Amount"] / df["Time"]) / (df["Income"].fillna(df["Income"].median()) + 1)
    return num


def main():
    cfg = parse_args()
    cfg.art_dir.mkdir(parents=True, exist_ok=True)
    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    np.random.seed(cfg.seed)

    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    y = train["Status"].to_numpy()
    log.info("train=%s test=%s positive rate=%.3f", train.shape, test.shape, y.mean())

    num_train = numeric_block(train)
    num_test = numeric_block(test)

    oof = np.zeros(len(train))
    test_pred = np.zeros(len(test))
    skf = StratifiedKFold(n_splits=cfg.n_folds, shuffle=True, random_state=cfg.seed)
    fold_scores = []
    for k, (tr, va) in enumerate(skf.split(train, y), start=1):
        enc = SmoothedTargetEncoder(cfg.cat_cols, cfg.smoothing).fit(train.iloc[tr], y[tr])
        X_tr = pd.concat([num_train.iloc[tr], enc.transform(train.iloc[tr])], axis=1)
        X_va = pd.concat([num_train.iloc[va], enc.transform(train.iloc[va])], axis=1)
        X_te = pd.concat([num_test, enc.transform(test)], axis=1)

        rf = RandomForestClassifier(
            n_estimators=cfg.n_estimators,
            min_samples_leaf=cfg.min_samples_leaf,
            max_features=cfg.max_features,
            random_state=cfg.seed + k,
            n_jobs=1,
        )
        rf.fit(X_tr, y[tr])
        oof[va] = rf.predict_proba(X_va)[:, 1]
        test_pred += rf.predict_proba(X_te)[:, 1] / cfg.n_folds
        score = log_loss(y[va], oof[va])
        fold_scores.append(score)
        log.info("fold %d logloss %.4f", k, score)

    oof_ll = log_loss(y, oof)
    print(f"CV logloss = {np.mean(fold_scores):.4f} +/- {np.std(fold_scores):.4f}")
    print(f"OOF logloss: {oof_ll:.4f}  Brier: {brier_score_loss(y, oof):.4f}")

    frac_pos, mean_pred = calibration_curve(y, oof, n_bins=10)
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], "k--", lw=1)
    ax.plot(mean_pred, frac_pos, "o-", label="RF OOF")
    ax.set_xlabel("mean predicted")
    ax.set_ylabel("fraction bad")
    ax.legend()
    fig.tight_layout()
    fig.savefig(cfg.art_dir / "calibration.png", dpi=80)
    plt.close(fig)

    joblib.dump({"oof": oof, "test": test_pred}, cfg.art_dir / "rf_preds.joblib")
    cfg_dict = {k: str(v) for k, v in asdict(cfg).items()}
    cfg_dict["oof_logloss"] = oof_ll
    (cfg.art_dir / "run.json").write_text(json.dumps(cfg_dict, indent=2))

    sub = pd.read_csv(cfg.data_dir / "sample_submission.csv")
    sub["Status"] = pd.Series(test_pred, index=test["id"]).reindex(sub["id"]).to_numpy()
    sub.to_csv(cfg.out_dir / "submission.csv", index=False)
    log.info("wrote %s", cfg.out_dir / "submission.csv")


if __name__ == "__main__":
    main()
