import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

pipe = make_pipeline(
    TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True, strip_accents="unicode"),
    LogisticRegression(C=4.0, max_iter=3000),
)
auc = cross_val_score(pipe, train["review"], train["score"], cv=StratifiedKFold(5, shuffle=True, random_state=0), scoring="roc_auc")
print(f"TF-IDF + LR  AUC {auc.mean():.4f} ± {auc.std():.4f}")
pipe.fit(train["review"], train["score"])
pd.DataFrame({"id": test["id"], "score": pipe.predict_proba(test["review"])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
