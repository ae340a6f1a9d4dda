import pandas as pd
import numpy as np
from sklearn.preprocessing import OneHotEncoder
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import log_loss

df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(df.shape, test.shape)

num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
cat_cols = ["island", "sex"]

df[num_cols] = df[num_cols].fillna(df[num_cols].median())
test[num_cols] = test[num_cols].fillna(df[num_cols].median())
df[cat_cols] = df[cat_cols].fillna("unknown")
test[cat_cols] = test[cat_cols].fillna("unknown")

enc = OneHotEncoder(sparse=False, handle_unknown="ignore")
enc.fit(df[cat_cols])
X = np.hstack([df[num_cols].values, enc.transform(df[cat_cols])])
X_test = np.hstack([test[num_cols].values, enc.transform(test[cat_cols])])
y = df["species"]

X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, stratify=y, random_state=7)
rf = RandomForestClassifier(n_estimators=300, random_state=7)
rf.fit(X_tr, y_tr)
print("Validation log loss:", round(log_loss(y_val, rf.predict_proba(X_val)), 5))

rf.fit(X, y)
out = pd.DataFrame(rf.predict_proba(X_test), columns=rf.classes_)
out.insert(0, "id", test["id"])
out.to_csv("./submission/submission.csv", index=False)
