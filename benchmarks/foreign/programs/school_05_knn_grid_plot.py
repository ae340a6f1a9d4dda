import matplotlib.pyplot as plt
import pandas as pd
from sklearn.model_selection import GridSearchCV, GroupKFold
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["minority"] = df["Minority"].eq("Yes").astype(int)
    df["female"] = df["Sex"].eq("Female").astype(int)
cols = ["SES", "MEANSES", "minority", "female"]

plt.figure(figsize=(6, 4))
plt.scatter(train["SES"], train["MathAch"], s=3, alpha=0.3)
plt.xlabel("SES")
plt.ylabel("MathAch")
plt.savefig("./working/ses_vs_math.png")

search = GridSearchCV(
    make_pipeline(StandardScaler(), KNeighborsRegressor()),
    {"kneighborsregressor__n_neighbors": [25, 50, 100, 200], "kneighborsregressor__weights": ["uniform", "distance"]},
    cv=GroupKFold(n_splits=4),
    scoring="neg_root_mean_squared_error",
)
search.fit(train[cols], train["MathAch"], groups=train["School"])
print(f"best k-NN: {search.best_params_} with RMSE {-search.best_score_:.4f}")
pd.DataFrame({"id": test["id"], "MathAch": search.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
