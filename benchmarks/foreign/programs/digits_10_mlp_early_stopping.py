import warnings

import pandas as pd
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore", category=ConvergenceWarning)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
pixels = train.filter(like="pixel_").columns
X_tr, X_va, y_tr, y_va = train_test_split(train[pixels], train["digit"], test_size=0.2, stratify=train["digit"], random_state=0)

mlp = make_pipeline(
    StandardScaler(),
    MLPClassifier(hidden_layer_sizes=(128, 64), alpha=1e-3, early_stopping=True, n_iter_no_change=15, max_iter=300, random_state=0),
)
mlp.fit(X_tr, y_tr)
net = mlp[-1]
print(f"stopped after {net.n_iter_} epochs, best internal validation score {net.best_validation_score_:.4f}")
print(f"Validation Accuracy: {accuracy_score(y_va, mlp.predict(X_va)) * 100:.2f}%")
mlp.fit(train[pixels], train["digit"])
pd.DataFrame({"id": test["id"], "digit": mlp.predict(test[pixels])}).to_csv("./submission/submission.csv", index=False)
