"""
Worked example: digits with tree ensembles, plus a picture of the data.

Before training anything it is always a good idea to LOOK at the data, so
section 3 draws a few of the training images into a png file.
"""
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier

SEED = 3


def describe_frame(df, name):
    """Print shape, dtypes summary and the first rows of a DataFrame."""
    print(f"{name}: {df.shape[0]} rows x {df.shape[1]} columns")
    print("  dtypes:", dict(df.dtypes.value_counts()))
    print(df.head(3))


def show_examples(frame, n_images=10, path="digit_examples.png"):
    """Draw the first `n_images` rows of `frame` as 8x8 grey images and save
    them in one figure. The label is written above each image."""
    fig, axes = plt.subplots(1, n_images, figsize=(1.5 * n_images, 2))
    for i in range(n_images):
        row = frame.iloc[i]
        image = row.drop("digit").to_numpy(dtype=float).reshape(8, 8)
        axes[i].imshow(image, cmap="gray_r", vmin=0, vmax=16)
        axes[i].set_title(str(int(row["digit"])))
        axes[i].axis("off")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    print(f"saved {n_images} example images to {path}")


# 1. Load the data
print("# 1. Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
describe_frame(train, "train")
describe_frame(test, "test")

# 2. Class balance
print("\n# 2. Class balance")
balance = train["digit"].value_counts().sort_index()
print(pd.DataFrame({"count": balance, "share": (balance / len(train)).round(3)}))

# 3. Look at some images
print("\n# 3. Look at some images")
show_examples(train, n_images=10)

# 4. Features
print("\n# 4. Features")
feature_cols = [c for c in train.columns if c.startswith("pixel_")]
X = train[feature_cols].to_numpy()
y = train["digit"].to_numpy()
X_test = test[feature_cols].to_numpy()
print("X:", X.shape, "X_test:", X_test.shape)

# 5. Compare models with 4-fold CV
print("\n# 5. Compare models")
models = {
    "random forest": RandomForestClassifier(n_estimators=200, random_state=SEED, n_jobs=2),
    "extra trees": ExtraTreesClassifier(n_estimators=200, random_state=SEED, n_jobs=2),
    "5-NN": KNeighborsClassifier(n_neighbors=5),
}
skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=SEED)
cv_scores = {}
for name, model in models.items():
    scores = cross_val_score(model, X, y, cv=skf, scoring="accuracy")
    cv_scores[name] = scores.mean()
    print(f"  {name:<14} accuracy per fold: {np.round(scores, 3)}  mean: {scores.mean():.4f}")

best_name = max(cv_scores, key=cv_scores.get)
print(f"best model: {best_name}")
print(f"accuracy = {cv_scores[best_name]:.4f}")

# 6. Final fit and submission
print("\n# 6. Final fit and submission")
final = models[best_name].fit(X, y)
pred = final.predict(X_test)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "digit": pred}).to_csv("./submission/submission.csv", index=False)
print("wrote", len(pred), "predictions")
