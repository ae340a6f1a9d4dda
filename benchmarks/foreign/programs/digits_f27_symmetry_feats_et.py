"""
Digits: ExtraTrees on raw pixels + hand-made image features.

Plan:
  1. load pixels, reshape to (n, 8, 8) images
  2. engineered features:
       - row / column ink profiles (sums)
       - left-right and top-bottom mirror differences (symmetry)
       - total ink, ink centroid
  3. ExtraTreesClassifier; compare raw-only vs raw+engineered with 5-fold CV
  4. fit the better variant on all data, predict test, write submission
"""
import os

import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score

CONFIG = {
    "data_dir": "./input",
    "out_path": "./submission/submission.csv",
    "target": "digit",
    "img_size": 8,
    "n_estimators": 250,
    "folds": 5,
    "seed": 123,
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"Loaded train {train.shape}, test {test.shape}")
    return train, test


def pixel_matrix(df):
    cols = [c for c in df.columns if c.startswith("pixel_")]
    return df[cols].to_numpy(dtype=np.float32)


def symmetry_features(imgs, size):
    feats = []
    half = size // 2
    for c in range(half):
        # difference between a column and its mirror column
        feats.append(np.abs(imgs[:, :, c] - imgs[:, :, size - c]).sum(axis=1))
    for r in range(half):
        feats.append(np.abs(imgs[:, r, :] - imgs[:, size - r, :]).sum(axis=1))
    return np.column_stack(feats)


def build_features(df, cfg):
    size = cfg["img_size"]
    pix = pixel_matrix(df)
    imgs = pix.reshape(-1, size, size)
    row_prof = imgs.sum(axis=2)
    col_prof = imgs.sum(axis=1)
    ink = imgs.sum(axis=(1, 2))[:, None]
    grid = np.arange(size, dtype=np.float32)
    cy = (row_prof * grid).sum(axis=1, keepdims=True) / (ink + 1e-6)
    cx = (col_prof * grid).sum(axis=1, keepdims=True) / (ink + 1e-6)
    sym = symmetry_features(imgs, size)
    return np.hstack([pix, row_prof, col_prof, ink, cy, cx, sym])


def make_model(cfg):
    return ExtraTreesClassifier(n_estimators=cfg["n_estimators"], max_features="sqrt",
                                n_jobs=2, random_state=cfg["seed"])


def evaluate(X, y, cfg, label):
    cv = StratifiedKFold(n_splits=cfg["folds"], shuffle=True, random_state=cfg["seed"])
    scores = cross_val_score(make_model(cfg), X, y, cv=cv, scoring="accuracy")
    print(f"[{label}] fold acc: {np.round(scores, 4)} -> mean {scores.mean():.4f}")
    return scores.mean()


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    y = train[cfg["target"]].to_numpy()

    X_raw = pixel_matrix(train)
    base_acc = evaluate(X_raw, y, cfg, "raw pixels")

    X_eng = build_features(train, cfg)
    eng_acc = evaluate(X_eng, y, cfg, "raw + engineered")

    use_eng = eng_acc >= base_acc
    print(f"accuracy = {max(base_acc, eng_acc):.4f} (engineered={use_eng})")
    X_fit = X_eng if use_eng else X_raw
    X_test = build_features(test, cfg) if use_eng else pixel_matrix(test)

    model = make_model(cfg).fit(X_fit, y)
    pred = model.predict(X_test)
    os.makedirs(os.path.dirname(cfg["out_path"]), exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": pred}).to_csv(cfg["out_path"], index=False)
    print(f"wrote {cfg['out_path']}")


if __name__ == "__main__":
    main()
