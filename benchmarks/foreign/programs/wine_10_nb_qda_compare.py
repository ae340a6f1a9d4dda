import pandas as pd
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PowerTransformer

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, y = train.drop(columns=["id", "cultivar"]), train["cultivar"]
cv = StratifiedKFold(5, shuffle=True, random_state=17)

candidates = {
    "gaussian_nb": make_pipeline(PowerTransformer(), GaussianNB()),
    "qda_reg": make_pipeline(PowerTransformer(), QuadraticDiscriminantAnalysis(reg_param=0.3)),
}
results = {}
for name, model in candidates.items():
    results[name] = -cross_val_score(model, X, y, cv=cv, scoring="neg_log_loss").mean()
    print(f"{name:<12} logloss={results[name]:.4f}")
best = min(results, key=results.get)
print(f"selected {best}: CV log loss {results[best]:.4f}")
model = candidates[best].fit(X, y)
sub = pd.DataFrame(model.predict_proba(test[X.columns]), columns=model.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
