import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.preprocessing import MinMaxScaler
from sklearn.pipeline import make_pipeline

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.filter(like="pixel_")
y = train["digit"]

model = make_pipeline(MinMaxScaler(), LogisticRegression(C=0.5, max_iter=3000))
print("cv accuracy:", cross_val_score(model, X, y, cv=5).mean().round(4))
model.fit(X, y)

preds = model.predict(test.filter(like="pixel_"))
pd.Series(preds, name="digit").to_csv("./submission/submission.csv", index=False)
print("saved", len(preds), "predictions")
