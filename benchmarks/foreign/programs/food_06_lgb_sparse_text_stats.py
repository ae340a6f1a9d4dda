import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split


def text_stats(s: pd.Series) -> np.ndarray:
    return np.column_stack(
        [
            s.str.len(),
            s.str.split().str.len(),
            s.str.count("!"),
            s.str.count(r"\?"),
            s.str.count(r"[A-Z]{3,}"),
        ]
    ).astype(np.float32)


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
tfidf = TfidfVectorizer(ngram_range=(1, 2), min_df=3, max_features=20000, sublinear_tf=True, dtype=np.float32)
X = hstack([tfidf.fit_transform(train["review"]), csr_matrix(text_stats(train["review"]))]).tocsr()
X_test = hstack([tfidf.transform(test["review"]), csr_matrix(text_stats(test["review"]))]).tocsr()
y = train["score"].to_numpy()

tr, va = train_test_split(np.arange(len(y)), test_size=0.2, random_state=3, stratify=y)
params = {"objective": "binary", "metric": "auc", "learning_rate": 0.05, "num_leaves": 31, "feature_fraction": 0.3, "verbose": -1}
booster = lgb.train(
    params,
    lgb.Dataset(X[tr], y[tr]),
    num_boost_round=1500,
    valid_sets=[lgb.Dataset(X[va], y[va])],
    callbacks=[lgb.early_stopping(60, verbose=False), lgb.log_evaluation(100)],
)
print(f"valid AUC: {roc_auc_score(y[va], booster.predict(X[va], num_iteration=booster.best_iteration)):.4f} (iteration {booster.best_iteration})")
final = lgb.train(params, lgb.Dataset(X, y), num_boost_round=booster.best_iteration)
pd.DataFrame({"id": test["id"], "score": final.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
