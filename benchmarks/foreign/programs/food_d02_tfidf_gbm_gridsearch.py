"""
Food reviews - attempt 2: gradient boosting on TF-IDF features, tuned with GridSearchCV.

Linear models can't capture interactions like "not" + "good"; boosted trees can. I use
a Pipeline(TfidfVectorizer -> GradientBoostingClassifier) and let GridSearchCV tune both
the vocabulary size and the booster, scored by ROC AUC with 5-fold stratified CV.
"""
import os
import numpy as np
import pandas as pd
from sklearn.pipeline import Pipeline
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X, y = train["review"].fillna(""), train["score"].values
    print("train size:", len(X), "test size:", len(test))

    pipe = Pipeline([
        ("tfidf", TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, min_df=2)),
        ("gbm", GradientBoostingClassifier(random_state=0)),
    ])
    param_grid = {
        "tfidf__max_features": [20000, 50000],
        "gbm__n_estimators": [300, 600],
        "gbm__max_depth": [3, 5],
        "gbm__learning_rate": [0.05, 0.1],
    }
    n_cand = int(np.prod([len(v) for v in param_grid.values()]))
    print(f"grid search over {n_cand} candidates x 5 folds = {n_cand * 5} fits")
    grid = GridSearchCV(pipe, param_grid, scoring="roc_auc",
                        cv=StratifiedKFold(5, shuffle=True, random_state=0), n_jobs=1, verbose=2)
    grid.fit(X, y)
    print("best params:", grid.best_params_)
    print(f"Validation AUC: {grid.best_score_:.4f}")

    pred = grid.predict_proba(test["review"].fillna(""))[:, 1]
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "score": pred}).to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
