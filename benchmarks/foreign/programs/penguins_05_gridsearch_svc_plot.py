import warnings

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.impute import SimpleImputer
from sklearn.metrics import ConfusionMatrixDisplay
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore")

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
X, y = train[cols], train["species"]

pipe = make_pipeline(SimpleImputer(), StandardScaler(), SVC(probability=True, random_state=0))
grid = {
    "svc__C": [0.3, 1, 3, 10],
    "svc__gamma": ["scale", 0.05, 0.2],
}
search = GridSearchCV(pipe, grid, cv=StratifiedKFold(5, shuffle=True, random_state=0), scoring="neg_log_loss")
search.fit(X, y)
print("Best params:", search.best_params_)
print("Best CV logloss: {:.4f}".format(-search.best_score_))

fig, ax = plt.subplots(figsize=(5, 5))
ConfusionMatrixDisplay.from_estimator(search.best_estimator_, X, y, ax=ax)
fig.savefig("./working/confusion_matrix.png", dpi=80)
plt.close(fig)

proba = search.predict_proba(test[cols])
submission = pd.DataFrame({"id": test["id"]})
for i, name in enumerate(search.classes_):
    submission[name] = proba[:, i]
submission.to_csv("./submission/submission.csv", index=False)
print(submission.head())
