#!/usr/bin/env python
# coding: utf-8
# penguins - simple tree models, dropna baseline

# In[1]:
import os
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.model_selection import cross_val_score, StratifiedKFold
from sklearn.metrics import accuracy_score

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.describe(include="all").T)

# In[3]:
train = train.dropna(subset=["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"])
print("after dropna", train.shape)

def prep(df):
    out = pd.get_dummies(df[["island", "sex"]].fillna("NA"), dtype=int)
    for c in ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]:
        out[c] = df[c]
    return out

X = prep(train)
X_test = prep(test).reindex(columns=X.columns, fill_value=0)
y = train["species"]

# In[4]:
cv = StratifiedKFold(5, shuffle=True, random_state=12)
rf = RandomForestClassifier(n_estimators=300, random_state=12, n_jobs=1)
gb = GradientBoostingClassifier(n_estimators=150, max_depth=2, random_state=12)
for name, m in [("rf", rf), ("gb", gb)]:
    s = cross_val_score(m, X, y, cv=cv, scoring="accuracy")
    print(name, s.mean().round(4), s.round(3))

# In[5]:
rf.fit(X, y)
acc = cross_val_score(rf, X, y, cv=cv).mean()
print(f"Validation accuracy: {acc:.4f}")
pred = rf.predict(X_test)

os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "species": pred})
sub.to_csv("./submission/submission.csv", index=False)
print(sub["species"].value_counts())
