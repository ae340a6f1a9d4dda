import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import HalvingGridSearchCV, TimeSeriesSplit

train = pd.read_csv("./input/train.csv").sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv")
cols = ["year", "month", "day_of_year", "day_of_month", "day_of_week"]

search = HalvingGridSearchCV(
    RandomForestRegressor(random_state=0),
    {"max_depth": [8, 16, None], "min_samples_leaf": [1, 3, 10]},
    resource="n_estimators",
    max_resources=300,
    cv=TimeSeriesSplit(n_splits=3),
    scoring="neg_mean_absolute_error",
)
search.fit(train[cols], train["births"])
print("best MAE:", -search.best_score_)
pd.DataFrame({"id": test["id"], "births": search.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
