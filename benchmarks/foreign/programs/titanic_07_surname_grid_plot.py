import matplotlib.pyplot as plt
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
both = pd.concat([train, test], ignore_index=True)
both["surname"] = both["name"].str.split(",").str[0]
both["family_size"] = both.groupby("surname")["id"].transform("count")
both["female"] = both["sex"].eq("female").astype(int)
both["class_rank"] = both["pclass"].map({"1st": 1, "2nd": 2, "3rd": 3})
both["age_filled"] = both["age"].fillna(both.groupby(["class_rank", "female"])["age"].transform("median"))
cols = ["female", "class_rank", "age_filled", "family_size"]
tr = both[both["survived"].notna()]
te = both[both["survived"].isna()]

rates = tr.groupby(["pclass", "sex"])["survived"].mean().unstack()
rates.plot(kind="bar", rot=0, title="survival rate")
plt.savefig("./working/survival_rates.png")

grid = GridSearchCV(
    RandomForestClassifier(n_estimators=200, random_state=0),
    {"max_depth": [4, 6, 8], "min_samples_leaf": [2, 5]},
    cv=StratifiedKFold(4, shuffle=True, random_state=0),
    scoring="roc_auc",
)
grid.fit(tr[cols], tr["survived"].astype(int))
print(f"grid best AUC {grid.best_score_:.4f} with {grid.best_params_}")
pd.DataFrame({"id": te["id"], "survived": grid.predict_proba(te[cols])[:, 1]}).to_csv("./submission/submission.csv", index=False)
