"""Predicted terminal output, checked against what CPython and the real programs print.

Small programs are run for real with this interpreter (as runfile.py) and the
predicted output must equal the real one character for character: tracebacks
with their caret lines, syntax errors, prints and log records. Builtin-writer
programs for the breast-cancer suite task are predicted clean, crashing and
timing out, and read back with the executor's own parsers; a few defective ones
are executed in the sandbox and judged against their real output.

Run this file as a script to measure the judge match rate over a corpus:
`python tests/world/test_terminal.py /work/synth/dev`.
"""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.execution.parsing import last_fatal, parse_exception, parse_metric
from mleworld.world.static.analyze import analyze
from mleworld.world.static.report import Finding
from mleworld.world.terminal import output, predicted_output

CORPUS = Path("/work/synth/dev")


def run_for_real(program: str, workdir: Path) -> str:
    """The program's combined output, run as runfile.py, with its path as the prediction spells it."""
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "runfile.py"
    path.write_text(program)
    proc = subprocess.run(
        [sys.executable, "runfile.py"],
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=60,
        env={"PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin"},
    )
    return proc.stdout.replace(str(path), "runfile.py")


# ---------------------------------------------------------------------------
# Exactly what CPython prints

CRASHES = {
    "KeyError": """\
def lookup(d):
    offset = 1
    return d['b'] + offset

def run():
    print('hello')
    return lookup({'a': 1})

y = run()
""",
    "NameError": """\
values = [1, 2, 3]
print(len(values))
total = sum(valuse)
""",
    "AttributeError": """\
import math
print("start")
root = math.sqroot(16)
""",
    "ZeroDivisionError": """\
x = 10
y = 0
print(f"x={x}, y={y}")
z = x / y
""",
    "FileNotFoundError": """\
import os
print("reading")
with open(os.path.join("input", "missing.csv")) as handle:
    text = handle.read()
""",
    "ModuleNotFoundError": """\
import json
import sklearnx_not_installed as skx
print(json.dumps({}))
""",
    "TypeError": """\
def scale(values, factor=2):
    return [v * factor for v in values]

print(scale([1, 2]))
print(scale([1, 2], factr=3))
""",
}


# Crashes static analysis does not find: the test gives the real run's message and line as
# the finding, and checks how the output around them is rendered.
UNFOUND = frozenset({"KeyError", "ZeroDivisionError"})

# More crashes static analysis finds: a name missing from a module that exists (Python names
# that name, not the first imported), a submodule of a module that is not a package, a
# name a match pattern does not bind.
STATIC_FACTS = [
    (
        "ImportError",
        """\
import json
from sklearn.metrics import accuracy_score, f1_scor
print(json.dumps({}))
""",
    ),
    (
        "ModuleNotFoundError",
        """\
import numpy as np
import os.nope
print(np.zeros(2))
""",
    ),
    (
        "NameError",
        """\
point = (1, 2)
match point:
    case (x, y):
        total = x + y
print("matched")
print(totl)
""",
    ),
]


@pytest.mark.parametrize(
    ("exc_type", "program"),
    [*sorted(CRASHES.items()), *STATIC_FACTS],
    ids=[*sorted(CRASHES), *(f"{cls}-static" for cls, _ in STATIC_FACTS)],
)
def test_crash_output_equals_cpython(exc_type: str, program: str, tmp_path: Path) -> None:
    (tmp_path / "input").mkdir()
    real = run_for_real(program, tmp_path)
    if exc_type in UNFOUND:
        found = as_the_run_reports(real, exc_type)
    else:
        found = as_the_model_passes(program, exc_type, tmp_path / "input")
    predicted = predicted_output(program, exc_type, **found)
    assert predicted == real
    assert parse_exception(predicted, exit_code=1, timed_out=False) == exc_type


def as_the_run_reports(real: str, exc_type: str) -> dict:
    """A finding holding the real run's last line and the line of its innermost frame."""
    line = int(re.findall(r'File "runfile.py", line (\d+)', real)[-1])
    return {"finding": Finding(exc_type, real.strip().splitlines()[-1], line, "run", "", 1.0)}


def given(exc_type: str, message: str, line: int | None) -> dict:
    """A finding with this message and line, as world/fast passes static analysis' one."""
    return {"finding": Finding(exc_type, message, line, "test", "", 1.0)}


def test_a_crash_no_finding_explains_is_placed_at_the_first_fit_and_named_by_class() -> None:
    program = """\
from sklearn.linear_model import LogisticRegression
print("fitting")
model = LogisticRegression()
model.fit([[0.0], [1.0]], [0, 1])
print("done")
"""
    out = predicted_output(program, "ValueError")
    assert out.splitlines() == [
        "fitting",
        "Traceback (most recent call last):",
        '  File "runfile.py", line 4, in <module>',
        "    model.fit([[0.0], [1.0]], [0, 1])",
        "ValueError",
    ]
    assert parse_exception(out, exit_code=1, timed_out=False) == "ValueError"


def test_comprehension_failure_has_its_own_frame(tmp_path: Path) -> None:
    program = """\
rows = [{"a": 1}, {"b": 2}]
vals = [r["a"] for r in rows]
"""
    real = run_for_real(program, tmp_path)
    # The first key read succeeds in reality; the prediction is told the line and message.
    predicted = predicted_output(program, "KeyError", **as_the_run_reports(real, "KeyError"))
    assert predicted == real
    assert "in <listcomp>" in predicted


@pytest.mark.parametrize(
    "program",
    [
        "import os\n\ndef compute_metric(y_true, y_pred)\n    return 1\n",
        "x = 1\n    y = 2\n",
        "print('a'\nprint('b')\n",
        "def f():\n\treturn 1\n        return 2\n",
    ],
)
def test_syntax_errors_in_cpythons_format(program: str, tmp_path: Path) -> None:
    real = run_for_real(program, tmp_path)
    cls = real.strip().splitlines()[-1].split(":")[0]
    predicted = predicted_output(program, cls, **as_the_model_passes(program, cls))
    assert predicted == real
    assert not predicted.startswith("Traceback")
    assert parse_exception(predicted, exit_code=1, timed_out=False) == cls


def test_clean_prints_equal_cpython_when_values_are_literal(tmp_path: Path) -> None:
    program = """\
import logging
logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(name)s: %(message)s")
log = logging.getLogger(__name__)
N_FOLDS = 3
names = {"a": 1.5, "b": 2}
print("start", len(names), sep=" | ")
for fold in range(N_FOLDS):
    print(f"fold {fold + 1:d}/{N_FOLDS} weight={names['a'] * fold:.3f}")
log.info("processed %d folds (%s)", N_FOLDS, "ok")
log.debug("not shown")
print("{:>6}|{:<4}|{:.1%}".format("right", "l", 0.25))
print("%s has %05.1f" % ("x", 3.14159), end="!\\n")
print(*[i * i for i in range(4)])
"""
    assert predicted_output(program, "None") == run_for_real(program, tmp_path)


# ---------------------------------------------------------------------------
# Values filled in: the metric line reads back as the metric

METRIC_PROGRAM = """\
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
print(f"Train shape: {train.shape}")
X = train.drop(columns=["id", "diagnosis"])
y = train["diagnosis"]
scores = []
skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)
for fold, (tr, va) in enumerate(skf.split(X, y)):
    model = LogisticRegression(max_iter=500)
    model.fit(X.iloc[tr], y.iloc[tr])
    auc = roc_auc_score(y.iloc[va], model.predict_proba(X.iloc[va])[:, 1])
    scores.append(auc)
    print(f"Fold {fold}: AUC = {auc:.4f} on {len(va)} rows")
print(f"Mean AUC: {np.mean(scores):.4f} +/- {np.std(scores):.4f}")
print("Done")
"""

OVERVIEW = """\
Data files (3 files, 122.4 KB; paths relative to the data folder):
  sample_submission.csv (1.4 KB, 115 lines)
  test.csv (24.4 KB, 115 lines)
  train.csv (96.5 KB, 456 lines)

test.csv: CSV, 114 rows x 4 columns; no missing values
  id: int64, all distinct, min 1, max 566, mean 302.43
  mean_radius: float64, 109 unique, min 8.571, max 24.63, mean 13.998
  mean_texture: float64, 111 unique, min 10.89, max 29.43, mean 19.342
  kind: str, 3 unique, top "a" (50), "b" (40), "c" (24)

train.csv: CSV, 455 rows x 5 columns; no missing values
  id: int64, all distinct, min 0, max 568, mean 279.38
  mean_radius: float64, 377 unique, min 6.981, max 28.11, mean 14.16
  mean_texture: float64, 397 unique, min 9.71, max 39.28, mean 19.3
  kind: str, 3 unique, top "a" (200), "b" (150), "c" (105)
  diagnosis: int64, 2 values: 0 (285), 1 (170), min 0, max 1, mean 0.37
"""


def test_clean_run_fills_the_metric_and_the_datas_shapes() -> None:
    out = predicted_output(METRIC_PROGRAM, "None", metric=0.93127, data_overview=OVERVIEW)
    lines = out.splitlines()
    assert lines[0] == "Train shape: (455, 5)"
    folds = [line for line in lines if line.startswith("Fold ")]
    assert [line.split(":")[0] for line in folds] == ["Fold 0", "Fold 1", "Fold 2", "Fold 3"]
    # per-fold scores scatter near the metric; each validation fold is a quarter of the rows
    values = [float(line.split("= ")[1].split()[0]) for line in folds]
    assert all(abs(v - 0.93127) < 0.01 for v in values) and len(set(values)) > 1
    assert all(line.endswith("on 113 rows") for line in folds)
    assert lines[-2].startswith("Mean AUC: 0.9313 +/- 0.00")
    assert lines[-1] == "Done"
    value, line = parse_metric(out)
    assert value == pytest.approx(0.93127, abs=5e-5) and line.startswith("Mean AUC")
    assert last_fatal(out) is None


def test_the_line_the_parser_reads_carries_the_metric_whatever_the_program_computes() -> None:
    program = """\
from sklearn.metrics import mean_squared_error
import numpy as np
rmse = np.sqrt(mean_squared_error([1, 2], [1, 3]))
print("Validation RMSE: %.3f" % rmse)
acc = 0.5
print(f"Validation accuracy: {acc:.2%}")
"""
    out = predicted_output(program, "None", metric=0.8123)
    assert out.splitlines()[0] == "Validation RMSE: 0.812"
    # the headline the parser picks is the last validation value: the fixed literal is replaced
    assert out.splitlines()[1] == "Validation accuracy: 81.23%"
    assert parse_metric(out)[0] == pytest.approx(0.8123)


def test_a_headline_naming_another_metric_is_not_given_the_tasks_metric() -> None:
    # The line the parser picks prints an error rate, a loss or an R2 while the task scores
    # accuracy or RMSE: only an error rate follows (one minus the accuracy).
    error_line = 'err = 0.5\nprint(f"Validation error: {err:.4f}")\n'
    out = predicted_output(error_line, "None", metric=0.9729, metric_name="accuracy")
    assert out == "Validation error: 0.0271\n"
    r2_line = 'r2 = 0.5\nprint(f"Validation R2: {r2:.3f}")\n'
    assert predicted_output(r2_line, "None", metric=12.5, metric_name="rmse") == (
        "Validation R2: 0.500\n"
    )
    # unnamed, the same name, or a name this project has no canonical form for: filled
    for label, name in (("score", "rmse"), ("RMSE", "rmse"), ("columnauc", "auc_columnwise")):
        program = f'v = 0.5\nprint(f"Validation {label}: {{v:.3f}}")\n'
        out = predicted_output(program, "None", metric=0.875, metric_name=name)
        assert out == f"Validation {label}: 0.875\n", label


def test_an_unknown_list_of_columns_is_counted_as_columns_not_rows() -> None:
    program = (
        "import pandas as pd\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "X = build_features(train)\n"
        "feats = [c for c in X.columns if c != 'id']\n"
        "print(len(feats), 'features')\n"
        "print(len([c for c in X.columns]), 'columns')\n"
        "print(len(X), 'rows')\n"
    )
    out = predicted_output(program, "None", data_overview=OVERVIEW).splitlines()
    # the data overview's train.csv: 455 rows x 5 columns
    assert out == ["5 features", "5 columns", "455 rows"]


def test_long_loops_are_capped_with_a_summary_line() -> None:
    program = (
        "for epoch in range(50):\n    print(f'epoch {epoch + 1}: loss {0.5 / (epoch + 1):.3f}')\n"
    )
    lines = predicted_output(program, "None").splitlines()
    assert len(lines) == 11
    assert lines[0] == "epoch 1: loss 0.500" and lines[8] == "epoch 9: loss 0.056"
    assert lines[9] == "... (40 more iterations)"
    assert lines[10] == "epoch 50: loss 0.010"


def test_fold_count_hint_applies_when_the_program_does_not_say() -> None:
    program = """\
from sklearn.metrics import accuracy_score
def folds(n):
    return make_splits(n)
for k, (a, b) in enumerate(folds(10)):
    print(f"fold {k}: acc {accuracy_score(a, b):.3f}")
"""
    assert len(predicted_output(program, "None", metric=0.9, n_folds_hint=3).splitlines()) == 3
    assert len(predicted_output(program, "None", metric=0.9, n_folds_hint=7).splitlines()) == 7


def test_logging_with_a_timestamp_format() -> None:
    program = """\
import logging
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
logging.info("Validation F1: %.4f", 0.1)
logging.warning("careful")
"""
    lines = predicted_output(program, "None", metric=0.6512).splitlines()
    assert lines[0].endswith(" INFO Validation F1: 0.6512")
    assert lines[0][:4].isdigit() and lines[0][10] == " "
    assert lines[1].endswith(" WARNING careful")
    # without basicConfig a named logger's info is not shown, a warning is
    quiet = (
        "import logging\nlog = logging.getLogger('x')\nlog.info('hidden')\nlog.warning('shown')\n"
    )
    assert predicted_output(quiet, "None") == "shown\n"


def _real_and_predicted_from_the_overview(
    program: str, tmp_path: Path
) -> tuple[list[str], list[str]]:
    """The program's real output lines, and those predicted from its data's overview alone."""
    from mleworld.tasks.overview import data_overview

    real = run_for_real(program, tmp_path).splitlines()
    predicted = predicted_output(
        program, "None", data_overview=data_overview(tmp_path / "input")
    ).splitlines()
    assert len(predicted) == len(real)
    return real, predicted


def test_pandas_displays_read_from_the_data_overview_equal_pandas(tmp_path: Path) -> None:
    """info(), isnull().sum(), value_counts(), nunique(), dtypes: facts the overview states."""

    rng = random.Random(0)
    rows = []
    for i in range(120):
        kind = rng.choice(["alpha", "beta", "beta", "gamma"])
        size = "" if i % 17 == 3 else f"{rng.uniform(1, 50):.2f}"
        flag = rng.choice(["yes", "no", ""]) if i % 5 else "yes"
        rows.append(f"{i},{kind},{size},{rng.randint(0, 9)},{flag}")
    (tmp_path / "input").mkdir()
    (tmp_path / "input" / "train.csv").write_text(
        "id,kind,size,count,flag\n" + "\n".join(rows) + "\n"
    )
    program = """\
import pandas as pd
df = pd.read_csv("./input/train.csv")
print(df.shape)
df.info()
print(df.isnull().sum())
print(df["kind"].value_counts())
print(df.nunique())
print(df.dtypes)
print(df["flag"].isna().sum(), len(df))
print(df.head())
"""
    real, predicted = _real_and_predicted_from_the_overview(program, tmp_path)
    for got, want in zip(predicted, real, strict=True):
        if want.startswith("memory usage"):
            assert got.startswith("memory usage: 5.")
        elif want.split()[:1] == ["id"]:
            assert got.split() == want.split()  # head()'s header over stand-in values
        elif want[:1].isdigit() and " " in want[:3]:
            assert len(got.split()) == len(want.split())  # head() rows
        else:
            assert got == want


def test_long_and_wide_stand_in_frames_are_laid_out_as_pandas_lays_out_the_real_ones(
    tmp_path: Path,
) -> None:
    """With only the overview, the cells are stand-ins, but pandas itself lays them out:
    the columns it keeps around `...`, the rows it shows, their labels, the footers."""

    names = [f"measurement_{i:02d}" for i in range(12)]
    rng = random.Random(1)
    rows = [
        ",".join(
            [str(i), rng.choice(["red", "green"])] + [f"{rng.uniform(0, 9):.3f}" for _ in names]
        )
        for i in range(1500)
    ]
    (tmp_path / "input").mkdir()
    (tmp_path / "input" / "train.csv").write_text(
        ",".join(["id", "colour", *names]) + "\n" + "\n".join(rows) + "\n"
    )
    program = """\
import pandas as pd
df = pd.read_csv("./input/train.csv")
print(df)
print(df["colour"])
print(df["measurement_03"])
"""
    real, predicted = _real_and_predicted_from_the_overview(program, tmp_path)
    for got, want in zip(predicted, real, strict=True):
        if want.startswith(("[", "Name:")) or not want.strip() or want.split()[0] in ("id", ".."):
            assert got == want  # footers, header, the truncation row
        else:
            assert got.split()[0] == want.split()[0]  # the row's label
            assert len(got.split()) == len(want.split())


SMALL_CSV = "id,kind,size\n" + "".join(f"{i},{'ab'[i % 2]},{i * 1.5}\n" for i in range(40))
SMALL_OVERVIEW_PROGRAMS = {
    "ValueError": """\
import numpy as np
import pandas as pd
train = pd.read_csv("./input/train.csv")
preds = np.zeros(len(train) // 2)
print("rows", len(train))
sub = pd.DataFrame({"id": train["id"], "target": preds})
""",
    "TypeError": """\
import pandas as pd
train = pd.read_csv("./input/train.csv")
print(train.shape)
fill = train.median()
""",
}


def as_the_model_passes(program: str, exc_type: str, data_dir: Path | None = None) -> dict:
    """Static analysis' first fatal finding, when it is of `exc_type`: what world/fast
    hands predicted_output with the class."""
    first = analyze(program, data_dir).first_fatal
    assert first is not None and first.exc_type == exc_type
    return {"finding": first}


@pytest.mark.parametrize("exc_type", sorted(SMALL_OVERVIEW_PROGRAMS))
def test_shape_and_dtype_errors_static_analysis_finds_print_as_pandas_raises_them(
    exc_type: str, tmp_path: Path
) -> None:
    """Errors read from the data's shape and dtypes, message and all, as pandas raises them."""
    from mleworld.tasks.overview import data_overview

    (tmp_path / "input").mkdir()
    (tmp_path / "input" / "train.csv").write_text(SMALL_CSV)
    program = SMALL_OVERVIEW_PROGRAMS[exc_type]
    real = run_for_real(program, tmp_path)
    predicted = predicted_output(
        program,
        exc_type,
        data_overview=data_overview(tmp_path / "input"),
        **as_the_model_passes(program, exc_type, tmp_path / "input"),
    )
    real_last = real.strip().splitlines()[-1]
    if exc_type == "TypeError" and "string dtype" not in real_last:
        pytest.skip(f"this pandas words it differently: {real_last}")
    assert predicted.strip().splitlines()[-1] == real_last
    # the same crash point: the user frame's source line
    assert predicted.strip().splitlines()[-3].strip() in real


# ---------------------------------------------------------------------------
# Crashes placed by static analysis' finding


def test_the_findings_line_and_message_place_the_crash_and_end_the_output() -> None:
    out = predicted_output(
        METRIC_PROGRAM,
        "KeyError",
        **given("KeyError", "KeyError: 'diagnosis'", 10),
        data_overview=OVERVIEW,
    )
    lines = out.splitlines()
    assert lines[0] == "Train shape: (455, 5)"
    assert lines[1] == "Traceback (most recent call last):"
    assert lines[2] == '  File "runfile.py", line 10, in <module>'
    assert lines[3] == '    y = train["diagnosis"]'
    assert lines[4] == "        ~~~~~^^^^^^^^^^^^^"
    assert lines[-1] == "KeyError: 'diagnosis'"
    assert parse_exception(out, exit_code=1, timed_out=False) == "KeyError"


def write_train(tmp_path: Path) -> Path:
    """A data folder whose train.csv has the columns METRIC_PROGRAM reads, few rows."""
    folder = tmp_path / "input"
    folder.mkdir()
    rows = "".join(f"{i},{i % 2},{i * 0.5}\n" for i in range(8))
    (folder / "train.csv").write_text("id,diagnosis,mean_radius\n" + rows)
    return folder


def test_a_column_missing_from_the_data_is_static_analysis_finding(tmp_path: Path) -> None:
    program = METRIC_PROGRAM.replace('train["diagnosis"]', 'train["diagnosys"]')
    found = as_the_model_passes(program, "KeyError", write_train(tmp_path))
    out = predicted_output(program, "KeyError", **found, data_overview=OVERVIEW)
    assert out.splitlines()[-1] == "KeyError: 'diagnosys'"
    assert 'y = train["diagnosys"]' in out


def test_the_given_line_is_the_crashing_frame_below_the_call_sites(tmp_path: Path) -> None:
    program = """\
import pandas as pd

def load(path):
    print("loading", path)
    return pd.read_csv(path)

def main():
    df = load("./input/train.csv")
    df.fit()

main()
"""
    out = predicted_output(program, "ValueError", **given("ValueError", "ValueError: bad input", 9))
    assert out.splitlines() == [
        "loading ./input/train.csv",
        "Traceback (most recent call last):",
        '  File "runfile.py", line 11, in <module>',
        "    main()",
        '  File "runfile.py", line 9, in main',
        "    df.fit()",
        "ValueError: bad input",
    ]
    (tmp_path / "input").mkdir()
    found = as_the_model_passes(program, "FileNotFoundError", tmp_path / "input")
    missing = predicted_output(program, "FileNotFoundError", **found)
    assert missing.splitlines()[-1] == (
        "FileNotFoundError: [Errno 2] No such file or directory: './input/train.csv'"
    )
    assert '  File "runfile.py", line 5, in load' in missing


def test_a_multi_line_message_is_kept_whole() -> None:
    message = (
        "narwhals.exceptions.DuplicateError: Expected unique column names, got:\n- 'a' 2 times"
    )
    out = predicted_output(
        "import pandas as pd\nx = pd.DataFrame()\nx.fit()\n",
        "DuplicateError",
        **given("DuplicateError", message, 3),
    )
    assert out.endswith(message + "\n")
    assert parse_exception(out, exit_code=1, timed_out=False) == "DuplicateError"


def test_a_library_keyword_is_checked_against_the_installed_signature() -> None:
    program = """\
from sklearn.linear_model import LogisticRegression
model = LogisticRegression(C=1.0, max_iter=100)
model2 = LogisticRegression(C=0.5, normalise=True, max_iter=10)
"""
    out = predicted_output(program, "TypeError", **as_the_model_passes(program, "TypeError"))
    assert out.splitlines()[-1] == (
        "TypeError: LogisticRegression.__init__() got an unexpected keyword argument 'normalise'"
    )
    assert '  File "runfile.py", line 3, in <module>' in out


def test_a_dataframe_method_that_does_not_exist_is_named_with_pandas_suggestion(
    tmp_path: Path,
) -> None:
    program = """\
import pandas as pd
df = pd.read_csv("./input/train.csv")
print(len(df))
df = df.fill_na(0)
"""
    found = as_the_model_passes(program, "AttributeError", write_train(tmp_path))
    out = predicted_output(program, "AttributeError", **found, data_overview=OVERVIEW)
    assert out.splitlines()[0] == "455"
    assert out.splitlines()[-1] == (
        "AttributeError: 'DataFrame' object has no attribute 'fill_na'. Did you mean: 'fillna'?"
    )
    assert out.splitlines()[-2].strip() == "^^^^^^^^^^"


def test_signals_and_silent_exits() -> None:
    program = "print('loading')\nimport numpy as np\nx = np.zeros((10**6, 10**6))\n"
    out = predicted_output(program, "Killed")
    assert out == "loading\nKilled\n"
    assert parse_exception(out, exit_code=1, timed_out=False) == "Killed"
    assert predicted_output(program, "SystemExit") == "loading\n"


# ---------------------------------------------------------------------------
# Timeouts


def test_timeout_prints_up_to_the_kill_point_then_the_interrupt() -> None:
    clean = predicted_output(METRIC_PROGRAM, "None", metric=0.9, data_overview=OVERVIEW)
    early = predicted_output(
        METRIC_PROGRAM, "TimeoutError", runtime_s=2400, time_limit_s=600, data_overview=OVERVIEW
    )
    late = predicted_output(
        METRIC_PROGRAM, "TimeoutError", runtime_s=700, time_limit_s=600, data_overview=OVERVIEW
    )
    for out in (early, late):
        before = out.split("Traceback (most recent call last):")[0].splitlines()
        assert clean.splitlines()[: len(before)][:1] == before[:1]
        assert out.splitlines()[-1] == "KeyboardInterrupt"
        assert "    model.fit(X.iloc[tr], y.iloc[tr])" in out
        assert parse_exception(out, exit_code=-2, timed_out=True) == "TimeoutError"
        assert last_fatal(out).cls == "KeyboardInterrupt"  # type: ignore[union-attr]
    assert early.count("Fold ") < late.count("Fold ")


# ---------------------------------------------------------------------------
# Robustness and determinism


def test_never_raises_and_stays_bounded_on_hostile_programs() -> None:
    rng = random.Random(0)
    programs = [
        "",
        "\x00\x01",
        "while True:\n    print('spin')\n",
        "for i in range(10**12):\n    print(i)\n",
        "def f(n):\n    return f(n + 1)\nf(0)\n",
        "x = 'a' * 10**10\nprint(x)\n",
        "print(2 ** 10**8)\n",
        "import os\nos.system('echo hi')\nprint(open('/etc/passwd').read())\n",
        "class A:\n    def __init__(self):\n        self.a = A()\nA()\n",
        "print(" * 200 + ")" * 200,
        "x = [" + ",".join(str(i) for i in range(5000)) + "]\nprint(len(x), sum(x))\n",
        METRIC_PROGRAM[: len(METRIC_PROGRAM) // 2],
    ]
    alphabet = "abc()[]{}:=.,'\"\n    +-*/%0123456789print for in if def return lambda"
    programs += ["".join(rng.choice(alphabet) for _ in range(300)) for _ in range(20)]
    for program in programs:
        for exc in ("None", "TimeoutError", "KeyError", "SyntaxError", "Other", "Killed"):
            out = predicted_output(program, exc, metric=0.5, runtime_s=10, time_limit_s=5)
            assert isinstance(out, str) and len(out) < 200_000
    assert predicted_output("print(2 ** 10**8)\n", "None") != ""
    assert predicted_output("x = [1, 2]\nprint(len(x), sum(x))\n", "None") == "2 3\n"


def test_unparseable_program_with_a_runtime_class_gets_a_bare_traceback() -> None:
    out = predicted_output("def f(:\n", "KeyError", **given("KeyError", "KeyError: 'x'", 1))
    assert out == "Traceback (most recent call last):\nKeyError: 'x'\n"
    assert predicted_output("def f(:\n", "None") == ""


def test_same_inputs_same_text() -> None:
    first = predicted_output(METRIC_PROGRAM, "None", metric=0.91, data_overview=OVERVIEW)
    output._cached.cache_clear()
    output._parse.cache_clear()
    assert predicted_output(METRIC_PROGRAM, "None", metric=0.91, data_overview=OVERVIEW) == first


# ---------------------------------------------------------------------------
# Builtin-writer programs for a suite task


@pytest.fixture(scope="module")
def suite_task():  # type: ignore[no-untyped-def]
    from mleworld.tasks.suite import prepare_suite_task
    from mleworld.tasks.task import load_task

    # The session's cached build (tests/tasks builds every suite task there): read, not changed.
    return load_task(prepare_suite_task("breast-cancer"))


@pytest.fixture(scope="module")
def overview(suite_task) -> str:  # type: ignore[no-untyped-def]
    from mleworld.tasks.overview import data_overview

    return data_overview(suite_task.public_dir)


def test_builtin_programs_predicted_clean_read_back(suite_task, overview: str) -> None:  # type: ignore[no-untyped-def]
    model = BuiltinCodeModel(seed=0)
    for seed in range(12):
        code = model.generate(CodeRequest("draft", "", task=suite_task, seed=seed)).code
        metric = 0.95 + seed / 1000
        out = predicted_output(code, "None", metric=metric, data_overview=overview)
        assert out.strip(), code
        assert last_fatal(out) is None
        value, _ = parse_metric(out)
        assert value is not None and math.isclose(value, metric, abs_tol=5e-4), out
        assert "Traceback" not in out
        crash = predicted_output(code, "ValueError", data_overview=overview)
        assert parse_exception(crash, exit_code=1, timed_out=False) == "ValueError"
        timeout = predicted_output(code, "TimeoutError", data_overview=overview)
        assert timeout.splitlines()[-1] == "KeyboardInterrupt"


LIGHTGBM_PROGRAM = """\
import lightgbm as lgb
import pandas as pd
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
X = train.drop(columns=["id", "diagnosis"])
y = train["diagnosis"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0)
model = lgb.LGBMClassifier(n_estimators=30, learning_rate=0.1)
model.fit(X_tr, y_tr, eval_set=[(X_va, y_va)], callbacks=[lgb.log_evaluation(10)])
booster = lgb.train(
    {"objective": "binary", "verbose": -1},
    lgb.Dataset(X_tr, y_tr),
    num_boost_round=20,
    valid_sets=[lgb.Dataset(X_va, y_va)],
    callbacks=[lgb.early_stopping(5), lgb.log_evaluation(10)],
)
quiet = lgb.train(
    {"objective": "binary", "verbose": -1},
    lgb.Dataset(X_tr, y_tr),
    num_boost_round=20,
    valid_sets=[lgb.Dataset(X_va, y_va)],
    callbacks=[lgb.early_stopping(5, verbose=False)],
)
print("done")
"""


@pytest.mark.slow
def test_lightgbm_training_log_has_the_real_runs_lines(real_runs, overview: str) -> None:  # type: ignore[no-untyped-def]
    import re

    _, real = real_runs["lightgbm"]
    assert real.exc_type == "None", real.term_out[-2000:]
    predicted = predicted_output(LIGHTGBM_PROGRAM, "None", metric=0.1, data_overview=overview)

    def shape(text: str) -> list[str]:
        # LightGBM times row-wise against col-wise histograms on the machine and names the
        # faster (row-wise, under load, with one more hint line): not the program's doing.
        text = text.replace("row-wise", "col-wise").replace("force_row_wise", "force_col_wise")
        kept = [
            line
            for line in text.splitlines()
            if "[Warning]" not in line
            and "Warning:" not in line
            and not line.startswith("  ")
            and not line.startswith("And if memory is not enough")
        ]
        return [re.sub(r"\d+(\.\d+)?(e-?\d+)?", "N", line) for line in kept]

    assert shape(predicted) == shape(real.term_out)
    # the data's real shape, not a guess
    assert "number of data points in the train set: 364, number of used features: 30" in (
        predicted.lower()
    )


DEFECT_KINDS = ("wrong_column",)


@pytest.fixture(scope="module")
def real_runs(suite_task):  # type: ignore[no-untyped-def]
    """Defective builtin programs (one per kind) and the LightGBM program, run in the sandbox."""
    from mleworld.execution.limits import Limits
    from mleworld.execution.sandbox import execute

    model = BuiltinCodeModel(seed=0, defect_rate=1.0)
    programs: dict[str, str] = {}
    for seed in range(200):
        gen = model.generate(CodeRequest("draft", "", task=suite_task, seed=seed))
        kind = gen.meta["defect"]["kind"]
        if kind in DEFECT_KINDS and kind not in programs:
            programs[kind] = gen.code
        if len(programs) == len(DEFECT_KINDS):
            break
    programs["lightgbm"] = LIGHTGBM_PROGRAM

    def run(code: str):  # type: ignore[no-untyped-def]
        return execute(code, suite_task, limits=Limits(time_limit_s=120))

    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = dict(zip(programs, pool.map(run, programs.values()), strict=True))
    return {kind: (programs[kind], outcomes[kind]) for kind in programs}


@pytest.mark.slow
def test_defective_builtin_programs_judged_against_their_real_runs(
    real_runs,  # type: ignore[no-untyped-def]
    suite_task,  # type: ignore[no-untyped-def]
    overview: str,
) -> None:
    """The predicted crash, given static analysis' finding as the model gives it, matches the
    real run (appendix I's judge)."""
    from mleworld.codegen.builtin.defects import EXPECTED
    from mleworld.evaluation.judge import judge

    assert set(DEFECT_KINDS) <= set(real_runs)
    for kind in DEFECT_KINDS:
        program, outcome = real_runs[kind]
        assert outcome.exc_type == EXPECTED[kind], outcome.term_out[-2000:]
        found = as_the_model_passes(program, outcome.exc_type, suite_task.public_dir)
        predicted = predicted_output(program, outcome.exc_type, **found, data_overview=overview)
        assert parse_exception(predicted, exit_code=1, timed_out=False) == outcome.exc_type
        verdict = judge(predicted, outcome.term_out)
        assert verdict.match, (kind, verdict.reason, predicted, outcome.term_out[-2000:])


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the development corpus is not on this machine")
def test_dev_corpus_outputs_match_when_class_and_metric_are_right() -> None:
    rates = judge_rates(CORPUS, limit=60)
    assert rates["clean"] >= 0.95 and rates["crash"] >= 0.95, rates


# ---------------------------------------------------------------------------
# Measuring against a corpus


def judge_rates(
    corpus: Path, limit: int | None = None, with_message: bool = True
) -> dict[str, float]:
    """Share of records whose predicted output the judge matches with the observed one.

    Clean records get the observed metric; crashes the observed last traceback
    line and crashing line as the finding (unless `with_message` is False); crashes
    and timeouts the metric the run printed before it stopped (their records carry none).
    """
    from mleworld.corpus.store import Corpus
    from mleworld.evaluation.judge import judge

    counts: dict[str, list[int]] = {"clean": [0, 0], "crash": [0, 0], "timeout": [0, 0]}
    records = list(Corpus.open(corpus).iter_records(split=None))
    if limit is not None:
        records = random.Random(0).sample(records, min(limit, len(records)))
    for r in records:
        exc = r.y.exc_type
        kind = "clean" if exc == "None" else "timeout" if exc == "TimeoutError" else "crash"
        found = {}
        metric = r.y.metric
        if kind == "crash" and with_message:
            fatal = last_fatal(r.y.term_out)
            message = fatal.line if fatal is not None and fatal.source != "signal" else None
            if fatal is not None and fatal.details and "\n" in fatal.details:
                message = f"{fatal.qualname}: {fatal.details}"
            lines = re.findall(r'File "[^"]*runfile.py", line (\d+)', r.y.term_out)
            if message is not None:
                found = given(exc, message, int(lines[-1]) if lines else None)
        if kind != "clean":
            metric = parse_metric(r.y.term_out)[0]
        out = predicted_output(
            r.x.program,
            exc,
            **found,
            metric=metric,
            runtime_s=r.runtime_s,
            time_limit_s=r.x.time_limit_s,
            data_overview=r.x.data_overview,
        )
        counts[kind][0] += int(judge(out, r.y.term_out).match)
        counts[kind][1] += 1
    return {k: (hit / n if n else math.nan) for k, (hit, n) in counts.items()} | {
        f"n_{k}": float(n) for k, (_, n) in counts.items()
    }


if __name__ == "__main__":
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    started = time.perf_counter()
    print("with the observed message:", judge_rates(path))
    print("class only (no message):  ", judge_rates(path, with_message=False))
    print(f"{time.perf_counter() - started:.1f}s")


def test_a_value_the_walk_cannot_print_is_guessed_not_shown_as_its_model() -> None:
    program = (
        "import pandas as pd\n"
        "from sklearn.neural_network import MLPClassifier\n"
        "from sklearn.pipeline import make_pipeline\n"
        "from sklearn.preprocessing import StandardScaler\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "X, y = train[['mean_radius', 'mean_texture']], train['diagnosis']\n"
        "mlp = make_pipeline(StandardScaler(), MLPClassifier(early_stopping=True))\n"
        "mlp.fit(X, y)\n"
        "net = mlp[-1]\n"
        "print(f'stopped after {net.n_iter_} epochs')\n"
        "print('best loss', mlp.best_loss_)\n"
        "class Trainer:\n"
        "    pass\n"
        "print('Selected', Trainer)\n"
    )
    out = predicted_output(program, "None", metric=0.91, data_overview=OVERVIEW)
    assert "stopped after " in out and "Selected" in out
    assert not any(word in out for word in ("Bound(", "Unknown(", "LocalClass", "object at"))
