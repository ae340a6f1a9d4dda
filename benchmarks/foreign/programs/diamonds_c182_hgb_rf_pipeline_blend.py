"""Diamonds: sklearn Pipeline + ColumnTransformer, HistGradientBoosting + RandomForest blend."""
import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer, TransformedTargetRegressor
from sklearn.ensemble import HistGradientBoostingRegressor, RandomForestRegressor
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder

logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(levelname)s - %(message)s")
logger = logging.getLogger(__name__)


@dataclass
class Config:
    input_dir: Path = Path("./input")
    output_dir: Path = Path("./submission")
    target: str = "price"
    id_col: str = "id"
    valid_size: float = 0.2
    random_state: int = 42
    blend_weight_hgb: float = 0.6


CFG = Config()
CAT_COLS = ["cut", "color", "clarity"]
NUM_COLS = ["carat", "depth", "table", "x", "y", "z"]
CATEGORIES = [
    ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    ["J", "I", "H", "G", "F", "E", "D"],
    ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
]


def build_preprocessor() -> ColumnTransformer:
    """Ordinal encoding for grades, passthrough for numeric columns."""
    return ColumnTransformer(
        transformers=[
            ("cat", OrdinalEncoder(categories=CATEGORIES, handle_unknown="use_encoded_value",
                                   unknown_value=-1), CAT_COLS),
            ("num", "passthrough", NUM_COLS),
        ]
    )


def build_models() -> dict:
    """Return the two candidate pipelines, both fitted on log1p(price)."""
    hgb = Pipeline([
        ("prep", build_preprocessor()),
        ("model", HistGradientBoostingRegressor(
            learning_rate=0.05, max_iter=800, max_leaf_nodes=31, l2_regularization=1.0,
            early_stopping=True, validation_fraction=0.1, n_iter_no_change=30,
            random_state=CFG.random_state)),
    ])
    rf = Pipeline([
        ("prep", build_preprocessor()),
        ("model", RandomForestRegressor(
            n_estimators=300, min_samples_leaf=2, max_features=0.6,
            n_jobs=1, random_state=CFG.random_state)),
    ])
    wrap = lambda p: TransformedTargetRegressor(regressor=p, func=np.log1p, inverse_func=np.expm1)
    return {"hgb": wrap(hgb), "rf": wrap(rf)}


def rmsle(y_true, y_pred) -> float:
    return mean_squared_log_error(y_true, np.clip(y_pred, 0, None), squared=False)


def main():
    train = pd.read_csv(CFG.input_dir / "train.csv")
    test = pd.read_csv(CFG.input_dir / "test.csv")
    logger.info(f"Loaded train={train.shape}, test={test.shape}")

    X = train[CAT_COLS + NUM_COLS]
    y = train[CFG.target]
    X_tr, X_va, y_tr, y_va = train_test_split(
        X, y, test_size=CFG.valid_size, random_state=CFG.random_state)

    models = build_models()
    valid_preds = {}
    for name, model in models.items():
        logger.info(f"Fitting {name} ...")
        model.fit(X_tr, y_tr)
        valid_preds[name] = model.predict(X_va)
        logger.info(f"{name} validation RMSLE: {rmsle(y_va, valid_preds[name]):.5f}")

    w = CFG.blend_weight_hgb
    blend = w * valid_preds["hgb"] + (1 - w) * valid_preds["rf"]
    print(f"Validation RMSLE (blend): {rmsle(y_va, blend):.5f}")

    logger.info("Refitting on full training data")
    test_preds = {}
    for name, model in models.items():
        model.fit(X, y)
        test_preds[name] = model.predict(test[CAT_COLS + NUM_COLS])
    final = w * test_preds["hgb"] + (1 - w) * test_preds["rf"]

    CFG.output_dir.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({CFG.id_col: test[CFG.id_col], CFG.target: final}).to_csv(
        CFG.output_dir / "submission.csv", index=False)
    logger.info("Submission written")


if __name__ == "__main__":
    main()
