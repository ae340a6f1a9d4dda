from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

DATA = Path("./input")
OUT = Path("./submission")
CACHE = Path("./cache")
N_SPLITS = 5


class ImageFeaturizer:
    """Raw pixels + projection profiles + simple gradient energy for 8x8 digits."""

    def __init__(self, side=8):
        self.side = side

    def __call__(self, pixels):
        img = pixels.reshape(-1, self.side, self.side) / 16.0
        rows = img.sum(axis=2)
        cols = img.sum(axis=1)
        gx = np.abs(np.diff(img, axis=2)).sum(axis=(1, 2))[:, None]
        gy = np.abs(np.diff(img, axis=1)).sum(axis=(1, 2))[:, None]
        diag = np.stack([np.trace(im) for im in img])[:, None]
        anti = np.stack([np.trace(np.fliplr(im)) for im in img])[:, None]
        return np.hstack([img.reshape(len(img), -1), rows, cols, gx, gy, diag, anti])


def fit_predict(Xtr, ytr, Xev_list):
    scaler = StandardScaler().fit(Xtr)
    Xtr_s = scaler.transform(Xtr)
    knn = KNeighborsClassifier(n_neighbors=4, weights="distance").fit(Xtr_s, ytr)
    svc = SVC(C=10.0, gamma="scale").fit(Xtr_s, ytr)
    outs = []
    for Xev in Xev_list:
        Xev_s = scaler.transform(Xev)
        knn_p = knn.predict_proba(Xev_s)
        dec = svc.decision_function(Xev_s)
        svc_p = np.exp(dec - dec.max(1, keepdims=True))
        svc_p /= svc_p.sum(1, keepdims=True)
        outs.append((knn_p, svc_p))
    return outs


def main():
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    pix = [c for c in train.columns if c.startswith("pixel_")]
    feat = ImageFeaturizer()
    X = feat(train[pix].to_numpy())
    X_test = feat(test[pix].to_numpy())
    y = train["digit"].to_numpy()
    print("feature matrix:", X.shape)

    oof_knn = np.zeros((len(X), 10))
    oof_svc = np.zeros((len(X), 10))
    skf = StratifiedKFold(N_SPLITS, shuffle=True, random_state=99)
    for k, (tr, va) in enumerate(skf.split(X, y)):
        ((knn_p, svc_p),) = fit_predict(X[tr], y[tr], [X[va]])
        oof_knn[va], oof_svc[va] = knn_p, svc_p
        print(f"fold {k}: knn {accuracy_score(y[va], knn_p.argmax(1)):.4f} "
              f"svc {accuracy_score(y[va], svc_p.argmax(1)):.4f}")

    best_w, best_acc = 0.0, 0.0
    for w in np.linspace(0, 1, 11):
        acc = accuracy_score(y, (w * oof_knn + (1 - w) * oof_svc).argmax(1))
        if acc > best_acc:
            best_w, best_acc = w, acc
    print(f"knn OOF acc {accuracy_score(y, oof_knn.argmax(1)):.4f}, svc OOF acc {accuracy_score(y, oof_svc.argmax(1)):.4f}")
    print(f"CV accuracy (blend, w_knn={best_w:.1f}): {best_acc:.4f}")
    np.save(CACHE / "oof_blend.npy", best_w * oof_knn + (1 - best_w) * oof_svc)

    ((knn_p, svc_p),) = fit_predict(X, y, [X_test])
    pred = (best_w * knn_p + (1 - best_w) * svc_p).argmax(1)
    OUT.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": pred}).to_csv(OUT / "submission.csv", index=False)
    print("saved", len(pred), "predictions")


if __name__ == "__main__":
    main()
