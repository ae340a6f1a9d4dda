"""Corpus baselines: each fitted on real records and checked on what it must copy or count."""

from __future__ import annotations

import math
import zlib
from pathlib import Path

import pytest

from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.world.baselines import (
    MajorityBaseline,
    NearestBaseline,
    ParentBaseline,
    RandomBaseline,
    code_tokens,
)
from mleworld.world.format import WorldInput, WorldTarget
from mleworld.world.prediction import Parent, Query
from mleworld.world.vocab import Vocab

FAMILIES = [
    ("sklearn.ensemble", "RandomForestClassifier", "n_estimators={n}, max_depth={d}"),
    ("lightgbm", "LGBMClassifier", "n_estimators={n}, num_leaves={d}"),
    ("sklearn.linear_model", "LogisticRegression", "C=0.{d}, max_iter={n}"),
    ("sklearn.ensemble", "ExtraTreesClassifier", "n_estimators={n}, min_samples_leaf={d}"),
    ("sklearn.neighbors", "KNeighborsClassifier", "n_neighbors={d}"),
]
COLUMNS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]


def program(seed: int, *, bug: str = "") -> str:
    """A complete penguins classification script; each seed a different model and features."""
    module, model, params = FAMILIES[seed % len(FAMILIES)]
    cols = [c for i, c in enumerate(COLUMNS) if (seed >> i) & 1 or i == 0]
    args = params.format(n=100 + 50 * seed, d=3 + seed % 7)
    return f"""import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split
from {module} import {model}

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = {cols!r}
X = train[features].fillna(train[features].median())
y = train["species"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, random_state={seed})
model = {model}({args})
model.fit(X_tr, y_tr){bug}
score = log_loss(y_va, model.predict_proba(X_va))
print(f"Validation LogLoss: {{score:.4f}}")
proba = model.predict_proba(test[features].fillna(X.median()))
sub = pd.DataFrame(proba, columns=model.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
"""


def record(
    task: str,
    stage: str,
    code: str,
    exc: str = "None",
    *,
    metric: float | None = None,
    run: str = "run-1",
    node: str = "",
    parent: str | None = None,
    runtime: float = 3.0,
    harness_error: str | None = None,
) -> Record:
    if exc == "None":
        out = f"Validation LogLoss: {metric:.4f}\n" if metric is not None else "done\n"
    else:
        out = f'Traceback (most recent call last):\n  File "runfile.py", line 9\n{exc}: boom\n'
    return Record(
        task_id=task,
        x=WorldInput(program=code, python_version="3.11.9", time_limit_s=60.0),
        y=WorldTarget(exc_type=exc, term_out=out, metric=metric, submission=exc == "None"),
        stage=stage,
        run_id=run,
        node_id=node or f"n{zlib.crc32(f'{task}/{stage}/{run}/{code}'.encode()):08x}",
        parent_id=parent,
        runtime_s=runtime,
        harness_error=harness_error,
    )


def query(task: str, stage: str, code: str, parent: Parent | None = None) -> Query:
    return Query(x=WorldInput(program=code), task_id=task, stage=stage, parent=parent)


def assert_distribution(probs: dict[str, float] | None) -> None:
    assert probs is not None
    assert math.isclose(sum(probs.values()), 1.0, rel_tol=1e-9)
    assert all(p >= 0 for p in probs.values())


@pytest.fixture
def records() -> list[Record]:
    alpha_draft = [
        record("alpha", "draft", program(1), "KeyError"),
        record("alpha", "draft", program(2), "KeyError"),
        record("alpha", "draft", program(3), "KeyError"),
        record("alpha", "draft", program(4), metric=0.31),
        record("alpha", "draft", program(5), metric=0.11),
    ]
    alpha_improve = [
        record("alpha", "improve", program(6), metric=0.20),
        record("alpha", "improve", program(7), metric=0.40),
        record("alpha", "improve", program(8), metric=0.30),
        record("alpha", "improve", program(9), "TimeoutError", runtime=60.0),
    ]
    beta = [
        record("beta", "draft", program(1), "ValueError", run="run-2"),
        record("beta", "draft", program(10), "ValueError", run="run-2"),
        record("beta", "draft", program(11), metric=0.9, run="run-2"),
    ]
    return alpha_draft + alpha_improve + beta


# --- majority --------------------------------------------------------------------------


def test_majority_picks_the_groups_most_common_class_and_median_metric(records) -> None:
    model = MajorityBaseline(records)
    (draft, improve) = model.predict_batch(
        [query("alpha", "draft", program(40)), query("alpha", "improve", program(41))]
    )
    assert draft.exc_type == "KeyError"
    assert draft.exc_probs == pytest.approx({"KeyError": 0.6, "None": 0.4})
    assert draft.p_max == pytest.approx(0.6)
    assert draft.metric == pytest.approx(0.21)  # median of the two records with a metric
    assert draft.submission is False  # 2 of 5 wrote one
    assert draft.term_out == ""
    assert draft.backend == "baseline:majority" and draft.latency_ms > 0
    assert improve.exc_type == "None" and improve.submission is True
    assert improve.metric == pytest.approx(0.30)
    assert improve.exc_probs == pytest.approx({"None": 0.75, "TimeoutError": 0.25})
    assert improve.runtime_s == pytest.approx(3.0)


def test_majority_falls_back_to_task_then_stage_then_everything(records) -> None:
    model = MajorityBaseline(records)
    debug_alpha, draft_new, debug_new = model.predict_batch(
        [
            query("alpha", "debug", program(1)),  # task seen, stage not
            query("gamma", "draft", program(1)),  # task unseen
            query("gamma", "debug", program(1)),  # neither seen
        ]
    )
    assert debug_alpha.evidence[0]["level"] == "task"
    assert debug_alpha.exc_type == "None"  # 5 clean of 9 alpha records
    assert debug_alpha.exc_probs["KeyError"] == pytest.approx(3 / 9)
    assert draft_new.evidence[0]["level"] == "stage"
    assert draft_new.exc_probs == pytest.approx(
        {"KeyError": 3 / 8, "None": 3 / 8, "ValueError": 2 / 8}
    )
    assert debug_new.evidence[0]["level"] == "global"
    assert debug_new.evidence[0]["records"] == len(records)


def test_majority_observe_changes_the_answer(records) -> None:
    model = MajorityBaseline(records)
    q = query("alpha", "draft", program(40))
    assert model.predict_batch([q])[0].exc_type == "KeyError"
    for seed in (50, 51):
        model.observe(record("alpha", "draft", program(seed), metric=0.2))
    after = model.predict_batch([q])[0]
    assert after.exc_type == "None"
    assert after.exc_probs["None"] == pytest.approx(4 / 7)


def test_empty_baseline_is_a_clear_error() -> None:
    with pytest.raises(MleWorldError, match="no training records"):
        MajorityBaseline([]).predict_batch([query("alpha", "draft", program(1))])


def test_harness_failures_are_not_learned_from(records) -> None:
    broken = [
        record("alpha", "draft", program(60 + i), "OSError", harness_error="sandbox died")
        for i in range(10)
    ]
    model = MajorityBaseline(records + broken)
    assert len(model) == len(records)
    assert model.predict_batch([query("alpha", "draft", program(1))])[0].exc_type == "KeyError"


def test_vocabulary_maps_unknown_classes_to_other(records) -> None:
    odd = [record("delta", "draft", program(70 + i), "WeirdPluginError") for i in range(3)]
    model = MajorityBaseline(records + odd, vocab=Vocab.default())
    prediction = model.predict_batch([query("delta", "draft", program(1))])[0]
    assert prediction.exc_type == "Other"


# --- nearest ---------------------------------------------------------------------------


def test_code_tokens_are_tokens_and_bigrams() -> None:
    assert code_tokens("model.fit(X, y=3.5)") == [
        "model",
        "fit",
        "X",
        "y",
        "3.5",
        "model fit",
        "fit X",
        "X y",
        "y 3.5",
    ]


def test_nearest_copies_the_exact_record_of_an_identical_program(records) -> None:
    model = NearestBaseline(records)
    target = records[6]  # alpha improve, clean, metric 0.40
    prediction = model.predict_batch([query("alpha", "draft", target.x.program)])[0]
    assert prediction.exc_type == target.y.exc_type == "None"
    assert prediction.term_out == target.y.term_out
    assert prediction.metric == pytest.approx(0.40)
    assert prediction.submission is True
    assert prediction.runtime_s == pytest.approx(target.runtime_s)
    assert prediction.evidence[0]["similarity"] == pytest.approx(1.0, abs=1e-5)
    assert prediction.evidence[0]["node_id"] == target.node_id
    assert len(prediction.evidence) == 9  # k=10 capped by the task's 9 records
    assert_distribution(prediction.exc_probs)


def test_nearest_stays_within_the_task(records) -> None:
    model = NearestBaseline(records)
    # program(1) is a KeyError in alpha and a ValueError in beta.
    alpha, beta = model.predict_batch(
        [query("alpha", "draft", program(1)), query("beta", "draft", program(1))]
    )
    assert alpha.exc_type == "KeyError"
    assert beta.exc_type == "ValueError"
    assert {e["task_id"] for e in beta.evidence} == {"beta"}


def test_nearest_finds_the_closest_edit(records) -> None:
    model = NearestBaseline(records, k=3)
    edited = program(7).replace("random_state=7", "random_state=8")
    prediction = model.predict_batch([query("alpha", "improve", edited)])[0]
    assert prediction.metric == pytest.approx(0.40)  # program(7)'s record
    assert 0.9 < prediction.evidence[0]["similarity"] < 1.0
    assert len(prediction.evidence) == 3
    weights = [e["similarity"] for e in prediction.evidence]
    assert weights == sorted(weights, reverse=True)
    expected: dict[str, float] = {}
    for e in prediction.evidence:
        expected[e["exc_type"]] = expected.get(e["exc_type"], 0.0) + e["similarity"]
    total = sum(expected.values())
    assert prediction.exc_probs == pytest.approx(
        {c: w / total for c, w in expected.items()}, rel=1e-3
    )


def test_nearest_index_follows_observed_records(records) -> None:
    model = NearestBaseline(records)
    fresh = program(90, bug="\nmodel.feature_importances_")
    assert model.predict_batch([query("alpha", "draft", fresh)])[0].exc_type != "AttributeError"
    # One new record: appended to the fitted index (vocabulary kept).
    model.observe(record("alpha", "debug", fresh, "AttributeError"))
    first = model.predict_batch([query("alpha", "draft", fresh)])[0]
    assert first.exc_type == "AttributeError"
    assert first.evidence[0]["similarity"] == pytest.approx(1.0, abs=1e-5)
    # Doubling the task's records refits the vectorizer; answers stay exact.
    for seed in range(100, 112):
        model.observe(record("alpha", "draft", program(seed), "IndexError"))
    second = model.predict_batch([query("alpha", "draft", program(105))])[0]
    assert second.exc_type == "IndexError"
    assert second.evidence[0]["similarity"] == pytest.approx(1.0, abs=1e-5)


def test_nearest_on_an_unseen_task_falls_back_to_the_stage_majority(records) -> None:
    prediction = NearestBaseline(records).predict_batch([query("gamma", "draft", program(1))])[0]
    assert prediction.evidence[0]["kind"] == "fallback"
    assert prediction.evidence[1]["level"] == "stage"
    assert_distribution(prediction.exc_probs)


def test_nearest_rejects_zero_neighbours() -> None:
    with pytest.raises(MleWorldError, match="k >= 1"):
        NearestBaseline([], k=0)


# --- parent ----------------------------------------------------------------------------


def linked_run() -> list[Record]:
    """One run: clean drafts whose improve children stay clean, crashes whose debug children are fixed."""
    out: list[Record] = []
    for i in range(6):
        out.append(record("alpha", "draft", program(200 + i), metric=0.3, node=f"d{i}", run="r9"))
        out.append(
            record(
                "alpha",
                "improve",
                program(300 + i),
                metric=0.25,
                node=f"i{i}",
                parent=f"d{i}",
                run="r9",
            )
        )
    for i in range(6):
        # Children listed before their parents: links are counted whatever the order.
        out.append(
            record(
                "alpha",
                "debug",
                program(400 + i),
                metric=0.3,
                node=f"f{i}",
                parent=f"c{i}",
                run="r9",
            )
        )
        out.append(record("alpha", "draft", program(500 + i), "KeyError", node=f"c{i}", run="r9"))
    return out


def test_parent_copies_the_parents_outcome() -> None:
    model = ParentBaseline(linked_run())
    parent = Parent(
        program=program(1),
        exc_type="None",
        metric=0.27,
        term_out="Validation LogLoss: 0.2700\n",
        runtime_s=12.5,
    )
    prediction = model.predict_batch([query("alpha", "improve", program(2), parent)])[0]
    assert prediction.exc_type == "None"
    assert prediction.metric == pytest.approx(0.27)
    assert prediction.term_out == parent.term_out
    assert prediction.submission is True
    assert prediction.runtime_s == pytest.approx(12.5)
    assert prediction.backend == "baseline:parent"
    assert_distribution(prediction.exc_probs)
    # Improve children of clean parents always stayed clean in training: high confidence.
    assert prediction.exc_probs["None"] > 0.8


def test_parent_confidence_comes_from_how_often_children_keep_the_class() -> None:
    model = ParentBaseline(linked_run())
    crashed = Parent(program=program(1), exc_type="KeyError", term_out="KeyError: 'x'\n")
    prediction = model.predict_batch([query("alpha", "debug", program(2), crashed)])[0]
    assert prediction.exc_type == "KeyError"
    assert prediction.submission is False
    # Every debug child of a KeyError was fixed in training: low confidence in a repeat.
    assert prediction.exc_probs["KeyError"] < 0.5
    assert prediction.evidence[0]["keep_rate"] == pytest.approx(
        prediction.exc_probs["KeyError"], abs=1e-4
    )
    assert_distribution(prediction.exc_probs)


def test_parent_falls_back_to_nearest_for_drafts(records) -> None:
    model = ParentBaseline(records)
    target = records[3]
    prediction = model.predict_batch([query("alpha", "draft", target.x.program)])[0]
    assert prediction.exc_type == "None" and prediction.metric == pytest.approx(0.31)
    assert prediction.evidence[0] == {"kind": "fallback", "reason": "draft: no parent"}
    assert prediction.backend == "baseline:parent"
    unknown = Parent(program=program(1))  # outcome not known: also nearest
    second = model.predict_batch([query("alpha", "improve", target.x.program, unknown)])[0]
    assert second.evidence[0]["reason"] == "parent outcome unknown"
    assert second.metric == pytest.approx(0.31)


# --- random ----------------------------------------------------------------------------


def test_random_is_deterministic_and_stays_within_task_and_stage(records) -> None:
    model = RandomBaseline(records)
    again = RandomBaseline(records)
    improve_metrics = {0.20, 0.40, 0.30, None}
    drawn = set()
    for seed in range(60):
        q = query("alpha", "improve", program(1000 + seed))
        first = model.predict_batch([q])[0]
        assert again.predict_batch([q])[0].to_dict() | {"latency_ms": 0} == first.to_dict() | {
            "latency_ms": 0
        }
        assert first.metric in improve_metrics
        assert first.evidence[0]["task_id"] == "alpha" and first.evidence[0]["stage"] == "improve"
        assert first.exc_probs == pytest.approx({"None": 0.75, "TimeoutError": 0.25})
        drawn.add(first.evidence[0]["node_id"])
    assert len(drawn) == 4  # 60 programs reach every record of the group


def test_random_seed_changes_the_draw(records) -> None:
    queries = [query("alpha", "draft", program(2000 + s)) for s in range(20)]
    a = [p.evidence[0]["node_id"] for p in RandomBaseline(records, seed=0).predict_batch(queries)]
    b = [p.evidence[0]["node_id"] for p in RandomBaseline(records, seed=1).predict_batch(queries)]
    assert a != b


# --- from a corpus ---------------------------------------------------------------------


def test_from_corpus_reads_the_train_split_only(records, tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "corpus")
    corpus.append(records)
    held = records[6]
    corpus.set_holdout({"alpha": [held.id]})
    model = NearestBaseline.from_corpus(corpus)
    assert len(model) == len(records) - 1
    prediction = model.predict_batch([query("alpha", "improve", held.x.program)])[0]
    assert prediction.evidence[0]["similarity"] < 0.999  # the held-out program is not there
    only_beta = MajorityBaseline.from_corpus(tmp_path / "corpus", tasks=["beta"])
    assert len(only_beta) == 3
    unknown = MajorityBaseline.from_corpus(tmp_path / "corpus", tasks=["gamma"])
    assert len(unknown) == len(records) - 1  # a new task keeps every fallback


def test_every_baseline_gives_a_distribution_for_every_query(records) -> None:
    parent = Parent(program=program(3), exc_type="KeyError", term_out="KeyError: 'a'\n")
    queries = [
        query("alpha", "draft", program(1)),
        query("alpha", "debug", program(3), parent),
        query("beta", "improve", program(77)),
        query("zeta", "draft", ""),
    ]
    for cls in (MajorityBaseline, NearestBaseline, ParentBaseline, RandomBaseline):
        for prediction in cls(records).predict_batch(queries):
            assert_distribution(prediction.exc_probs)
            assert prediction.exc_type in prediction.exc_probs
            assert prediction.p_max is not None and 0 < prediction.p_max <= 1
            assert prediction.backend == cls.name
