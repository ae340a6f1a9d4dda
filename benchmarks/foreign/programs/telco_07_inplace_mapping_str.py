import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def encode(frame):
    frame.loc[frame["contract"] == "Month-to-month", "contract"] = 0
    frame.loc[frame["contract"] == "One year", "contract"] = 1
    frame.loc[frame["contract"] == "Two year", "contract"] = 2
    for col in ["online_security", "tech_support", "online_backup", "device_protection"]:
        frame[col] = (frame[col] == "Yes").astype(int)
    frame["fiber"] = (frame["internet_service"] == "Fiber optic").astype(int)
    frame["e_check"] = (frame["payment_method"] == "Electronic check").astype(int)
    frame["total_charges"] = frame["total_charges"].fillna(0)
    return frame


df = encode(df)
test = encode(test)
cols = ["tenure", "monthly_charges", "total_charges", "contract", "online_security", "tech_support",
        "online_backup", "device_protection", "fiber", "e_check", "senior_citizen", "paperless_billing"]
X_tr, X_va, y_tr, y_va = train_test_split(df[cols], df["churn"], test_size=0.2, stratify=df["churn"], random_state=0)
rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=10, random_state=0).fit(X_tr, y_tr)
print("validation auc =", round(roc_auc_score(y_va, rf.predict_proba(X_va)[:, 1]), 4))
rf.fit(df[cols], df["churn"])
pd.DataFrame({"id": test["id"], "churn": rf.predict_proba(test[cols])[:, 1]}).to_csv("./submission/submission.csv", index=False)
