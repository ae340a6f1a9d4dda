import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import classification_report, f1_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
counts = ["compounds", "input_fields", "iterations", "num_pending"]

knn = make_pipeline(
    make_column_transformer(
        (make_pipeline(FunctionTransformer(np.log1p), StandardScaler()), counts),
        (StandardScaler(), ["hour"]),
        (OneHotEncoder(handle_unknown="ignore"), ["protocol"]),
    ),
    KNeighborsClassifier(n_neighbors=7, weights="distance"),
)
pred = cross_val_predict(knn, train, train["class"], cv=StratifiedKFold(5, shuffle=True, random_state=5))
print(classification_report(train["class"], pred, digits=3))
print("cross-validated macro F1 =", round(f1_score(train["class"], pred, average="macro"), 4))
knn.fit(train, train["class"])
pd.DataFrame({"id": test["id"], "class": knn.predict(test)}).to_csv("./submission/submission.csv", index=False)
