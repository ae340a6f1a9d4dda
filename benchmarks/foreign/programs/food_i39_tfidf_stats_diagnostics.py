"""Food reviews: TF-IDF text features plus simple review statistics.

Statistics (length, exclamation marks, capitals, digits) are imputed and scaled
next to the TF-IDF block; after validation the strongest terms are written out
for inspection together with the submission.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

DATA_DIR = Path("input")
SUBMISSION_DIR = Path("submission")
DIAGNOSTICS_DIR = Path("working") / "diagnostics"

ID, TEXT, TARGET = "id", "review", "score"
STAT_COLS = ["n_chars", "n_words", "n_exclaim", "cap_ratio", "n_digits"]


def load(name: str) -> pd.DataFrame:
    """Read a CSV with declared dtypes and check the text column."""
    header = pd.read_csv(DATA_DIR / name, nrows=0).columns
    dtypes = {ID: "int64", TEXT: "str"}
    if TARGET in header:
        dtypes[TARGET] = "int64"
    frame = pd.read_csv(DATA_DIR / name, dtype=dtypes)
    assert TEXT in frame.columns, f"{name}: no review column"
    frame[TEXT] = frame[TEXT].fillna("")
    return frame


def review_stats(text: pd.Series) -> pd.DataFrame:
    """Cheap surface statistics of each review."""
    n_chars = text.str.len().astype("float64")
    letters = text.str.count(r"[A-Za-z]").astype("float64")
    caps = text.str.count(r"[A-Z]").astype("float64")
    return pd.DataFrame({
        "n_chars": n_chars,
        "n_words": text.str.split().str.len().astype("float64"),
        "n_exclaim": text.str.count("!").astype("float64"),
        "cap_ratio": (caps / letters.replace(0, np.nan)),
        "n_digits": text.str.count(r"\d").astype("float64"),
    }, index=text.index)


def with_stats(frame: pd.DataFrame) -> pd.DataFrame:
    """Attach the statistics to the frame."""
    return pd.concat([frame, review_stats(frame[TEXT])], axis=1)


def make_pipeline() -> Pipeline:
    """TF-IDF block + imputed/scaled statistics, logistic regression on top."""
    pre = ColumnTransformer([
        ("tfidf", TfidfVectorizer(ngram_range=(1, 2), min_df=3, sublinear_tf=True,
                                  token_pattern=r"(?u)\b\w[\w']*\b"), TEXT),
        ("stats", Pipeline([("imp", SimpleImputer(strategy="median")),
                            ("sc", StandardScaler())]), STAT_COLS),
    ])
    return Pipeline([("pre", pre), ("clf", LogisticRegression(C=3.0, max_iter=3000))])


def cv_auc(X: pd.DataFrame, y: pd.Series, folds: int = 5) -> float:
    """Stratified K-fold out-of-fold AUC."""
    oof = np.zeros(len(y))
    for tr, va in StratifiedKFold(folds, shuffle=True, random_state=5).split(X, y):
        oof[va] = make_pipeline().fit(X.iloc[tr], y.iloc[tr]).predict_proba(X.iloc[va])[:, 1]
    return float(roc_auc_score(y, oof))


def top_terms(model: Pipeline, k: int = 25) -> pd.DataFrame:
    """The k most positive and k most negative TF-IDF coefficients."""
    names = model.named_steps["pre"].get_feature_names_out()
    coefs = model.named_steps["clf"].coef_.ravel()
    table = pd.DataFrame({"feature": names, "coef": coefs})
    table = table[table["feature"].str.startswith("tfidf__")]
    table["feature"] = table["feature"].str.replace("tfidf__", "", regex=False)
    return pd.concat([table.nlargest(k, "coef"), table.nsmallest(k, "coef")])


def write_diagnostics(model: Pipeline, auc: float) -> None:
    """Store the strongest terms and the CV score for later inspection."""
    terms = top_terms(model)
    terms.to_csv(DIAGNOSTICS_DIR / "top_terms.csv", index=False)
    (DIAGNOSTICS_DIR / "cv_auc.txt").write_text(f"{auc:.5f}\n")
    print("strongest positive terms:", ", ".join(terms["feature"].head(8)))


def write_submission(sample: pd.DataFrame, ids: pd.Series, proba: np.ndarray) -> None:
    """Align to the sample order and write the submission file."""
    SUBMISSION_DIR.mkdir(parents=True, exist_ok=True)
    preds = pd.DataFrame({ID: ids.to_numpy(), TARGET: proba})
    sub = sample[[ID]].merge(preds, on=ID, how="left", validate="one_to_one")
    assert sub[TARGET].notna().all()
    sub.to_csv(SUBMISSION_DIR / "submission.csv", index=False)


def main() -> None:
    train = with_stats(load("train.csv"))
    test = with_stats(load("test.csv"))
    sample = pd.read_csv(DATA_DIR / "sample_submission.csv", dtype={ID: "int64"})
    print(f"train {train.shape}, test {test.shape}")
    print("NaN in stats (train):", train[STAT_COLS].isna().sum().to_dict())
    assert len(sample) == len(test)

    features = [TEXT] + STAT_COLS
    X, y = train[features], train[TARGET]
    auc = cv_auc(X, y)
    print(f"CV AUC: {auc:.4f}")

    model = make_pipeline().fit(X, y)
    write_diagnostics(model, auc)
    write_submission(sample, test[ID], model.predict_proba(test[features])[:, 1])
    print("done")


if __name__ == "__main__":
    main()
