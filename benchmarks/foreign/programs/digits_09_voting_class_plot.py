import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier, VotingClassifier
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split


class DigitsSolver:
    def __init__(self, seed=0):
        self.seed = seed
        self.model = VotingClassifier(
            [
                ("rf", RandomForestClassifier(n_estimators=200, random_state=seed)),
                ("et", ExtraTreesClassifier(n_estimators=200, random_state=seed)),
            ],
            voting="soft",
        )

    @staticmethod
    def featurize(df):
        pix = df.filter(like="pixel_").to_numpy(dtype=float)
        ink = pix.sum(axis=1, keepdims=True)
        return np.hstack([pix, ink, (pix > 8).sum(axis=1, keepdims=True)])

    def fit(self, df):
        self.model.fit(self.featurize(df), df["digit"])
        return self

    def predict(self, df):
        return self.model.predict(self.featurize(df))


def save_examples(df, path):
    fig, axes = plt.subplots(2, 5, figsize=(8, 3.5))
    for ax, (_, row) in zip(axes.ravel(), df.head(10).iterrows()):
        ax.imshow(row.filter(like="pixel_").to_numpy(dtype=float).reshape(8, 8), cmap="gray_r")
        ax.set_title(int(row["digit"]))
        ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    save_examples(train, "./working/examples.png")
    fit_part, valid_part = train_test_split(train, test_size=0.2, random_state=1, stratify=train["digit"])
    solver = DigitsSolver().fit(fit_part)
    print("valid accuracy:", round(accuracy_score(valid_part["digit"], solver.predict(valid_part)), 4))
    solver = DigitsSolver().fit(train)
    pd.DataFrame({"id": test["id"], "digit": solver.predict(test)}).to_csv("./submission/submission.csv", index=False)
