"""
Digits - attempt 2: data augmentation by 1-pixel shifts + LightGBM multiclass.

Each training image is shifted up/down/left/right by one pixel, which gives 5x more
training data and makes tree models much more robust to small translations.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score


def shift_images(imgs: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """Shift a batch of (n, 8, 8) images, padding with zeros."""
    out = np.zeros_like(imgs)
    h, w = imgs.shape[1:]
    ys = slice(max(dy, 0), h + min(dy, 0)); yd = slice(max(-dy, 0), h + min(-dy, 0))
    xs = slice(max(dx, 0), w + min(dx, 0)); xd = slice(max(-dx, 0), w + min(-dx, 0))
    out[:, ys, xs] = imgs[:, yd, xd]
    return out


def augment(X_flat: np.ndarray, y: np.ndarray):
    imgs = X_flat.reshape(-1, 8, 8)
    batches, labels = [imgs], [y]
    for dy, dx in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
        batches.append(shift_images(imgs, dy, dx))
        labels.append(y)
    X_aug = np.concatenate(batches).reshape(-1, 64)
    return X_aug, np.concatenate(labels)


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = train.drop(columns=["digit"]).values.astype(np.float32)
    y = train["digit"].values
    print("raw train:", X.shape)

    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=1)
    X_tr_aug, y_tr_aug = augment(X_tr, y_tr)
    print("augmented train:", X_tr_aug.shape)

    params = dict(objective="multiclass", num_class=10, learning_rate=0.1, num_leaves=31,
                  feature_fraction=0.5, seed=1, verbosity=-1)
    dtr = lgb.Dataset(X_tr_aug, y_tr_aug)
    dva = lgb.Dataset(X_va, y_va, reference=dtr)
    bst = lgb.train(params, dtr, 500, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(30, verbose=False), lgb.log_evaluation(50)])
    acc = accuracy_score(y_va, bst.predict(X_va).argmax(axis=1))
    print(f"Validation accuracy: {acc:.4f}")

    X_all, y_all = augment(X, y)
    final = lgb.train(params, lgb.Dataset(X_all, y_all), bst.best_iteration)
    X_test = test.values.astype(np.float32)
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": final.predict(X_test).argmax(axis=1)}).to_csv(
        "./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
