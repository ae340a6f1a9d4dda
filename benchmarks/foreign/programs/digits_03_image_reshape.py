import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
pix = [c for c in train.columns if c.startswith("pixel_")]


def image_features(df):
    imgs = df[pix].to_numpy().reshape(-1, 8, 9)
    rows = imgs.sum(axis=2)
    cols = imgs.sum(axis=1)
    return np.hstack([df[pix].to_numpy(), rows, cols])


Xtr = image_features(train)
Xte = image_features(test)
clf = RandomForestClassifier(n_estimators=300, random_state=0)
acc = cross_val_score(clf, Xtr, train["digit"], cv=4, scoring="accuracy")
print("CV accuracy: %.4f +/- %.4f" % (acc.mean(), acc.std()))
clf.fit(Xtr, train["digit"])
pd.DataFrame({"id": test.id, "digit": clf.predict(Xte)}).to_csv("./submission/submission.csv", index=False)
