# %% food reviews -- tfidf (word+char) LR -> OOF, then LGBM stacker on OOF + text meta feats
import re
import numpy as np
import pandas as pd
import scipy.sparse as sp
import lightgbm as lgb
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

SEED = 17
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
y = train["score"].values
print("pos rate", y.mean())

# %% text cleaning
def clean(s):
    s = s.lower()
    s = re.sub(r"<br\s*/?>", " ", s)
    s = re.sub(r"http\S+", " url ", s)
    return s

tr_txt = train["review"].map(clean)
te_txt = test["review"].map(clean)

# %% tfidf
wv = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=40000, sublinear_tf=True)
cv = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3, max_features=60000, sublinear_tf=True)
all_txt = pd.concat([tr_txt, te_txt])
wv.fit(all_txt); cv.fit(all_txt)
X_tr = sp.hstack([wv.transform(tr_txt), cv.transform(tr_txt)]).tocsr()
X_te = sp.hstack([wv.transform(te_txt), cv.transform(te_txt)]).tocsr()
print("tfidf", X_tr.shape, X_te.shape)

# %% meta features
def meta(raw):
    m = pd.DataFrame(index=raw.index)
    m["n_chars"] = raw.str.len()
    m["n_words"] = raw.str.split().str.len()
    m["n_excl"] = raw.str.count("!")
    m["n_q"] = raw.str.count(r"\?")
    m["caps_ratio"] = raw.str.count(r"[A-Z]") / (m["n_chars"] + 1)
    m["n_digits"] = raw.str.count(r"\d")
    m["avg_word_len"] = m["n_chars"] / (m["n_words"] + 1)
    neg = r"\b(not|never|disappoint\w*|worst|awful|terrible|bad|waste|stale|refund)\b"
    pos = r"\b(love|great|best|delicious|excellent|perfect|favorite|yummy)\b"
    m["neg_hits"] = raw.str.lower().str.count(neg)
    m["pos_hits"] = raw.str.lower().str.count(pos)
    return m

M_tr, M_te = meta(train["review"]), meta(test["review"])
print(M_tr.describe().T[["mean", "max"]])

# %% level 1: LR
skf = StratifiedKFold(5, shuffle=True, random_state=SEED)
folds = list(skf.split(X_tr, y))
oof_lr = np.zeros(len(y)); te_lr = np.zeros(X_te.shape[0])
for k, (a, b) in enumerate(folds):
    lr = LogisticRegression(C=4.0, max_iter=2000, solver="liblinear")
    lr.fit(X_tr[a], y[a])
    oof_lr[b] = lr.predict_proba(X_tr[b])[:, 1]
    te_lr += lr.predict_proba(X_te)[:, 1] / len(folds)
    print(f"LR fold {k}: {roc_auc_score(y[b], oof_lr[b]):.4f}")
print(f"LR OOF AUC: {roc_auc_score(y, oof_lr):.4f}")

# %% level 2: lgb on [lr_oof, meta]
S_tr = M_tr.assign(lr=oof_lr).reset_index(drop=True)
S_te = M_te.assign(lr=te_lr).reset_index(drop=True)
params = {"objective": "binary", "metric": "auc", "learning_rate": 0.02, "num_leaves": 7,
          "min_data_in_leaf": 40, "feature_fraction": 0.9, "lambda_l2": 5.0,
          "verbose": -1, "seed": SEED, "num_threads": 2, "deterministic": True}
oof_st = np.zeros(len(y)); te_st = np.zeros(len(S_te))
skf2 = StratifiedKFold(5, shuffle=True, random_state=SEED + 1)
for k, (a, b) in enumerate(skf2.split(S_tr, y)):
    bst = lgb.train(params, lgb.Dataset(S_tr.iloc[a], y[a]), 1500,
                    valid_sets=[lgb.Dataset(S_tr.iloc[b], y[b])],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof_st[b] = bst.predict(S_tr.iloc[b], num_iteration=bst.best_iteration)
    te_st += bst.predict(S_te, num_iteration=bst.best_iteration) / 5
    print("stack fold", k, bst.best_iteration, round(bst.best_score["valid_0"]["auc"], 4))

print(f"Stacked OOF AUC: {roc_auc_score(y, oof_st):.4f}")

# %%
final = 0.5 * te_lr + 0.5 * te_st
sub = pd.DataFrame({"id": test["id"], "score": final})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.shape)
