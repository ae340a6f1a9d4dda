import pandas as pd
import numpy as np
import time
import joblib
from pathlib import Path
from sklearn.pipeline import Pipeline
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.decomposition import TruncatedSVD
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.metrics import roc_auc_score
import warnings
warnings.filterwarnings("ignore")

t0 = time.time()
input_dir = Path("./input")
out_dir = Path("./submission")
out_dir.mkdir(parents=True, exist_ok=True)

train = pd.read_csv(input_dir / "train.csv")
test = pd.read_csv(input_dir / "test.csv")
print("loaded", train.shape, test.shape)

X = train["review"]
y = train["score"]
print(type(X), X.shape, y.shape, y.dtype)

pipe = Pipeline([
    ("tfidf", TfidfVectorizer(sublinear_tf=True, strip_accents="unicode")),
    ("gbm", GradientBoostingClassifier(random_state=0, subsample=0.8)),
])

param_grid = {
    "tfidf__ngram_range": [(1, 1), (1, 2)],
    "tfidf__min_df": [1, 3],
    "tfidf__max_features": [20000, None],
    "gbm__n_estimators": [300, 600],
    "gbm__max_depth": [3, 5],
    "gbm__learning_rate": [0.05, 0.1],
}
n_comb = 1
for k in param_grid:
    n_comb *= len(param_grid[k])
print("number of combinations:", n_comb)

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
grid = GridSearchCV(pipe, param_grid, scoring="roc_auc", cv=cv, n_jobs=1, verbose=2, refit=True)
grid.fit(X, y)

print("best params:", grid.best_params_)
print("CV AUC: %.4f" % grid.best_score_)
res = pd.DataFrame(grid.cv_results_)
print(res[["params", "mean_test_score", "std_test_score"]].sort_values("mean_test_score", ascending=False).head(10))

joblib.dump(grid.best_estimator_, "best_model.joblib")

pred = grid.predict_proba(test["review"])[:, 1]
print("pred", pred.shape, pred[:5])
sub = pd.read_csv(input_dir / "sample_submission.csv")
sub["score"] = pred
sub.to_csv(out_dir / "submission.csv", index=False)
print("done in %.1f s" % (time.time() - t0))
