import json
import logging
from dataclasses import dataclass, asdict, field
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor, early_stopping, log_evaluation
from sklearn.linear_model import ElasticNet
from sklearn.model_selection import KFold
from sklearn.preprocessing import StandardScaler

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("diabetes")


@dataclass
class Config:
    data_dir: Path = Path("input")
    out_dir: Path = Path("submission")
    art_dir: Path = Path("artifacts")
    n_splits: int = 5
    seed: int = 2024
    lgb_params: dict = field(default_factory=lambda: dict(
        n_estimators=3000, learning_rate=0.02, num_leaves=6, min_child_samples=20,
        subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=5.0,
        n_jobs=1, verbose=-1,
    ))
    enet_alpha: float = 0.05
    enet_l1_ratio: float = 0.3


def rmse(a, b):
    return float(np.sqrt(np.mean((np.asarray(a) - np.asarray(b)) ** 2)))


def run(cfg: Config):
    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    feats = [c for c in test.columns if c != "id"]
    X, y, Xt = train[feats].to_numpy(), train["progression"].to_numpy(float), test[feats].to_numpy()

    oof_lgb = np.zeros(len(train))
    oof_lin = np.zeros(len(train))
    pred_lgb = np.zeros(len(test))
    pred_lin = np.zeros(len(test))
    best_iters = []

    kf = KFold(cfg.n_splits, shuffle=True, random_state=cfg.seed)
    for fold, (tr, va) in enumerate(kf.split(X), 1):
        model = LGBMRegressor(random_state=cfg.seed + fold, **cfg.lgb_params)
        model.fit(
            X[tr], y[tr], eval_set=[(X[va], y[va])], eval_metric="rmse",
            callbacks=[early_stopping(150, verbose=False), log_evaluation(0)],
        )
        best_iters.append(model.best_iteration_)
        oof_lgb[va] = model.predict(X[va], num_iteration=model.best_iteration_)
        pred_lgb += model.predict(Xt, num_iteration=model.best_iteration_) / cfg.n_splits

        sc = StandardScaler().fit(X[tr])
        enet = ElasticNet(alpha=cfg.enet_alpha, l1_ratio=cfg.enet_l1_ratio, max_iter=10000)
        enet.fit(sc.transform(X[tr]), y[tr])
        oof_lin[va] = enet.predict(sc.transform(X[va]))
        pred_lin += enet.predict(sc.transform(Xt)) / cfg.n_splits

        log.info("fold %d  lgb %.3f (iter %d)  enet %.3f", fold,
                 rmse(y[va], oof_lgb[va]), model.best_iteration_, rmse(y[va], oof_lin[va]))

    weights = np.linspace(0, 1, 21)
    scores = [rmse(y, w * oof_lgb + (1 - w) * oof_lin) for w in weights]
    w_best = float(weights[int(np.argmin(scores))])
    blend_oof = w_best * oof_lgb + (1 - w_best) * oof_lin

    print(f"OOF RMSE lgb   = {rmse(y, oof_lgb):.3f}")
    print(f"OOF RMSE enet  = {rmse(y, oof_lin):.3f}")
    print(f"OOF RMSE blend = {rmse(y, blend_oof):.3f} (w_lgb={w_best:.2f})")

    cfg.art_dir.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    ax[0].plot(weights, scores, marker="o")
    ax[0].set_xlabel("weight on lgb"); ax[0].set_ylabel("OOF RMSE")
    ax[1].scatter(y, blend_oof, s=8, alpha=0.6)
    ax[1].plot([y.min(), y.max()], [y.min(), y.max()], "r--")
    ax[1].set_xlabel("true"); ax[1].set_ylabel("oof blend")
    fig.tight_layout()
    fig.savefig(cfg.art_dir / "blend.png", dpi=80)
    plt.close(fig)

    summary = {
        "config": {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(cfg).items()},
        "best_iters": [int(i) for i in best_iters],
        "w_lgb": w_best,
        "oof_rmse": rmse(y, blend_oof),
    }
    (cfg.art_dir / "summary.json").write_text(json.dumps(summary, indent=2))

    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "progression": w_best * pred_lgb + (1 - w_best) * pred_lin})
    sub.to_csv(cfg.out_dir / "submission.csv", index=False)
    log.info("submission written: %s rows", len(sub))


if __name__ == "__main__":
    run(Config())
