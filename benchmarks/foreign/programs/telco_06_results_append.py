import pandas as pd
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
full = pd.get_dummies(pd.concat([train.drop(columns="churn"), test]), drop_first=True, dtype=float)
full["total_charges"] = full["total_charges"].fillna(0)
X = full.iloc[: len(train)].drop(columns="id")
X_test = full.iloc[len(train):].drop(columns="id")
y = train["churn"]

models = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
    "forest": RandomForestClassifier(n_estimators=200, min_samples_leaf=5, random_state=0),
    "gboost": GradientBoostingClassifier(n_estimators=150, max_depth=3, random_state=0),
}
results = pd.DataFrame(columns=["model", "auc"])
for name, model in models.items():
    auc = cross_val_score(model, X, y, cv=3, scoring="roc_auc").mean()
    results = results.append({"model": name, "auc": auc}, ignore_index=True)
    print(f"{name:8s} AUC={auc:.4f}")

best = results.sort_values("auc", ascending=False).iloc[0]
print("best model:", best["model"], "AUC", round(best["auc"], 4))
final = models[best["model"]].fit(X, y)
pd.DataFrame({"id": test["id"], "churn": final.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
