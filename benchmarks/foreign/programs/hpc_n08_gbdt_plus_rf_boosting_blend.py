# %% HPC jobs -- class VF/F/M/L; gbdt + lgb random-forest mode, blended on OOF probs
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score

SEED = 99
K = 5

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
classes = ["VF", "F", "M", "L"]
y = train["class"].map({c: i for i, c in enumerate(classes)}).values
print(np.bincount(y))

# %% features
def make_feats(df, ref):
    out = df.copy()
    out["log_compounds"] = np.log1p(out.compounds)
    out["log_fields"] = np.log1p(out.input_fields)
    out["work"] = out.compounds * out.input_fields * out.iterations
    out["log_work"] = np.log1p(out["work"])
    out["fields_per_compound"] = out.input_fields / out.compounds
    out["pending_log"] = np.log1p(out.num_pending)
    out["night"] = ((out.hour < 7) | (out.hour > 20)).astype(int)
    # protocol level stats (unsupervised, from train+test)
    for col in ["log_compounds", "log_fields"]:
        stats = ref.groupby("protocol")[col].agg(["mean", "std"])
        out[f"{col}_proto_z"] = (out[col] - out.protocol.map(stats["mean"])) / (out.protocol.map(stats["std"]) + 1e-3)
    out["protocol_freq"] = out.protocol.map(ref.protocol.value_counts(normalize=True))
    out["protocol"] = pd.Categorical(out.protocol, categories=sorted(ref.protocol.unique()))
    out["day"] = pd.Categorical(out.day, categories=["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    return out

ref = pd.concat([train, test])
ref["log_compounds"] = np.log1p(ref.compounds); ref["log_fields"] = np.log1p(ref.input_fields)
tr = make_feats(train, ref)
te = make_feats(test, ref)
FEATS = [c for c in tr.columns if c not in ["id", "class"]]
print(FEATS)

# %%
base = {"objective": "multiclass", "num_class": 4, "metric": "multi_logloss",
        "num_leaves": 31, "min_data_in_leaf": 10, "lambda_l2": 1.0,
        "verbose": -1, "seed": SEED, "num_threads": 2, "deterministic": True}
MODELS = {
    "gbdt": dict(base, boosting="gbdt", learning_rate=0.05, feature_fraction=0.8),
    "rf": dict(base, boosting="rf", num_leaves=63, min_data_in_leaf=5),
}

oofs, tests = {}, {}
skf = StratifiedKFold(K, shuffle=True, random_state=SEED)
for name, prm in MODELS.items():
    oof = np.zeros((len(tr), 4)); tp = np.zeros((len(te), 4))
    for f, (a, b) in enumerate(skf.split(tr, y)):
        d_a = lgb.Dataset(tr[FEATS].iloc[a], y[a])
        d_b = lgb.Dataset(tr[FEATS].iloc[b], y[b], reference=d_a)
        bst = lgb.train(prm, d_a, num_boost_round=1500 if name == "gbdt" else 300,
                        valid_sets=[d_b],
                        callbacks=[lgb.early_stopping(50, verbose=False)])
        oof[b] = bst.predict(tr[FEATS].iloc[b], num_iteration=bst.best_iteration)
        tp += bst.predict(te[FEATS], num_iteration=bst.best_iteration) / K
    oofs[name], tests[name] = oof, tp
    print(f"{name}: OOF macro F1 = {f1_score(y, oof.argmax(1), average='macro'):.4f}")

# %% blend
blend_oof = 0.7 * oofs["gbdt"] + 0.3 * oofs["rf"]
print(f"Blend OOF macro F1: {f1_score(y, blend_oof.argmax(1), average='macro'):.4f}")
blend_te = 0.7 * tests["gbdt"] + 0.3 * tests["rf"]
sub = pd.DataFrame({"id": test.id, "class": np.array(classes)[blend_te.argmax(1)]})
sub.to_csv("./submission/submission.csv", index=False)
print(sub["class"].value_counts())
