"""Outcome parsing on real terminal output.

Pure-Python programs are run here, live, as `runfile.py` in a temporary directory;
the programs that need pandas, scikit-learn or LightGBM were run once by
fixtures/make_tracebacks.py and their real output is read from fixtures/tracebacks/.
"""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mleworld.execution.parsing import (
    extract_headline,
    last_fatal,
    metric_candidates,
    parse_exception,
    parse_metric,
    signal_name,
)

FIXTURES = Path(__file__).parent / "fixtures" / "tracebacks"


def run(program: str, tmp_path: Path) -> tuple[str, int]:
    """Run `program` as runfile.py the way the sandbox does; return (output, exit code)."""
    (tmp_path / "runfile.py").write_text(program)
    proc = subprocess.run(
        [sys.executable, "runfile.py"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=60,
        env={"PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin"},
    )
    return proc.stdout, proc.returncode


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


# --- parse_exception on live programs --------------------------------------------------

LIVE_CASES = {
    "clean": ("print('Validation AUC: 0.9')\n", "None"),
    "caught_then_success": (
        "import traceback\n"
        "try:\n    {}['x']\nexcept KeyError:\n    traceback.print_exc()\n"
        "print('Falling back')\nprint('Validation AUC: 0.8')\n",
        "None",
    ),
    "key_error_column": ("row = {'age': 3}\nrow['target']\n", "KeyError"),
    "multiline_message_with_fake_class_line": (
        "raise RuntimeError('outer problem\\nValueError: not this one\\nmore text')\n",
        "RuntimeError",
    ),
    "direct_cause_chain": (
        "try:\n    {}['path']\nexcept KeyError as e:\n"
        "    raise RuntimeError('loading data failed') from e\n",
        "RuntimeError",
    ),
    "during_handling_chain": (
        "try:\n    1/0\nexcept ZeroDivisionError:\n    int('abc')\n",
        "ValueError",
    ),
    "exception_group": (
        "raise ExceptionGroup('many', [ValueError('a'), TypeError('b')])\n",
        "ExceptionGroup",
    ),
    "nested_group_after_handling": (
        "try:\n    {}['x']\nexcept KeyError:\n"
        "    raise ExceptionGroup('outer', [ValueError('a'), ExceptionGroup('inner', [KeyError('k')])])\n",
        "ExceptionGroup",
    ),
    "syntax_error": ("x = (\n  1,\n", "SyntaxError"),
    "indentation_error": ("if 1:\n  x = 1\n    y = 2\n", "IndentationError"),
    "tab_error": ("if 1:\n\tx = 1\n        y = 2\n", "TabError"),
    "custom_class_in_main": (
        "class BadConfig(Exception):\n    pass\nraise BadConfig('no target column set')\n",
        "BadConfig",
    ),
    "exception_with_note": (
        "e = ValueError('bad')\ne.add_note('hint: check the column')\nraise e\n",
        "ValueError",
    ),
    "recursion": ("def f():\n    return f()\nf()\n", "RecursionError"),
    "memory_error": ("bytearray(2**62)\n", "MemoryError"),
    "bare_stop_iteration": ("next(iter([]))\n", "StopIteration"),
    "sys_exit_silent": ("import sys\nprint('stopping')\nsys.exit(1)\n", "SystemExit"),
    "sys_exit_message": ("import sys\nsys.exit('fatal: bad config')\n", "SystemExit"),
    "sigkill": (
        "import os, signal\nprint('loading', flush=True)\nos.kill(os.getpid(), signal.SIGKILL)\n",
        "Killed",
    ),
    "abort": ("import os\nos.abort()\n", "Aborted"),
    "segfault": ("import ctypes\nctypes.string_at(0)\n", "SegmentationFault"),
    "keyboard_interrupt_then_new_error": (
        "try:\n    raise KeyboardInterrupt\nexcept KeyboardInterrupt:\n    raise OSError('cleanup failed')\n",
        "OSError",
    ),
    "warnings_then_error": (
        "import warnings\nwarnings.warn('deprecated option')\nraise TypeError('bad type')\n",
        "TypeError",
    ),
}


@pytest.mark.parametrize("case", sorted(LIVE_CASES))
def test_parse_exception_live(case: str, tmp_path: Path) -> None:
    program, expected = LIVE_CASES[case]
    out, code = run(program, tmp_path)
    assert parse_exception(out, code, timed_out=False) == expected, out


def test_custom_class_in_module_is_reduced_to_its_leaf(tmp_path: Path) -> None:
    (tmp_path / "mylib.py").write_text("class DataError(Exception):\n    pass\n")
    out, code = run("import mylib\nraise mylib.DataError('bad rows')\n", tmp_path)
    assert "mylib.DataError: bad rows" in out
    assert parse_exception(out, code, False) == "DataError"


def test_keyboard_interrupt_at_the_deadline_is_a_timeout(tmp_path: Path) -> None:
    (tmp_path / "runfile.py").write_text(
        "import time\nprint('training', flush=True)\ntime.sleep(30)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "runfile.py"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # A suite started in the background (nohup, `&`) ignores SIGINT, and its
        # children would inherit that: give the program Python's default, as the sandbox does.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "training"
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out = "training\n" + proc.stdout.read()
    code = proc.wait(timeout=30)
    assert "KeyboardInterrupt" in out
    assert parse_exception(out, code, timed_out=True) == "TimeoutError"
    assert parse_exception(out, code, timed_out=False) == "KeyboardInterrupt"


# --- parse_exception on recorded outputs of library errors -----------------------------

RECORDED = {
    "pandas_parser_error": "ParserError",
    "pandas_missing_column": "KeyError",
    "pandas_drop_missing_column": "KeyError",
    "sklearn_not_fitted": "NotFittedError",
    "sklearn_feature_mismatch": "ValueError",
    "sklearn_inconsistent_samples": "ValueError",
    "sklearn_all_fits_failed": "ValueError",
    "sklearn_nan_input": "ValueError",
    "sklearn_expected_2d": "ValueError",
    "sklearn_string_to_float": "ValueError",
    "lightgbm_bad_objective": "LightGBMError",
    "lightgbm_early_stopping_keyword": "TypeError",
    "lightgbm_training_log_clean": "None",
    "numpy_array_memory_error": "_ArrayMemoryError",
    "numpy_broadcast": "ValueError",
    "faulthandler_segfault": "SegmentationFault",
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_parse_exception_recorded(name: str) -> None:
    case = fixture(name)
    assert parse_exception(case["term_out"], case["exit_code"], False) == RECORDED[name]


def test_every_recorded_fixture_has_an_expectation() -> None:
    assert {p.stem for p in FIXTURES.glob("*.json")} == set(RECORDED)


# --- parse_exception from exit codes and bare text -------------------------------------


@pytest.mark.parametrize(
    ("out", "code", "expected"),
    [
        ("", 0, "None"),
        (
            'Traceback (most recent call last):\n  File "runfile.py", line 1\nValueError: x\n',
            0,
            "None",
        ),
        ("epoch 1\n", -9, "Killed"),
        ("epoch 1\n", 137, "Killed"),
        ("", -11, "SegmentationFault"),
        ("", 139, "SegmentationFault"),
        ("", -6, "Aborted"),
        ("", -15, "Terminated"),
        ("", 2, "SystemExit"),
        ("Killed\n", 1, "Killed"),
        (
            "/bin/sh: line 1:  4242 Segmentation fault      (core dumped) python runfile.py\n",
            1,
            "SegmentationFault",
        ),
        # The head of the traceback was cut by output capping; the class line survives.
        (
            "... [18000 characters truncated] ...\n    raise KeyError(key)\nKeyError: 'fare'\n",
            1,
            "KeyError",
        ),
        ("anything", 1, "SystemExit"),
        (
            'Traceback (most recent call last):\n  File "runfile.py", line 1, in <module>\n',
            1,
            "SystemExit",
        ),
    ],
)
def test_parse_exception_edges(out: str, code: int, expected: str) -> None:
    assert parse_exception(out, code, timed_out=False) == expected


def test_timeout_wins_over_everything() -> None:
    assert parse_exception("ValueError: x\n", 1, timed_out=True) == "TimeoutError"
    assert parse_exception("", 0, timed_out=True) == "TimeoutError"


def test_signal_names_are_stable() -> None:
    assert signal_name(-9) == "Killed"
    assert signal_name(-11) == "SegmentationFault"
    assert signal_name(-6) == "Aborted"
    assert signal_name(-31) == "Signal31"
    assert signal_name(1) is None
    assert signal_name(0) is None


# --- last_fatal: what the judge and the world model read without an exit code ----------


def test_last_fatal_reads_qualified_names_and_evidence() -> None:
    info = last_fatal(fixture("lightgbm_bad_objective")["term_out"])
    assert info is not None
    assert info.cls == "LightGBMError"
    assert info.qualname == "lightgbm.basic.LightGBMError"
    assert info.line.startswith("lightgbm.basic.LightGBMError: Unknown objective type name")
    assert info.message == "Unknown objective type name: not_an_objective"
    assert info.frames[0].file.endswith("runfile.py")
    assert info.frames[0].source is not None and info.frames[0].source.startswith("lgb.train(")
    assert info.frames[-1].is_library and not info.frames[0].is_library


def test_last_fatal_keeps_the_chain_for_wrappers(tmp_path: Path) -> None:
    out, _ = run(LIVE_CASES["direct_cause_chain"][0], tmp_path)
    info = last_fatal(out)
    assert info is not None and info.cls == "RuntimeError"
    assert [e.cls for e in info.chain] == ["KeyError"]
    assert info.chain[0].message == "'path'"


def test_last_fatal_reads_multiline_messages_and_embedded_traces() -> None:
    info = last_fatal(fixture("sklearn_all_fits_failed")["term_out"])
    assert info is not None and info.cls == "ValueError"
    assert "All the 3 fits failed." in info.message
    # The inner trace sklearn prints inside its message is kept as detail, not as the class.
    assert "unexpected keyword argument 'patience'" in info.details


def test_last_fatal_message_stops_at_the_first_paragraph() -> None:
    info = last_fatal(fixture("sklearn_expected_2d")["term_out"])
    assert info is not None
    assert info.message.startswith("Expected 2D array, got 1D array instead:")
    assert "reshape(-1, 1)" in info.message


def test_last_fatal_exception_group(tmp_path: Path) -> None:
    out, _ = run(LIVE_CASES["exception_group"][0], tmp_path)
    info = last_fatal(out)
    assert info is not None and info.cls == "ExceptionGroup"
    assert info.message == "many (2 sub-exceptions)"


def test_last_fatal_syntax_error_without_header(tmp_path: Path) -> None:
    out, _ = run("def f(:\n    pass\n", tmp_path)
    info = last_fatal(out)
    assert info is not None
    assert (info.cls, info.source) == ("SyntaxError", "syntax")


def test_recovered_error_is_not_fatal(tmp_path: Path) -> None:
    out, code = run(LIVE_CASES["caught_then_success"][0], tmp_path)
    assert "Traceback" in out and code == 0
    assert last_fatal(out) is None


def test_recovery_needs_results_not_just_more_words() -> None:
    log = (
        "Traceback (most recent call last):\n"
        '  File "runfile.py", line 3, in <module>\n'
        "ValueError: Input X contains NaN.\n"
        "GradientBoostingClassifier does not accept missing values encoded as NaN natively.\n"
    )
    info = last_fatal(log)
    assert info is not None and info.cls == "ValueError"
    assert last_fatal(log + "Submission saved to submission/submission.csv\n") is None


def test_quoted_exception_text_is_not_fatal() -> None:
    log = 'Example diagnostic string: "ValueError: bad input"\nValidation AUC: 0.91\n'
    assert last_fatal(log) is None


def test_standalone_class_line_is_fatal() -> None:
    info = last_fatal("Loading data...\nKeyError: 'age'\n")
    assert info is not None
    assert (info.cls, info.source, info.message) == ("KeyError", "line", "'age'")


def test_unfinished_traceback_after_keyboard_interrupt() -> None:
    log = (
        "Traceback (most recent call last):\n"
        '  File "runfile.py", line 40, in <module>\n'
        "    model.fit(X, y)\n"
        "KeyboardInterrupt\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "runfile.py", line 42, in <module>\n'
    )
    info = last_fatal(log)
    assert info is not None and info.unfinished and info.cls is None
    assert [e.cls for e in info.chain] == ["KeyboardInterrupt"]
    assert parse_exception(log, 1, timed_out=True) == "TimeoutError"
    # Without a class on the last traceback the run still failed: the earlier class is reported.
    assert parse_exception(log, 1, timed_out=False) == "KeyboardInterrupt"


@pytest.mark.parametrize(
    "text",
    [
        "Fatal Python error: Segmentation fault\n\nCurrent thread 0x00007f (most recent call first):\n",
        "Segmentation fault (core dumped)\n",
        "SegmentationFault\n",
    ],
)
def test_segfault_spellings(text: str) -> None:
    info = last_fatal("Training model...\n" + text)
    assert info is not None and info.cls == "SegmentationFault"


def test_killed_line_is_fatal() -> None:
    info = last_fatal("Epoch 1/10\nKilled\n")
    assert info is not None and info.cls == "Killed"


def test_clean_log_has_no_fatal_event() -> None:
    assert last_fatal(fixture("lightgbm_training_log_clean")["term_out"]) is None
    assert last_fatal("") is None


# --- parse_metric ----------------------------------------------------------------------

NAN = float("nan")
INF = float("inf")

METRIC_CASES: list[tuple[str, str, float | None, str | None]] = [
    (
        "final_summary",
        "Epoch 1 val_auc=0.80\nFinal validation AUC: 0.87\n",
        0.87,
        "Final validation AUC: 0.87",
    ),
    ("cv_plus_minus", "CV score: 0.81 +/- 0.02\n", 0.81, "CV score: 0.81 +/- 0.02"),
    (
        "mean_across_folds",
        "Fold 1 RMSE: 3.1\nFold 2 RMSE: 3.3\nMean RMSE across folds: 3.2\n",
        3.2,
        "Mean RMSE across folds: 3.2",
    ),
    (
        "fold_loop_then_overall",
        "Fold 1 AUC: 0.80\nFold 2 AUC: 0.82\nFold 3 AUC: 0.84\nOverall CV AUC: 0.8213\n",
        0.8213,
        "Overall CV AUC: 0.8213",
    ),
    (
        "fold_loop_only",
        "Fold 1 AUC: 0.80\nFold 2 AUC: 0.82\nFold 3 AUC: 0.84\n",
        0.84,
        "Fold 3 AUC: 0.84",
    ),
    (
        "best_beats_last",
        "Epoch 1: train_loss=0.69 val_loss=0.60\nEpoch 2: train_loss=0.50 val_loss=0.55\n"
        "Epoch 3: train_loss=0.41 val_loss=0.58\nBest val loss: 0.55\n",
        0.55,
        "Best val loss: 0.55",
    ),
    (
        "final_beats_later_best",
        "Final validation RMSE: 3.10\nBest validation RMSE: 3.00\n",
        3.10,
        "Final validation RMSE: 3.10",
    ),
    ("key_equals_value", "step 10 val_auc=0.83\n", 0.83, "step 10 val_auc=0.83"),
    ("percent_is_a_fraction", "Validation accuracy: 91.2%\n", 0.912, "Validation accuracy: 91.2%"),
    ("percent_with_space", "Validation accuracy: 91.2 %\n", 0.912, "Validation accuracy: 91.2 %"),
    ("scientific", "Validation MSE: 1.2e-3\n", 0.0012, "Validation MSE: 1.2e-3"),
    ("nan", "Validation RMSE: nan\n", NAN, "Validation RMSE: nan"),
    ("inf", "Validation loss: inf\n", INF, "Validation loss: inf"),
    ("negative_inf", "Validation loss: -inf\n", -INF, "Validation loss: -inf"),
    ("negative", "Validation R2: -0.35\n", -0.35, "Validation R2: -0.35"),
    ("key_dash_value", "Validation AUC - 0.874\n", 0.874, "Validation AUC - 0.874"),
    (
        "lightgbm_best_iteration",
        "[10]\ttraining's auc: 0.90\tvalid_1's auc: 0.86\n[20]\ttraining's auc: 0.95\tvalid_1's auc: 0.85\n"
        "Early stopping, best iteration is:\n[18]\ttraining's auc: 0.93\tvalid_1's auc: 0.869\n",
        0.869,
        "[18]\ttraining's auc: 0.93\tvalid_1's auc: 0.869",
    ),
    (
        "metric_qualified_in_parentheses_after_per_target_lines",
        "visits  rmsle 0.6011\nhospital  rmsle 0.3553\nCV RMSLE (mean of cols): 0.5217\n",
        0.5217,
        "CV RMSLE (mean of cols): 0.5217",
    ),
    (
        "own_score_after_lightgbm_best_iteration",
        "Early stopping, best iteration is:\n[44]\tlater's multi_logloss: 1.11238\n"
        "valid accuracy 0.4786\n",
        0.4786,
        "valid accuracy 0.4786",
    ),
    (
        "own_score_after_a_best_epoch",
        "stopped after 49 epochs, best internal validation score 0.99\n"
        "Validation Accuracy: 98.61%\n",
        0.9861,
        "Validation Accuracy: 98.61%",
    ),
    (
        "the_programs_own_validation_line_after_each_models_summary",
        "OOF AUC lgb: 0.8410\nOOF AUC lr: 0.8439\nbest weights lgb=0.3 lr=0.7\n"
        "2026-12-06 10:00:00 INFO Validation AUC: 0.8473\n",
        0.8473,
        "2026-12-06 10:00:00 INFO Validation AUC: 0.8473",
    ),
    (
        "a_librarys_log_after_the_cv_summary_stays_below_it",
        "CV AUC: 0.85\n[100]\tvalid_0's auc: 0.83\n",
        0.85,
        "CV AUC: 0.85",
    ),
    (
        "lightgbm_logloss",
        "[100]\ttraining's binary_logloss: 0.2\tvalid_1's binary_logloss: 0.31\n",
        0.31,
        "[100]\ttraining's binary_logloss: 0.2\tvalid_1's binary_logloss: 0.31",
    ),
    (
        "keras_epoch_line",
        "Epoch 2/2\n100/100 - 1s - loss: 0.31 - accuracy: 0.88 - val_loss: 0.35 - val_accuracy: 0.86\n",
        0.86,
        "100/100 - 1s - loss: 0.31 - accuracy: 0.88 - val_loss: 0.35 - val_accuracy: 0.86",
    ),
    (
        "training_loss_only",
        "Epoch 1, loss: 0.52\nEpoch 2, loss: 0.41\nTraining complete\n",
        None,
        None,
    ),
    (
        "train_metrics_ignored",
        "Train AUC: 0.99\nValidation AUC: 0.87\nTrain accuracy: 0.98\n",
        0.87,
        "Validation AUC: 0.87",
    ),
    (
        "classification_report",
        "Validation classification report:\n              precision    recall  f1-score   support\n\n"
        "           0       0.88      0.90      0.89       120\n           1       0.84      0.81      0.82        80\n\n"
        "    accuracy                           0.86       200\n   macro avg       0.86      0.85      0.86       200\n"
        "weighted avg       0.86      0.86      0.86       200\n",
        0.86,
        "accuracy                           0.86       200",
    ),
    ("sentence", "The validation AUC is 0.912.\n", 0.912, "The validation AUC is 0.912."),
    (
        "holdout_phrase",
        "Accuracy on the hold-out set: 0.8731\n",
        0.8731,
        "Accuracy on the hold-out set: 0.8731",
    ),
    (
        "auxiliary_rate_ignored",
        "Validation accuracy: 0.977\nOOV rate: 0.0277\n",
        0.977,
        "Validation accuracy: 0.977",
    ),
    ("no_metric", "Loading data...\nTrain shape: (1000, 12)\nSubmission saved\n", None, None),
    (
        "settings_ignored",
        "Best iteration: 120\nLearning rate: 0.05\nValidation logloss: 0.4312\nValidation set size: 2000\n",
        0.4312,
        "Validation logloss: 0.4312",
    ),
    (
        "dict_print_later_pair_wins",
        "Validation metrics: {'auc': 0.8712, 'accuracy': 0.8}\n",
        0.8,
        "Validation metrics: {'auc': 0.8712, 'accuracy': 0.8}",
    ),
    (
        "qwk",
        "Quadratic weighted kappa on validation: 0.71\n",
        0.71,
        "Quadratic weighted kappa on validation: 0.71",
    ),
    (
        "traceback_lines_ignored",
        'Validation AUC: 0.8\nTraceback (most recent call last):\n  File "runfile.py", line 9, in <module>\n'
        "ValueError: Validation score 0.5 is below threshold\n",
        0.8,
        "Validation AUC: 0.8",
    ),
    (
        "fold_then_cv_pm",
        "Fold 3/5 - val_rmse: 2.9\nCV RMSE: 3.05 ± 0.12\n",
        3.05,
        "CV RMSE: 3.05 ± 0.12",
    ),
    (
        "epoch_counter_not_a_value",
        "Epoch 3/10 - val_loss: 0.4123\n",
        0.4123,
        "Epoch 3/10 - val_loss: 0.4123",
    ),
    ("oof", "OOF AUC: 0.79\nFold 5 AUC: 0.81\n", 0.79, "OOF AUC: 0.79"),
    ("unnamed_validation", "Validation: 0.87\n", 0.87, "Validation: 0.87"),
    ("generic_score", "score=0.5\n", 0.5, "score=0.5"),
    ("sizes_only", "Validation samples: 2000\nNumber of features: 12\n", None, None),
    ("split_sizes_unnamed", "time split: fit=2687 val=673\n", None, None),
    ("a_whole_percent_is_a_score", "Validation: 87%\n", 0.87, "Validation: 87%"),
    (
        "mse_is_not_mean",
        "Fold 1 mean_squared_error: 12.5\nFold 2 mean_squared_error: 11.5\n",
        11.5,
        "Fold 2 mean_squared_error: 11.5",
    ),
    ("thousands_separator", "Validation MAE: 1,234.5\n", 1234.5, "Validation MAE: 1,234.5"),
    (
        "xgboost_second_eval_set",
        "[99]\tvalidation_0-logloss:0.31234\tvalidation_1-logloss:0.35678\n",
        0.35678,
        "[99]\tvalidation_0-logloss:0.31234\tvalidation_1-logloss:0.35678",
    ),
    ("k_fold_in_label", "Validation AUC (5-fold): 0.85\n", 0.85, "Validation AUC (5-fold): 0.85"),
    ("unknown_keyed_metric", "val_mcrmse: 0.45\n", 0.45, "val_mcrmse: 0.45"),
    (
        "a_search_best_score_attribute",
        "baseline fold AUCs: [0.8104 0.8115] mean 0.8097\nbest_score_  = 0.8511\n",
        0.8511,
        "best_score_  = 0.8511",
    ),
    (
        "a_deviation_is_not_a_keyed_metric",
        "GroupKFold RMSE: 6.1615\nOLS coefficients\nSES   2.404\nses_dev   -0.181\n",
        6.1615,
        "GroupKFold RMSE: 6.1615",
    ),
    (
        "number_inside_a_bracketed_label",
        "Validation MAE (last 365 days): 270.0\n",
        270.0,
        "Validation MAE (last 365 days): 270.0",
    ),
    (
        "count_of_what_was_averaged_in_the_label",
        "fold 1 auc 0.81 best_iter: 120\nmean AUC over 3 targets: 0.689\n",
        0.689,
        "mean AUC over 3 targets: 0.689",
    ),
    (
        "share_of_the_rows_in_the_label",
        "Validation RMSE on 20% holdout = 6.15\n",
        6.15,
        "Validation RMSE on 20% holdout = 6.15",
    ),
    (
        "a_value_before_another_key_stays_a_value",
        "fold 1 auc 0.81 best_iter: 120\n",
        0.81,
        "fold 1 auc 0.81 best_iter: 120",
    ),
    (
        "bracketed_aside_after_the_value",
        "Validation AUC: 0.91 (std 0.02)\n",
        0.91,
        "Validation AUC: 0.91 (std 0.02)",
    ),
    (
        "at_k_metric",
        "Validation metric (MAP@3): 0.812\n",
        0.812,
        "Validation metric (MAP@3): 0.812",
    ),
    (
        "date_inside_the_label",
        "accuracy after 2014-10-01: 0.3758\n",
        0.3758,
        "accuracy after 2014-10-01: 0.3758",
    ),
    (
        "timestamp_before_the_result",
        "2026-12-02 18:04:11 INFO validation rmse = 54.20\n",
        54.2,
        "2026-12-02 18:04:11 INFO validation rmse = 54.20",
    ),
    (
        "spread_of_the_folds_is_not_the_result",
        '{\n  "cv_auc_mean": 0.9943,\n  "cv_auc_std": 0.00264\n}\n',
        0.9943,
        '"cv_auc_mean": 0.9943,',
    ),
    ("keyed_setting_ignored", "val_size: 0.2\nValidation samples: 1,200\n", None, None),
    (
        "lightgbm_real_log",
        fixture("lightgbm_training_log_clean")["term_out"],
        0.8692,
        "Final validation AUC: 0.8692",
    ),
]


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    if math.isnan(b):
        return math.isnan(a)
    return a == pytest.approx(b)


@pytest.mark.parametrize(
    ("case", "log", "value", "line"), METRIC_CASES, ids=[c[0] for c in METRIC_CASES]
)
def test_parse_metric(case: str, log: str, value: float | None, line: str | None) -> None:
    got_value, got_line = parse_metric(log)
    assert _same(got_value, value), (case, got_value, got_line)
    assert got_line == line


def test_headline_kinds_and_names() -> None:
    head = extract_headline("Fold 1 AUC: 0.80\nFold 2 AUC: 0.82\n")
    assert head is not None and (head.kind, head.name) == ("fold", "auc")
    head = extract_headline("Overall CV AUC: 0.8213\n")
    assert head is not None and (head.kind, head.name) == ("final", "auc")
    head = extract_headline("Best val loss: 0.55\n")
    assert head is not None and (head.kind, head.name) == ("best", "loss")
    head = extract_headline("Validation accuracy: 91.2%\n")
    assert head is not None and head.percent and head.name == "accuracy"
    head = extract_headline("Validation: 0.87\n")
    assert head is not None and head.name is None


def test_metric_candidates_skip_training_values() -> None:
    found = metric_candidates("[10]\ttraining's auc: 0.90\tvalid_1's auc: 0.86\n")
    assert [(h.value, h.name) for h in found] == [(0.86, "auc")]


@pytest.mark.parametrize(
    "text",
    [
        "Killed 3 stale worker processes",
        "Aborted training early: no improvement",
        "Bus error rate: 0.1",
    ],
)
def test_words_that_name_signals_in_ordinary_output_are_not_deaths(text: str) -> None:
    assert last_fatal(f"epoch 1\n{text}\n") is None
    assert parse_exception(f"epoch 1\n{text}\n", 1, timed_out=False) == "SystemExit"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Aborted (core dumped)", "Aborted"),
        ("Fatal Python error: Aborted", "Aborted"),
        ("bash: line 1: 12612 Aborted                 python runfile.py", "Aborted"),
        ("Bus error (core dumped)", "BusError"),
        ("Killed", "Killed"),
    ],
)
def test_signal_lines(text: str, name: str) -> None:
    info = last_fatal(f"epoch 1\n{text}\n")
    assert info is not None and (info.cls, info.source) == (name, "signal")
