import pandas as pd
from sklearn.calibration import CalibratedClassifierCV
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.svm import LinearSVC

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

features = FeatureUnion(
    [
        ("words", TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True)),
        ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, sublinear_tf=True, max_features=40000)),
    ]
)
pipe = Pipeline([("tfidf", features), ("svm", CalibratedClassifierCV(LinearSVC(), cv=3))])
grid = GridSearchCV(pipe, {"svm__estimator__C": [0.1, 0.5]}, scoring="roc_auc", cv=StratifiedKFold(3, shuffle=True, random_state=1))
grid.fit(train["review"], train["score"])
print("best C:", grid.best_params_["svm__estimator__C"])
print("best cross-validated AUC: %.4f" % grid.best_score_)
pd.DataFrame({"id": test["id"], "score": grid.predict_proba(test["review"])[:, 1]}).to_csv("./submission/submission.csv", index=False)
