"""
Worked example: recognising handwritten digits (8x8 grey images).

Three classic classifiers are compared on a held-out validation set and with
3-fold cross-validation: k-nearest neighbours, an RBF support vector machine
and multinomial logistic regression.
"""
import os

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.model_selection import cross_val_score, train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

RANDOM_STATE = 11


def banner(msg):
    """Print a line of dashes around a message."""
    line = "-" * (len(msg) + 4)
    print(f"\n{line}\n| {msg} |\n{line}")


def pixel_columns(df):
    """Return the names of the 64 pixel columns (pixel_<row>_<col>)."""
    return [c for c in df.columns if c.startswith("pixel_")]


def candidate_models():
    """Dictionary of the models we want to compare."""
    return {
        "kNN (k=3)": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=3)),
        "SVC (rbf)": SVC(kernel="rbf", C=5.0, gamma="scale"),
        "Logistic regression": make_pipeline(StandardScaler(),
                                             LogisticRegression(C=0.5, max_iter=3000)),
    }


# 1. Load the data
banner("1. Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train shape:", train.shape)
print("test shape: ", test.shape)
print(train.iloc[:5, :10])

# 2. Explore
banner("2. Explore")
print("digits per class:")
print(train["digit"].value_counts().sort_index().to_string())
pix = pixel_columns(train)
print("number of pixel columns:", len(pix))
print("grey levels range from", train[pix].values.min(), "to", train[pix].values.max())
print(train[pix].describe().T.sample(5, random_state=0))

# 3. Train / validation split
banner("3. Train / validation split")
X = train[pix].to_numpy()
y = train["digit"].to_numpy()
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y,
                                          random_state=RANDOM_STATE)
print("X_tr", X_tr.shape, "X_va", X_va.shape)

# 4. Compare the models
banner("4. Compare the models")
val_acc = {}
for name, model in candidate_models().items():
    model.fit(X_tr, y_tr)
    acc = accuracy_score(y_va, model.predict(X_va))
    cv_acc = cross_val_score(model, X, y, cv=3, scoring="accuracy").mean()
    val_acc[name] = acc
    print(f"{name:<22} holdout: {acc:.4f}   3-fold CV: {cv_acc:.4f}")

best_name = max(val_acc, key=val_acc.get)
print("\nwinner:", best_name)
best_model = candidate_models()[best_name].fit(X_tr, y_tr)
print("confusion matrix of the winner on the validation set:")
print(confusion_matrix(y_va, best_model.predict(X_va)))
print(f"Validation accuracy: {val_acc[best_name]:.4f}")

# 5. Refit on the full training set and predict the test set
banner("5. Final model")
final_model = candidate_models()[best_name].fit(X, y)
test_pred = final_model.predict(test[pix].to_numpy())
print("predicted class counts:", np.bincount(test_pred, minlength=10))

# 6. Write the submission
banner("6. Submission")
os.makedirs("./submission", exist_ok=True)
submission = pd.DataFrame({"id": test["id"], "digit": test_pred.astype(int)})
submission.to_csv("./submission/submission.csv", index=False)
print(submission.head())
