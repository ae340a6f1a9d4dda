import pandas as pd
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.model_selection import RepeatedStratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = [c for c in train.columns if c not in ("id", "cultivar")]

lda = make_pipeline(StandardScaler(), LinearDiscriminantAnalysis(solver="lsqr", shrinkage="auto"))
cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0)
losses = -cross_val_score(lda, train[features], train["cultivar"], cv=cv, scoring="neg_log_loss")
print(f"repeated 5-fold log loss: {losses.mean():.4f} (sd {losses.std():.4f}, {len(losses)} fits)")
lda.fit(train[features], train["cultivar"])
sub = pd.DataFrame(lda.predict_proba(test[features]), columns=lda.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
