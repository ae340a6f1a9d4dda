"""Food reviews (great vs other): TF-IDF features, logistic regression + small torch MLP, averaged."""
from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from scipy import sparse
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import FeatureUnion, Pipeline
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("food")


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_file: Path = Path("submission/submission.csv")
    metrics_file: Path = Path("artifacts/metrics.json")
    text_col: str = "review"
    target: str = "score"
    max_word_features: int = 4000
    max_char_features: int = 3000
    C: float = 4.0
    hidden: int = 128
    epochs: int = 6
    batch_size: int = 64
    lr: float = 1e-3
    val_size: float = 0.2
    seed: int = 3


class TextCleaner(BaseEstimator, TransformerMixin):
    """Lower-cases, strips html line breaks and normalises repeated punctuation."""

    _br = re.compile(r"<br\s*/?>", flags=re.I)
    _punct = re.compile(r"([!?.])\1+")

    def fit(self, X, y=None) -> "TextCleaner":
        return self

    def transform(self, X) -> list[str]:
        return [self._punct.sub(r"\1 \1", self._br.sub(" ", str(t).lower())) for t in X]


class FeatureBuilder:
    def __init__(self, cfg: Config) -> None:
        self.pipe = Pipeline([
            ("clean", TextCleaner()),
            ("union", FeatureUnion([
                ("word", TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=cfg.max_word_features,
                                         sublinear_tf=True)),
                ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3,
                                         max_features=cfg.max_char_features, sublinear_tf=True)),
            ])),
        ])

    def fit_transform(self, texts: pd.Series) -> sparse.csr_matrix:
        return self.pipe.fit_transform(texts).tocsr()

    def transform(self, texts: pd.Series) -> sparse.csr_matrix:
        return self.pipe.transform(texts).tocsr()


class MLP(nn.Module):
    def __init__(self, d_in: int, hidden: int) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Dropout(0.3), nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(0.3), nn.Linear(hidden, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x).squeeze(-1)


class MLPTrainer:
    def __init__(self, cfg: Config, d_in: int) -> None:
        self.cfg = cfg
        self.model = MLP(d_in, cfg.hidden)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr, weight_decay=1e-5)
        self.loss_fn = nn.BCEWithLogitsLoss()

    @staticmethod
    def _dense(X: sparse.csr_matrix) -> torch.Tensor:
        return torch.from_numpy(X.toarray().astype(np.float32))

    @torch.no_grad()
    def predict(self, X: sparse.csr_matrix) -> np.ndarray:
        self.model.eval()
        return torch.sigmoid(self.model(self._dense(X))).numpy()

    def fit(self, X: sparse.csr_matrix, y: np.ndarray, X_val: sparse.csr_matrix | None = None,
            y_val: np.ndarray | None = None) -> "MLPTrainer":
        loader = DataLoader(TensorDataset(self._dense(X), torch.from_numpy(y.astype(np.float32))),
                            batch_size=self.cfg.batch_size, shuffle=True)
        for epoch in range(1, self.cfg.epochs + 1):
            self.model.train()
            losses: list[float] = []
            for xb, yb in loader:
                self.opt.zero_grad()
                loss = self.loss_fn(self.model(xb), yb)
                loss.backward()
                self.opt.step()
                losses.append(loss.item())
            msg = f"  mlp epoch {epoch}: loss {np.mean(losses):.4f}"
            if X_val is not None:
                msg += f" | val auc {roc_auc_score(y_val, self.predict(X_val)):.4f}"
            logger.info(msg)
        return self


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=cfg.epochs)
    ap.add_argument("--C", type=float, default=cfg.C)
    args = ap.parse_args()
    cfg.epochs, cfg.C = args.epochs, args.C
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(2)

    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    y = train[cfg.target].to_numpy()
    logger.info("train %d reviews (%.1f%% great), test %d", len(train), 100 * y.mean(), len(test))

    tr_idx, va_idx = train_test_split(np.arange(len(train)), test_size=cfg.val_size, stratify=y, random_state=cfg.seed)
    fb = FeatureBuilder(cfg)
    X_tr = fb.fit_transform(train[cfg.text_col].iloc[tr_idx])
    X_va = fb.transform(train[cfg.text_col].iloc[va_idx])
    logger.info("tf-idf matrix %s, nnz %d", X_tr.shape, X_tr.nnz)

    logreg = LogisticRegression(C=cfg.C, max_iter=3000).fit(X_tr, y[tr_idx])
    p_lr = logreg.predict_proba(X_va)[:, 1]
    logger.info("logreg val AUC: %.4f", roc_auc_score(y[va_idx], p_lr))

    mlp = MLPTrainer(cfg, X_tr.shape[1]).fit(X_tr, y[tr_idx], X_va, y[va_idx])
    p_mlp = mlp.predict(X_va)
    auc_mlp = roc_auc_score(y[va_idx], p_mlp)
    auc_blend = roc_auc_score(y[va_idx], 0.5 * p_lr + 0.5 * p_mlp)
    logger.info("mlp val AUC: %.4f | blend val AUC: %.4f", auc_mlp, auc_blend)

    logger.info("refitting on all %d rows", len(train))
    fb_full = FeatureBuilder(cfg)
    X_all = fb_full.fit_transform(train[cfg.text_col])
    X_test = fb_full.transform(test[cfg.text_col])
    p_test = 0.5 * LogisticRegression(C=cfg.C, max_iter=3000).fit(X_all, y).predict_proba(X_test)[:, 1]
    p_test += 0.5 * MLPTrainer(cfg, X_all.shape[1]).fit(X_all, y).predict(X_test)

    cfg.output_file.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "score": p_test}).to_csv(cfg.output_file, index=False)
    cfg.metrics_file.parent.mkdir(parents=True, exist_ok=True)
    cfg.metrics_file.write_text(json.dumps({"auc_logreg": roc_auc_score(y[va_idx], p_lr), "auc_mlp": auc_mlp,
                                            "auc_blend": auc_blend, "config": asdict(cfg)}, indent=2, default=str))
    logger.info("submission written: %s", cfg.output_file)


if __name__ == "__main__":
    main()
