import pandas as pd
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv").dropna(subset=["bill_length_mm"])
test = pd.read_csv("./input/test.csv")

cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
scaler = StandardScaler().fit(train[cols])
Xtr = scaler.transform(train[cols])
Xte = scaler.transform(test[cols].fillna(train[cols].mean()))

knn = KNeighborsClassifier(n_neighbors=15, weights="distance")
acc = cross_val_score(knn, Xtr, train["species"], cv=5, scoring="neg_log_loss")
print("5-fold logloss:", -acc.mean())

knn.fit(Xtr, train["species"])
probs = knn.predict_proba(Xte)
sub = pd.DataFrame(probs, columns=["Adelie", "Gentoo"])
sub["id"] = test["id"].values
sub = sub[["id", "Adelie", "Gentoo"]]
sub.to_csv("./submission/submission.csv", index=False)
