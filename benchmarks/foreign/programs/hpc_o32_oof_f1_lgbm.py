import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
ORDER = ["VF", "F", "M", "L"]

raw_train = pd.read_csv("input/train.csv")
raw_test = pd.read_csv("input/test.csv")

(
    raw_train.groupby("class")
    .agg(jobs=("id", "size"), compounds=("compounds", "median"), fields=("input_fields", "median"),
         iters=("iterations", "median"), pending=("num_pending", "median"))
    .reindex(ORDER)
    .pipe(print)
)

# protocol-level size profile, computed on both files (no target involved)
protocol_profile = (
    pd.concat([raw_train, raw_test])
    .assign(work=lambda d: np.log1p(d.compounds) + np.log1p(d.input_fields))
    .groupby("protocol", as_index=False)
    .agg(proto_jobs=("id", "size"), proto_work_mean=("work", "mean"), proto_iter_mean=("iterations", "mean"))
)


def engineer(df):
    return (
        df.merge(protocol_profile, on="protocol", how="left")
        .assign(
            log_compounds=lambda d: np.log1p(d.compounds),
            log_fields=lambda d: np.log1p(d.input_fields),
            log_pending=lambda d: np.log1p(d.num_pending),
            work=lambda d: d.log_compounds + d.log_fields + np.log(d.iterations),
            work_vs_proto=lambda d: d.log_compounds + d.log_fields - d.proto_work_mean,
            day=lambda d: pd.Categorical(d.day, categories=DAYS).codes,
            weekend=lambda d: (d.day >= 5).astype(int),
            protocol=lambda d: d.protocol.astype("category"),
        )
    )


train, test = raw_train.pipe(engineer), raw_test.pipe(engineer)
test = test.assign(protocol=lambda d: d.protocol.cat.set_categories(train.protocol.cat.categories))

FEATS = ["protocol", "compounds", "input_fields", "iterations", "num_pending", "hour", "day", "weekend",
         "log_compounds", "log_fields", "log_pending", "work", "work_vs_proto",
         "proto_jobs", "proto_work_mean", "proto_iter_mean"]
X, y = train[FEATS], train["class"]

params = dict(objective="multiclass", n_estimators=300, learning_rate=0.05, num_leaves=31,
              min_child_samples=10, class_weight="balanced", colsample_bytree=0.8,
              reg_lambda=1.0, verbose=-1)

oof = pd.Series(index=train.index, dtype="object")
for k, (tr, va) in enumerate(StratifiedKFold(5, shuffle=True, random_state=5).split(X, y)):
    m = lgb.LGBMClassifier(**params, random_state=k).fit(X.iloc[tr], y.iloc[tr])
    oof.iloc[va] = m.predict(X.iloc[va])
    print(f"fold {k}: macro F1 {f1_score(y.iloc[va], oof.iloc[va], average='macro'):.4f}")

print(f"OOF macro F1: {f1_score(y, oof, average='macro'):.4f}")
print(pd.crosstab(y.rename("true"), oof.rename("pred")).reindex(index=ORDER, columns=ORDER))

final = lgb.LGBMClassifier(**params, random_state=99).fit(X, y)
(
    test.assign(**{"class": final.predict(test[FEATS])})
    .filter(["id", "class"])
    .to_csv("submission/submission.csv", index=False)
)
