import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.decomposition import TruncatedSVD
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

t0 = time.time()
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train["review"] = train["review"].fillna("")
test["review"] = test["review"].fillna("")
y = train["score"].values
print(train.shape, test.shape, "pos rate", y.mean().round(3))

word_vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=20000, sublinear_tf=True)
char_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 4), min_df=3, max_features=20000,
                           sublinear_tf=True)
corpus = pd.concat([train["review"], test["review"]])
word_vec.fit(corpus)
char_vec.fit(corpus)
X_tr = sparse.hstack([word_vec.transform(train["review"]), char_vec.transform(train["review"])]).tocsr()
X_te = sparse.hstack([word_vec.transform(test["review"]), char_vec.transform(test["review"])]).tocsr()
print("tfidf:", X_tr.shape, f"{time.time() - t0:.1f}s")

def meta(s):
    return pd.DataFrame({
        "n_chars": s.str.len(),
        "n_words": s.str.split().str.len(),
        "n_excl": s.str.count("!"),
        "n_q": s.str.count(r"\?"),
        "caps_ratio": s.apply(lambda t: sum(ch.isupper() for ch in t) / max(len(t), 1)),
        "has_but": s.str.lower().str.contains(" but ").astype(int),
        "n_stars_word": s.str.lower().str.count("star"),
    })

svd = TruncatedSVD(n_components=48, random_state=0)
svd.fit(sparse.vstack([X_tr, X_te]))
S_tr, S_te = svd.transform(X_tr), svd.transform(X_te)
M_tr = np.hstack([S_tr, meta(train["review"]).values])
M_te = np.hstack([S_te, meta(test["review"]).values])
print("svd+meta:", M_tr.shape, f"{time.time() - t0:.1f}s")

NF = 5
skf = StratifiedKFold(NF, shuffle=True, random_state=99)
folds = list(skf.split(X_tr, y))

def cv_model(make_model, X, X_test, name):
    oof = np.zeros(X.shape[0])
    pred = np.zeros(X_test.shape[0])
    for i, (a, b) in enumerate(folds):
        m = make_model()
        m.fit(X[a], y[a])
        oof[b] = m.predict_proba(X[b])[:, 1]
        pred += m.predict_proba(X_test)[:, 1] / NF
    print(f"{name}: OOF AUC {roc_auc_score(y, oof):.4f}  [{time.time() - t0:.1f}s]")
    return oof, pred

oof_lr, pred_lr = cv_model(lambda: LogisticRegression(C=4.0, max_iter=3000), X_tr, X_te, "tfidf-LR")

params = {"objective": "binary", "metric": "auc", "learning_rate": 0.03, "num_leaves": 15,
          "min_data_in_leaf": 20, "feature_fraction": 0.7, "bagging_fraction": 0.8,
          "bagging_freq": 1, "verbose": -1}
oof_lgb = np.zeros(M_te.shape[0])
pred_lgb = np.zeros(M_te.shape[0])
for i, (a, b) in enumerate(folds):
    dtr = lgb.Dataset(M_tr[a], y[a])
    dva = lgb.Dataset(M_tr[b], y[b], reference=dtr)
    bst = lgb.train(params, dtr, 2000, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof_lgb[b] = bst.predict(M_tr[b], num_iteration=bst.best_iteration)
    pred_lgb += bst.predict(M_te, num_iteration=bst.best_iteration) / NF
    print(f"  lgb fold {i}: {roc_auc_score(y[b], oof_lgb[b]):.4f} it={bst.best_iteration}")
print(f"svd-LGB: OOF AUC {roc_auc_score(y, oof_lgb):.4f}")

np.save("oof_food_lr.npy", oof_lr)
np.save("oof_food_lgb.npy", oof_lgb)
for w in [0.5, 0.6, 0.7, 0.8, 0.9]:
    print(f"w_lr={w}: blend AUC {roc_auc_score(y, w * oof_lr + (1 - w) * oof_lgb):.4f}")

final = 0.7 * pred_lr + 0.3 * pred_lgb
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": final}).to_csv("submission/submission.csv", index=False)
print(f"submission saved, {time.time() - t0:.1f}s total")
