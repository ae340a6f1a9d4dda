import json

import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier, VotingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "churn"])
text = [c for c in X.columns if pd.api.types.is_string_dtype(X[c])]
numbers = [c for c in X.columns if c not in text]
prep = ColumnTransformer(
    [("num", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), numbers), ("txt", OneHotEncoder(handle_unknown="ignore"), text)],
    sparse_threshold=0.0,
)
vote = make_pipeline(
    prep,
    VotingClassifier(
        [
            ("lr", LogisticRegression(C=0.5, max_iter=2000)),
            ("rf", RandomForestClassifier(n_estimators=200, min_samples_leaf=10, random_state=0)),
            ("hgb", HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, random_state=0)),
        ],
        voting="soft",
    ),
)
scores = cross_val_score(vote, X, train["churn"], cv=StratifiedKFold(3, shuffle=True, random_state=0), scoring="roc_auc")
print(json.dumps({"model": "soft-vote(lr, rf, hgb)", "folds": [round(s, 4) for s in scores], "auc": round(float(scores.mean()), 4)}))
vote.fit(X, train["churn"])
pd.DataFrame({"id": test["id"], "churn": vote.predict_proba(test[X.columns])[:, 1]}).to_csv("./submission/submission.csv", index=False)
