"""World-model input rendering, target format, and parsing predictions back."""

from __future__ import annotations

import math

import pytest

from mleworld.errors import MleWorldError
from mleworld.world.format import (
    SYSTEM_PROMPT,
    WorldInput,
    WorldTarget,
    estimate_prompt_tokens,
    estimate_tokens,
    messages_tokens,
    parse_prediction_text,
    parse_rates,
    render_messages,
    render_target,
    trim_output,
)
from mleworld.world.vocab import Vocab

PROGRAM = """\
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression

train = pd.read_csv("./input/train.csv")
X = train.drop(columns=["id", "target"])
y = train["target"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0)
model = LogisticRegression(max_iter=200).fit(X_tr, y_tr)
print(f"Validation accuracy: {model.score(X_va, y_va):.4f}")
"""

KEY_ERROR_LOG = """\
Train shape: (891, 12)
Traceback (most recent call last):
  File "/tmp/run/runfile.py", line 4, in <module>
    y = df["survived"]
        ~~^^^^^^^^^^^^
  File "/usr/lib/python3/site-packages/pandas/core/frame.py", line 4102, in __getitem__
    indexer = self.columns.get_loc(key)
KeyError: 'survived'
"""


def _input() -> WorldInput:
    return WorldInput(
        program=PROGRAM,
        packages={"numpy": "1.26.4", "pandas": "2.2.2", "scikit-learn": "1.5.0"},
        failing_imports=["xgboost"],
        python_version="3.11.7",
        data_overview="input/\n  train.csv (61.2 kB): 891 rows x 12 columns\n    id: int64, e.g. 1, 2, 3",
        time_limit_s=600,
    )


def test_world_input_and_target_json_round_trip() -> None:
    x = _input()
    assert WorldInput.from_json(x.to_json()) == x
    for metric in (0.8125, None, float("inf"), -1e-12):
        y = WorldTarget("None", "Validation accuracy: 0.8125\n", metric, True)
        assert WorldTarget.from_json(y.to_json()) == y
    nan = WorldTarget.from_json(WorldTarget("None", "", float("nan"), False).to_json())
    assert nan.metric is not None and math.isnan(nan.metric)
    with pytest.raises(MleWorldError, match="program"):
        WorldInput.from_dict({"packages": {}})
    with pytest.raises(MleWorldError, match="time limit"):
        WorldInput.from_dict({"program": "x", "time_limit_s": "soon"})
    with pytest.raises(MleWorldError, match="positive"):
        WorldInput.from_dict({"program": "x", "time_limit_s": 0})
    with pytest.raises(MleWorldError, match="exc_type"):
        WorldTarget.from_json('{"term_out": "x"}')
    with pytest.raises(MleWorldError, match="not valid JSON"):
        WorldTarget.from_json("{")


def test_target_from_outcome_drops_the_metric_of_a_failed_run() -> None:
    from mleworld.execution.outcome import Outcome

    crashed = Outcome(
        exc_type="KeyError", term_out="AUC: 0.9\nKeyError: 'x'", metric=0.9, submission=False
    )
    assert WorldTarget.from_outcome(crashed).metric is None
    clean = Outcome(exc_type="None", term_out="AUC: 0.9", metric=0.9, submission=True)
    assert WorldTarget.from_outcome(clean) == WorldTarget("None", "AUC: 0.9", 0.9, True)


def test_trim_output_keeps_head_and_tail_and_is_idempotent() -> None:
    short = "x" * 5000
    assert trim_output(short) == short
    long = "H" * 3000 + "M" * 4000 + "T" * 3000
    trimmed = trim_output(long)
    assert trimmed.startswith("H" * 2500) and trimmed.endswith("T" * 2500)
    assert "[... 5000 characters truncated ...]" in trimmed
    assert "M" not in trimmed.replace("characters", "")
    assert trim_output(trimmed) == trimmed
    assert len(trim_output("a" * 100, head=10, tail=10)) < 100


def test_messages_follow_the_layout() -> None:
    messages = render_messages(_input())
    assert [m["role"] for m in messages] == ["system", "user"]
    assert messages[0]["content"] == SYSTEM_PROMPT
    for phrase in ("runfile.py", "authoritative", "./input/", "EXC_None", "EXC_TimeoutError", "<term_out>",
                   "<metric>", "<submission>", "./submission/submission.csv"):  # fmt: skip
        assert phrase in SYSTEM_PROMPT
    user = messages[1]["content"]
    positions = [
        user.index("```python\nimport pandas as pd"),
        user.index("pandas==2.2.2"),
        user.index("not importable: xgboost"),
        user.index("train.csv (61.2 kB)"),
        user.index("600 s of wall-clock time"),
    ]
    assert positions == sorted(positions)
    assert "Python 3.11.7" in user


def test_a_program_with_backticks_gets_a_longer_fence() -> None:
    x = WorldInput(program='doc = """```python\\nx```"""\nprint(doc)\n')
    user = render_messages(x)[1]["content"]
    assert "````python\n" in user and user.count("````") == 2


def test_target_begins_with_the_token_and_round_trips() -> None:
    vocab = Vocab.default()
    cases = [
        WorldTarget("None", "Validation accuracy: 0.8125\nSaved submission\n", 0.8125, True),
        WorldTarget("KeyError", KEY_ERROR_LOG, None, False),
        WorldTarget("TimeoutError", "epoch 1\nepoch 2\n", None, False),
        WorldTarget("None", "", None, True),
        WorldTarget("None", "RMSE: 1e-05", 1e-05, True),
        WorldTarget("None", "AUC: inf", float("inf"), False),
        WorldTarget("ValueError", "x" * 6000 + "\nValueError: bad\n", None, False),
        # A log that quotes the tags and an EXC token must not confuse the parser.
        WorldTarget(
            "None", "print('</term_out>')\nEXC_ValueError in a string\n</term_out>\n", 0.5, True
        ),
    ]
    for y in cases:
        text = render_target(y, vocab)
        assert text.startswith(f"EXC_{y.exc_type}\n")
        parsed = parse_prediction_text(text, vocab)
        assert parsed.fields == {"exc_type", "term_out", "metric", "submission"}
        assert parsed.complete and parsed.exc_from == "token"
        assert parsed.exc_type == y.exc_type
        assert parsed.term_out == trim_output(y.term_out)
        assert parsed.metric == y.metric
        assert parsed.submission == y.submission
    nan = parse_prediction_text(render_target(WorldTarget("None", "loss nan", float("nan"), True)))
    assert nan.metric is not None and math.isnan(nan.metric)


def test_unknown_class_renders_as_other_under_a_vocabulary() -> None:
    y = WorldTarget("MyCustomError", "MyCustomError: boom", None, False)
    assert render_target(y, Vocab.default()).startswith("EXC_Other\n")
    assert render_target(y).startswith("EXC_MyCustomError\n")
    assert parse_prediction_text(render_target(y), Vocab.default()).exc_type == "Other"


def test_missing_token_is_read_from_the_predicted_log() -> None:
    parsed = parse_prediction_text(f"<term_out>\n{KEY_ERROR_LOG}</term_out>\n<metric>None</metric>")
    assert parsed.exc_type == "KeyError" and parsed.exc_from == "term_out"
    assert not parsed.has("exc_type") and parsed.has("term_out") and parsed.has("metric")
    assert not parsed.has("submission") and parsed.submission is None
    clean = parse_prediction_text("<term_out>\nValidation AUC: 0.91\n</term_out>")
    assert clean.exc_type == "None" and clean.exc_from == "term_out"


def test_garbled_and_cut_off_answers() -> None:
    cut = parse_prediction_text("EXC_None\n<term_out>\nEpoch 1/10 loss 0.52\nEpoch 2/10 loss 0.4")
    assert cut.exc_type == "None" and cut.term_out == "Epoch 1/10 loss 0.52\nEpoch 2/10 loss 0.4"
    assert not cut.term_out_closed and not cut.complete
    assert cut.fields == {"exc_type", "term_out"}

    thinking = parse_prediction_text(
        "<think>maybe EXC_KeyError?</think>EXC_ValueError\n<term_out>\nValueError: x\n</term_out>"
        "\n<metric>garbled</metric>\n<submission>maybe</submission>"
    )
    assert thinking.exc_type == "ValueError"
    assert not thinking.has("metric") and not thinking.has("submission")

    tagged = parse_prediction_text(
        "<exc_type>sklearn.exceptions.NotFittedError</exc_type><term_out>x</term_out>"
        "<metric> 91.5% </metric><submission> Yes </submission>"
    )
    assert tagged.exc_type == "NotFittedError" and tagged.has("exc_type")
    assert tagged.metric == pytest.approx(0.915) and tagged.submission is True
    assert parse_prediction_text("<metric>AUC = 0.873 on validation</metric>").metric == 0.873

    nothing = parse_prediction_text("I cannot predict this.")
    assert nothing.fields == frozenset() and nothing.exc_type is None
    assert nothing.to_target() == WorldTarget("None", "", None, False)


def test_parse_rates_count_fields() -> None:
    answers = [
        render_target(WorldTarget("None", "ok", 0.5, True)),
        "<term_out>\nValueError: bad\n</term_out>",
        "nothing useful",
    ]
    rates = parse_rates(parse_prediction_text(a) for a in answers)
    assert rates["n"] == 3
    assert rates["exc_type"] == pytest.approx(1 / 3)
    assert rates["exc_type_any"] == pytest.approx(2 / 3)
    assert rates["term_out"] == pytest.approx(2 / 3)
    assert rates["complete"] == pytest.approx(1 / 3)


def test_token_estimates() -> None:
    x = _input()
    assert estimate_prompt_tokens(x) == messages_tokens(render_messages(x))
    assert estimate_tokens("") == 0
    assert estimate_tokens("a\nb") == estimate_tokens("a") + estimate_tokens("b") + 1
    code = PROGRAM * 5
    assert len(code) / 8 < estimate_tokens(code) < len(code) / 2
    longer = WorldInput(**{**x.to_dict(), "program": PROGRAM * 3})
    assert estimate_prompt_tokens(longer) > estimate_prompt_tokens(x)
