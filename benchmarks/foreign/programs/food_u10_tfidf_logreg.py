import re
import numpy as np
import pandas as pd
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print("positive share: %.3f" % train.score.mean())


def clean(s):
    s = str(s).lower()
    s = re.sub(r"<br\s*/?>", " ", s)
    s = re.sub(r"http\S+", " ", s)
    s = re.sub(r"\s+", " ", s)
    return s.strip()


train["text"] = train.review.fillna("").apply(clean)
test["text"] = test.review.fillna("").apply(clean)
print("avg length (chars): %.0f" % train.text.str.len().mean())


def vectorize(tr_text, other_texts):
    wv = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True,
                         token_pattern=r"(?u)\b\w[\w']*\b")
    cv = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3,
                         sublinear_tf=True, max_features=60000)
    Xw = wv.fit_transform(tr_text)
    Xc = cv.fit_transform(tr_text)
    out = [hstack([Xw, Xc]).tocsr()]
    for t in other_texts:
        out.append(hstack([wv.transform(t), cv.transform(t)]).tocsr())
    return out, wv


y = train.score.values
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=5)
Cs = [1.0, 4.0]
oof = {C: np.zeros(len(train)) for C in Cs}

for k, (tr, va) in enumerate(skf.split(train.text, y)):
    (Xtr, Xva), _ = vectorize(train.text.iloc[tr], [train.text.iloc[va]])
    for C in Cs:
        clf = LogisticRegression(C=C, solver="liblinear", max_iter=500)
        clf.fit(Xtr, y[tr])
        oof[C][va] = clf.predict_proba(Xva)[:, 1]
    print("fold %d  " % k + "  ".join("C=%g auc=%.4f" % (C, roc_auc_score(y[va], oof[C][va])) for C in Cs))

res = {C: roc_auc_score(y, oof[C]) for C in Cs}
best_C = max(res, key=res.get)
for C in Cs:
    print("C=%g  OOF AUC %.4f" % (C, res[C]))
print("==> using C=%g, validation AUC %.4f" % (best_C, res[best_C]))

(Xall, Xte), wv = vectorize(train.text, [test.text])
clf = LogisticRegression(C=best_C, solver="liblinear", max_iter=500)
clf.fit(Xall, y)

inv_vocab = {i: w for w, i in wv.vocabulary_.items()}
n_words = len(inv_vocab)
coefs = clf.coef_[0][:n_words]
order = np.argsort(coefs)
print("most negative words:", [inv_vocab[i] for i in order[:12]])
print("most positive words:", [inv_vocab[i] for i in order[-12:][::-1]])

sub = pd.DataFrame({"id": test.id, "score": clf.predict_proba(Xte)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print("wrote", sub.shape, "mean pred %.3f" % sub.score.mean())
