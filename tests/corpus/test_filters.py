"""Filtering: each drop reason, the records that must survive, and the counts."""

from __future__ import annotations

from conftest import make_record, ml_program
from mleworld.corpus.filters import (
    REASONS,
    RecordFilter,
    drop_reason,
    filter_records,
    has_progress_bar,
)

P = ml_program(5)

TQDM = "Epoch 1:  45%|████▌     | 45/100 [00:01<00:01, 40.21it/s]\rEpoch 1: 100%|██████████| 100/100 [00:02<00:00, 41.02it/s]\nValidation AUC: 0.8812\n"
KERAS = "Epoch 1/3\n32/32 ━━━━━━━━━━━━━━━━━━━━ 1s 9ms/step - loss: 0.6812 - val_loss: 0.6001\nValidation loss: 0.6001\n"
OOM = (
    'Traceback (most recent call last):\n  File "runfile.py", line 40, in <module>\n'
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
)


def test_each_drop_reason() -> None:
    cases = {
        "invalid_stage": make_record(P, stage="refine"),
        "empty_program": make_record("   \n"),
        "harness_error": make_record(P, harness_error="executor lost the worker"),
        "cut_short": make_record(P, exc="TimeoutError", runtime_s=120.0),
        "mislabeled_interrupt": make_record(P, exc="KeyboardInterrupt", runtime_s=30.0),
        "progress_bar": make_record(P, term_out=TQDM, metric=0.8812),
        "unresolvable_metric": make_record(
            P, term_out="CV accuracy: 0.8204\nSaved submission\n", metric=0.7731
        ),
    }
    for reason, record in cases.items():
        assert drop_reason(record) == reason, reason
    assert drop_reason(make_record(P, term_out=KERAS, metric=0.6001)) == "progress_bar"
    bwrap = make_record(
        P,
        exc="SystemExit",
        term_out="bwrap: Can't mount proc on /newroot/proc: Operation not permitted\n",
    )
    assert drop_reason(bwrap) == "harness_error"
    busy = make_record(
        P,
        exc="RuntimeError",
        term_out="RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable\n",
    )
    assert drop_reason(busy) == "harness_error"
    assert drop_reason(make_record(P, task="other-task"), tasks={"titanic"}) == "outside_tasks"
    ambiguous = make_record(
        P, term_out="Validation AUC: 0.9121\nSaved submission\n", metric=None, submission=True
    )
    assert drop_reason(ambiguous) == "unresolvable_metric"


def test_true_outcomes_are_kept() -> None:
    keep = [
        make_record(P),  # clean, metric printed
        make_record(
            P, term_out="Saved submission\n", metric=None, submission=True
        ),  # prints no score
        make_record(P, exc="MemoryError", term_out="MemoryError: Unable to allocate 74.5 GiB\n"),
        make_record(P, exc="OutOfMemoryError", term_out=OOM),  # the program's own OOM
        make_record(P, exc="TimeoutError", runtime_s=600.2),  # killed at its limit
        make_record(P, term_out="CV accuracy: 0.8204\n", metric=0.82036),  # printed rounded
        make_record(
            P, term_out="Validation accuracy: 82.04%\n", metric=0.8204
        ),  # printed as a percentage
        make_record(
            P, exc="KeyError", term_out="Fold 0 AUC: 0.7\nKeyError: 'target'\n", metric=None
        ),
        make_record(
            P, term_out="rows\r\nCV accuracy: 0.8204\r\n"
        ),  # Windows line ends are not redraws
    ]
    for record in keep:
        assert drop_reason(record) is None, record.y.term_out
    assert not has_progress_bar(
        "[LightGBM] [Info] Number of positive: 342\nTraining until validation scores don't improve\n"
    )


def test_filter_counts_every_reason() -> None:
    records = [
        make_record(P, node="ok1"),
        make_record(P, node="bad-stage", stage="refactor"),
        make_record(P, node="bar", term_out=TQDM, metric=0.8812),
        make_record(P, node="bar2", term_out=KERAS, metric=0.6001),
        make_record(P, node="ok2", exc="ValueError"),
    ]
    kept: list[str] = []
    report = filter_records(records, lambda r: kept.append(r.node_id))
    assert kept == ["ok1", "ok2"]
    data = report.to_dict()
    assert data["input"] == 5 and data["kept"] == 2
    assert data["dropped"]["progress_bar"] == 2 and data["dropped"]["invalid_stage"] == 1
    assert set(data["dropped"]) == set(REASONS)
    streaming = RecordFilter(tasks={"titanic"})
    assert [r.node_id for r in streaming(records)] == ["ok1", "ok2"]
    assert streaming.report.dropped["invalid_stage"] == 1


def test_runs_under_overload_are_dropped_only_when_asked() -> None:
    busy = make_record(P, node="busy", extra={"cores": 2, "load_1m": 5.0, "threads": 1})
    calm = make_record(P, node="calm", extra={"cores": 2, "load_1m": 1.6, "threads": 1})
    unknown = make_record(P, node="old")  # recorded before the load was kept
    assert drop_reason(busy) is None  # not asked
    assert drop_reason(busy, max_load_per_core=1.5) == "overloaded"
    assert drop_reason(calm, max_load_per_core=1.5) is None
    assert drop_reason(unknown, max_load_per_core=1.5) is None
    report = filter_records([busy, calm, unknown], max_load_per_core=1.5)
    assert report.kept == 2 and report.dropped["overloaded"] == 1
