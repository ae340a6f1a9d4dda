"""
Food reviews - TF-IDF + handcrafted "meta" features in one ColumnTransformer.

Plan:
  1. add meta features to the frame: length, word count, '!' count,
     uppercase ratio, count of obviously positive / negative words
  2. ColumnTransformer:
       - "text": TfidfVectorizer on the review column
       - "meta": StandardScaler on the numeric meta columns
  3. LogisticRegression(saga), 5-fold CV AUC with cross_val_score
  4. fit on everything, predict test probabilities
"""
import os

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {
    "data_dir": "./input",
    "submission": "./submission/submission.csv",
    "text_col": "review",
    "target": "score",
    "id_col": "id",
    "seed": 5,
    "folds": 5,
    "C": 2.0,
}

POS_WORDS = {"love", "great", "best", "delicious", "perfect", "excellent", "favorite", "amazing"}
NEG_WORDS = {"bad", "disappointed", "worst", "stale", "awful", "return", "unfortunately", "not"}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train {train.shape} / test {test.shape}")
    return train, test


def build_features(df, cfg):
    out = df.copy()
    text = out[cfg["text_col"]].fillna("")
    tokens = text.str.lower().str.findall(r"[a-z']+")
    out["n_chars"] = text.str.len()
    out["n_words"] = tokens.map(len)
    out["n_excl"] = text.str.count("!")
    out["upper_ratio"] = text.map(lambda s: sum(ch.isupper() for ch in s) / max(len(s), 1))
    out["n_pos"] = tokens.map(lambda ts: sum(t in POS_WORDS for t in ts))
    out["n_neg"] = tokens.map(lambda ts: sum(t in NEG_WORDS for t in ts))
    out["log_chars"] = np.log1p(out["n_chars"])
    return out


def make_model(meta_cols, cfg):
    pre = ColumnTransformer([
        ("text", TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True,
                                 max_features=50000), cfg["text_col"]),
        ("meta", StandardScaler(), meta_cols),
    ])
    return Pipeline([
        ("pre", pre),
        ("clf", LogisticRegression(C=cfg["C"], solver="saga", max_iter=3000)),
    ])


def evaluate(model, X, y, cfg):
    cv = StratifiedKFold(n_splits=cfg["folds"], shuffle=True, random_state=cfg["seed"])
    scores = cross_val_score(model, X, y, cv=cv, scoring="roc_auc")
    print(f"fold AUCs: {np.round(scores, 4)}")
    return scores.mean()


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    train_f = build_features(train, cfg)
    test_f = build_features(test, cfg)

    meta_cols = [c for c in train_f.columns if c not in (cfg["id_col"], cfg["target"])]
    print(f"meta features: {meta_cols}")
    X = train_f.drop(columns=[cfg["target"]])
    y = train_f[cfg["target"]].values

    model = make_model(meta_cols, cfg)
    auc = evaluate(model, X, y, cfg)
    print(f"Validation AUC: {auc:.4f}")

    model.fit(X, y)
    pred = model.predict_proba(test_f)[:, 1]
    os.makedirs(os.path.dirname(cfg["submission"]), exist_ok=True)
    pd.DataFrame({cfg["id_col"]: test[cfg["id_col"]], cfg["target"]: pred}).to_csv(cfg["submission"], index=False)
    print("saved submission")


if __name__ == "__main__":
    main()
