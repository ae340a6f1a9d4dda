#!/usr/bin/env python
# coding: utf-8
# Digits 8x8: PCA+SVC, kNN, logistic -> soft voting

import argparse
import os
from pathlib import Path

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.decomposition import PCA
from sklearn.ensemble import VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix, ConfusionMatrixDisplay
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--data", default="./input")
    p.add_argument("--out", default="./submission")
    p.add_argument("--folds", type=int, default=5)
    return p.parse_args()


def add_image_stats(df, pix):
    img = df[pix].values.reshape(-1, 8, 8)
    out = pd.DataFrame(index=df.index)
    out["ink"] = img.sum(axis=(1, 2))
    out["row_var"] = img.sum(axis=2).var(axis=1)
    out["col_var"] = img.sum(axis=1).var(axis=1)
    out["lr_sym"] = np.abs(img - img[:, :, ::-1]).sum(axis=(1, 2))
    out["ud_sym"] = np.abs(img - img[:, ::-1, :]).sum(axis=(1, 2))
    return pd.concat([df[pix], out], axis=1)


def main():
    args = parse_args()
    train = pd.read_csv(Path(args.data) / "train.csv")
    test = pd.read_csv(Path(args.data) / "test.csv")
    print(train.shape, test.shape)
    print(train["digit"].value_counts().sort_index())

    pix = [c for c in train.columns if c.startswith("pixel_")]
    X = add_image_stats(train, pix)
    Xt = add_image_stats(test, pix)
    y = train["digit"].values

    svc = make_pipeline(StandardScaler(), PCA(n_components=40, random_state=0),
                        SVC(C=10, gamma="scale", probability=True, random_state=0))
    knn = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=4, weights="distance"))
    lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.2, max_iter=3000))
    vote = VotingClassifier([("svc", svc), ("knn", knn), ("lr", lr)], voting="soft", weights=[2, 1, 1])

    cv = StratifiedKFold(args.folds, shuffle=True, random_state=0)
    for name, m in [("svc", svc), ("knn", knn), ("lr", lr)]:
        p = cross_val_predict(m, X, y, cv=cv)
        print(f"{name}: {accuracy_score(y, p):.4f}")
    oof = cross_val_predict(vote, X, y, cv=cv)
    acc = accuracy_score(y, oof)
    print(f"Validation accuracy: {acc:.4f}")

    cm = confusion_matrix(y, oof)
    ConfusionMatrixDisplay(cm).plot(cmap="Blues")
    plt.savefig("confusion.png")
    plt.close("all")

    vote.fit(X, y)
    os.makedirs(args.out, exist_ok=True)
    sub = pd.read_csv(Path(args.data) / "sample_submission.csv")
    sub["digit"] = vote.predict(Xt[X.columns])
    sub.to_csv(Path(args.out) / "submission.csv", index=False)
    print(sub["digit"].value_counts().sort_index())


if __name__ == "__main__":
    main()
