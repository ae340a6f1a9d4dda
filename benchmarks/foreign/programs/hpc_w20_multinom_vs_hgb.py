# HPC job run-time class (VF < F < M < L): multinomial logit on log sizes vs boosted trees
# classes are unbalanced and the metric is macro F1, so class weights matter

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.compose import ColumnTransformer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score, cross_val_predict
from sklearn.metrics import f1_score, classification_report

jobs = pd.read_csv("input/train.csv")
jobs_test = pd.read_csv("input/test.csv")

class_lv = ["VF", "F", "M", "L"]
day_lv = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
proto_lv = sorted(jobs.protocol.unique())

print(jobs.shape, jobs_test.shape)
print(jobs["class"].value_counts().reindex(class_lv).to_frame("n")
      .assign(prop=lambda d: (d.n / d.n.sum()).round(3)).to_string())
print()
print(jobs.describe().round(2).to_string())
print()

# class mix by protocol (rows = protocol)
print(pd.crosstab(jobs.protocol, jobs["class"], normalize="index")[class_lv].round(2).to_string())
print()

def prep(d):
    return d.assign(
        log_compounds=np.log(d.compounds),
        log_fields=np.log(d.input_fields),
        log_pending=np.log1p(d.num_pending),
        log_iter=np.log(d.iterations),
        hour_s=np.sin(2 * np.pi * d.hour / 24),
        hour_c=np.cos(2 * np.pi * d.hour / 24),
        protocol=pd.Categorical(d.protocol, categories=proto_lv),
        day=pd.Categorical(d.day, categories=day_lv),
    )

num_vars = ["log_compounds", "log_fields", "log_pending", "log_iter", "hour_s", "hour_c"]
fac_vars = ["protocol", "day"]

tr = prep(jobs)
te = prep(jobs_test)
X, y = tr[num_vars + fac_vars], tr["class"]
X_te = te[num_vars + fac_vars]

lin_pre = ColumnTransformer([
    ("num", StandardScaler(), num_vars),
    ("fac", OneHotEncoder(handle_unknown="ignore"), fac_vars),
])

models = {
    "multinom": make_pipeline(lin_pre, LogisticRegression(C=1.0, max_iter=3000)),
    "multinom, balanced": make_pipeline(lin_pre, LogisticRegression(C=1.0, max_iter=3000,
                                                                   class_weight="balanced")),
    "hgb": HistGradientBoostingClassifier(max_iter=150, learning_rate=0.08, max_leaf_nodes=20,
                                          categorical_features="from_dtype", random_state=20),
    "hgb, balanced": HistGradientBoostingClassifier(max_iter=150, learning_rate=0.08,
                                                    max_leaf_nodes=20, class_weight="balanced",
                                                    categorical_features="from_dtype",
                                                    random_state=20),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=20)
out = []
for name, m in models.items():
    f1 = cross_val_score(m, X, y, cv=skf, scoring="f1_macro")
    out.append({"model": name, "f1_macro": f1.mean(), "sd": f1.std(ddof=1)})
    print(f"{name:<20s} macro-F1 {f1.mean():.4f} ± {f1.std(ddof=1):.4f}")

out = pd.DataFrame(out).sort_values("f1_macro", ascending=False).reset_index(drop=True)
print()
print(out.to_string(index=False, float_format="%.4f"))

best_name = out.model[0]
print(f"\nbest by 5-fold CV: {best_name}, macro F1 = {out.f1_macro[0]:.4f}")

oof = cross_val_predict(models[best_name], X, y, cv=skf)
print()
print(classification_report(y, oof, labels=class_lv, digits=3))
print(pd.crosstab(pd.Series(y.values, name="obs"), pd.Series(oof, name="pred"))
      .reindex(index=class_lv, columns=class_lv, fill_value=0).to_string())

# per-class F1, best model vs the plain multinomial logit
per_class = {best_name: f1_score(y, oof, labels=class_lv, average=None)}
if best_name != "multinom":
    oof_lin = cross_val_predict(models["multinom"], X, y, cv=skf)
    per_class["multinom"] = f1_score(y, oof_lin, labels=class_lv, average=None)
fig, ax = plt.subplots(figsize=(6, 4))
pd.DataFrame(per_class, index=class_lv).plot.bar(ax=ax)
ax.set_ylabel("F1 (out of fold)")
fig.tight_layout()
fig.savefig("hpc_f1_by_class.png", dpi=90)
plt.close(fig)

final = models[best_name].fit(X, y)
pred = final.predict(X_te)
sub = pd.DataFrame({"id": jobs_test.id, "class": pred})
sub.to_csv("submission/submission.csv", index=False)
print()
print(sub["class"].value_counts().reindex(class_lv).to_string())
