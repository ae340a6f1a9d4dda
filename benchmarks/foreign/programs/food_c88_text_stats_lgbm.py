import os
import string

import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

SEED = 17
POS_WORDS = {"love", "great", "best", "delicious", "perfect", "excellent", "favorite", "amazing", "wonderful"}
NEG_WORDS = {"not", "but", "disappointed", "bad", "stale", "worst", "unfortunately", "however", "return"}


def text_stats(df: pd.DataFrame) -> pd.DataFrame:
    s = df["review"].fillna("").str.replace("<br />", " ", regex=False)
    words = s.str.lower().str.findall(r"[a-z']+")
    out = pd.DataFrame(index=df.index)
    out["review"] = s
    out["n_chars"] = s.str.len()
    out["n_words"] = words.str.len()
    out["n_excl"] = s.str.count("!")
    out["n_quest"] = s.str.count(r"\?")
    out["caps_ratio"] = s.map(lambda t: sum(ch.isupper() for ch in t) / max(len(t), 1))
    out["punct_ratio"] = s.map(lambda t: sum(ch in string.punctuation for ch in t) / max(len(t), 1))
    out["pos_hits"] = words.map(lambda ws: sum(w in POS_WORDS for w in ws))
    out["neg_hits"] = words.map(lambda ws: sum(w in NEG_WORDS for w in ws))
    out["pos_minus_neg"] = out["pos_hits"] - out["neg_hits"]
    out["avg_word_len"] = out["n_chars"] / out["n_words"].clip(lower=1)
    return out


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = train["score"].to_numpy()

f_tr, f_te = text_stats(train), text_stats(test)

tfidf = TfidfVectorizer(ngram_range=(1, 2), min_df=3, max_features=40000, sublinear_tf=True,
                        stop_words=None)
T_tr = tfidf.fit_transform(f_tr["review"])
T_te = tfidf.transform(f_te["review"])
svd = TruncatedSVD(n_components=64, random_state=SEED)
S_tr = pd.DataFrame(svd.fit_transform(T_tr), columns=[f"svd{i}" for i in range(64)])
S_te = pd.DataFrame(svd.transform(T_te), columns=[f"svd{i}" for i in range(64)])

X = pd.concat([f_tr.reset_index(drop=True), S_tr], axis=1)
X_test = pd.concat([f_te.reset_index(drop=True), S_te], axis=1)
print("feature matrix:", X.shape)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
for fold, (tr, va) in enumerate(skf.split(X, y)):
    clf = lgb.LGBMClassifier(n_estimators=2000, learning_rate=0.03, num_leaves=15, min_child_samples=20,
                             colsample_bytree=0.5, subsample=0.8, subsample_freq=1, reg_lambda=1.0,
                             random_state=SEED, n_jobs=1, verbose=-1)
    clf.fit(X.iloc[tr], y[tr], eval_set=[(X.iloc[va], y[va])], eval_metric="auc",
            callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[va] = clf.predict_proba(X.iloc[va])[:, 1]
    test_pred += clf.predict_proba(X_test)[:, 1] / skf.n_splits
    print(f"fold {fold}: iters={clf.best_iteration_:4d}  AUC={roc_auc_score(y[va], oof[va]):.4f}")

print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": test_pred}).to_csv("submission/submission.csv", index=False)
