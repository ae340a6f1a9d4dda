import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
import re
import os
import warnings
warnings.filterwarnings("ignore")

np.random.seed(2024)

train_df = pd.read_csv("input/train.csv")
test_df = pd.read_csv("input/test.csv")
print(train_df.shape, test_df.shape)

# some simple numeric features from text
def add_feats(df):
    df["n_chars"] = df["review"].str.len()
    df["n_words"] = df["review"].str.split().str.len()
    df["n_excl"] = df["review"].str.count("!")
    df["n_q"] = df["review"].str.count(r"\?")
    df["n_upper"] = df["review"].apply(lambda s: sum(1 for ch in s if ch.isupper()))
    df["upper_ratio"] = df["n_upper"] / (df["n_chars"] + 1)
    return df

train_df = add_feats(train_df)
test_df = add_feats(test_df)
print(train_df[["n_chars", "n_words", "n_excl", "n_q", "upper_ratio"]].describe())

num_cols = ["n_chars", "n_words", "n_excl", "n_q", "upper_ratio"]

tfidf = TfidfVectorizer(max_features=3000, min_df=3, stop_words="english", token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z]+\b")
all_text = pd.concat([train_df["review"], test_df["review"]])
tfidf.fit(all_text)
tr_text = tfidf.transform(train_df["review"])
te_text = tfidf.transform(test_df["review"])
print("tfidf", tr_text.shape, te_text.shape, type(tr_text))

from scipy import sparse
X = sparse.hstack([tr_text, sparse.csr_matrix(train_df[num_cols].values.astype(np.float32))]).tocsr()
X_test = sparse.hstack([te_text, sparse.csr_matrix(test_df[num_cols].values.astype(np.float32))]).tocsr()
y = train_df["score"].values
print("X", X.shape, X.dtype, "X_test", X_test.shape)

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.3,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 1,
    "seed": 2024,
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
oof = np.zeros(X.shape[0])
test_preds = np.zeros(X_test.shape[0])
fold_scores = []

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    print("===== fold", fold, "=====")
    print("train idx", len(tr_idx), "valid idx", len(va_idx))
    dtrain = lgb.Dataset(X[tr_idx], label=y[tr_idx])
    dvalid = lgb.Dataset(X[va_idx], label=y[va_idx], reference=dtrain)
    model = lgb.train(
        params,
        dtrain,
        num_boost_round=2000,
        valid_sets=[dtrain, dvalid],
        valid_names=["train", "valid"],
        early_stopping_rounds=100,
        verbose_eval=100,
    )
    print("best iter", model.best_iteration)
    oof[va_idx] = model.predict(X[va_idx], num_iteration=model.best_iteration)
    test_preds += model.predict(X_test, num_iteration=model.best_iteration) / skf.n_splits
    sc = roc_auc_score(y[va_idx], oof[va_idx])
    fold_scores.append(sc)
    print("fold", fold, "auc", sc)

print("fold scores", fold_scores)
print("OOF AUC: %.5f" % roc_auc_score(y, oof))
print("CV AUC = %.4f +/- %.4f" % (np.mean(fold_scores), np.std(fold_scores)))

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test_df["id"], "score": test_preds})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
