import math

import pandas as pd

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
pix = [c for c in train.columns if c.startswith("pixel_")]
rows = train[pix].values.tolist()
labels = train["digit"].tolist()


def distance(a, b):
    total = 0.0
    for u, v in zip(a, b):
        total += (u - v) * (u - v)
    return math.sqrt(total)


def knn_predict(sample, k=3, skip=None):
    scored = []
    for j, other in enumerate(rows):
        if j == skip:
            continue
        scored.append((distance(sample, other), labels[j]))
    scored.sort()
    votes = {}
    for _, lab in scored[:k]:
        votes[lab] = votes.get(lab, 0) + 1
    return max(votes, key=votes.get)


# leave-one-out accuracy over the whole training set
hits = 0
for i, row in enumerate(rows):
    hits += knn_predict(row, skip=i) == labels[i]
    if (i + 1) % 200 == 0:
        print(f"{i + 1} rows scored, running accuracy {hits / (i + 1):.4f}", flush=True)
print(f"LOO accuracy: {hits / len(rows):.4f}")

preds = [knn_predict(r) for r in test[pix].values.tolist()]
pd.DataFrame({"id": test["id"], "digit": preds}).to_csv("./submission/submission.csv", index=False)
