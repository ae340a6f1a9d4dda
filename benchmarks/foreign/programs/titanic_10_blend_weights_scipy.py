import numpy as np
import pandas as pd
from scipy.optimize import minimize
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler


def features(df):
    return pd.DataFrame(
        {
            "female": df["sex"].eq("female").astype(float),
            "age": df["age"].fillna(29.0),
            "age_na": df["age"].isna().astype(float),
            "cls": df["pclass"].str[0].astype(float),
            "master": df["name"].str.contains("Master").astype(float),
        }
    )


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, X_test, y = features(train), features(test), train["survived"].to_numpy()
models = {
    "lr": lambda: make_pipeline(StandardScaler(), LogisticRegression()),
    "knn": lambda: make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=31)),
    "rf": lambda: RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0),
}
oof = np.zeros((len(X), len(models)))
test_pred = np.zeros((len(X_test), len(models)))
for a, b in StratifiedKFold(5, shuffle=True, random_state=5).split(X, y):
    for j, make in enumerate(models.values()):
        m = make().fit(X.iloc[a], y[a])
        oof[b, j] = m.predict_proba(X.iloc[b])[:, 1]
        test_pred[:, j] += m.predict_proba(X_test)[:, 1] / 5
for j, name in enumerate(models):
    print(f"{name}: OOF AUC {roc_auc_score(y, oof[:, j]):.4f}")

res = minimize(lambda w: -roc_auc_score(y, oof @ (np.abs(w) / np.abs(w).sum())), x0=np.ones(len(models)) / len(models), method="Powell")
w = np.abs(res.x) / np.abs(res.x).sum()
print("blend weights:", np.round(w, 3))
print(f"blend OOF AUC: {roc_auc_score(y, oof @ w):.4f}")
pd.DataFrame({"id": test["id"], "survived": test_pred @ w}).to_csv("./submission/submission.csv", index=False)
