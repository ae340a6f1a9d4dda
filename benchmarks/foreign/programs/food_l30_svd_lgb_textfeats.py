import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

N_COMP = 64
SEED = 17

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
n_train = len(train)

both = pd.concat([train, test], ignore_index=True)


def text_stats(df):
    txt = df["review"].str.replace(r"<[^>]+>", " ", regex=True)
    return df.assign(
        review=txt,
        len_chars=lambda d: d["review"].str.len(),
        len_words=lambda d: d["review"].str.split().str.len(),
        avg_word=lambda d: d["len_chars"] / d["len_words"].clip(lower=1),
        excl=lambda d: d["review"].str.count("!"),
        upper_words=lambda d: d["review"].str.count(r"\b[A-Z]{2,}\b"),
        digits=lambda d: d["review"].str.count(r"\d"),
        love=lambda d: d["review"].str.contains(r"\blove", case=False).astype("int8"),
        buy_again=lambda d: d["review"].str.contains(r"(?:buy|order)\w* (?:it |this )?again", case=False).astype("int8"),
        negation=lambda d: d["review"].str.count(r"(?i)\b(?:not|n't|never|no)\b"),
    ).assign(neg_rate=lambda d: d["negation"] / d["len_words"].clip(lower=1))


both = both.pipe(text_stats)

tfidf = TfidfVectorizer(ngram_range=(1, 2), min_df=3, max_df=0.8, sublinear_tf=True, stop_words=None)
tf = tfidf.fit_transform(both["review"])
svd = TruncatedSVD(n_components=N_COMP, random_state=SEED)
comp = svd.fit_transform(tf)
print(f"tfidf vocab {len(tfidf.vocabulary_)}, svd explained variance {svd.explained_variance_ratio_.sum():.3f}")

svd_df = pd.DataFrame(comp, columns=[f"svd_{i:02d}" for i in range(N_COMP)])
feats = both.join(svd_df)

tr = feats.iloc[:n_train].reset_index(drop=True)
te = feats.iloc[n_train:].reset_index(drop=True)

X = tr.drop(columns=["id", "score"])
y = tr["score"].astype(int)
X_test = te[X.columns]

print(
    tr.groupby("love")
    .agg(n=("id", "size"), great_rate=("score", "mean"), words=("len_words", "median"))
    .round(3)
)

params = dict(
    n_estimators=1500,
    learning_rate=0.03,
    num_leaves=15,
    min_child_samples=20,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.5,
    reg_lambda=2.0,
    verbose=-1,
    n_jobs=2,
)

skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
for fold, (i_tr, i_va) in enumerate(skf.split(X, y)):
    clf = lgb.LGBMClassifier(**params, random_state=SEED + fold)
    clf.fit(
        X.iloc[i_tr], y.iloc[i_tr],
        eval_set=[(X.iloc[i_va], y.iloc[i_va])],
        eval_metric="auc",
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
    )
    oof[i_va] = clf.predict_proba(X.iloc[i_va])[:, 1]
    test_pred += clf.predict_proba(X_test)[:, 1] / skf.get_n_splits()
    print(f"fold {fold}: auc {roc_auc_score(y.iloc[i_va], oof[i_va]):.4f} @ {clf.best_iteration_}")

print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"].values, "score": test_pred}).to_csv("./submission/submission.csv", index=False)
print("done")
