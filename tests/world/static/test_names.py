"""Names used where nothing binds them: flow-aware NameError and UnboundLocalError."""

from __future__ import annotations

import pytest

from mleworld.world.static import analyze


def fatal(program: str) -> list[str]:
    return [f.message for f in analyze(program).findings if f.fatal and f.confidence >= 0.5]


@pytest.mark.parametrize(
    "program",
    [
        "if len('ab') > 1:\n    x = 1\nelse:\n    x = 2\nprint(x)\n",
        "if len('ab') > 1:\n    x = 1\nprint(x)\n",  # bound on one path: not surely undefined
        "for i in range(0):\n    pass\nprint(i)\n",
        "try:\n    y = int('1')\nexcept ValueError:\n    pass\nprint(y)\n",
        "with open(__file__) as fh:\n    text = fh.read()\nprint(text)\n",
        "total = sum(v * v for v in range(3))\nitems = {k: v for k, v in [(1, 2)]}\n",
        "def f(a, *args, b=1, **kw):\n    return a, args, b, kw\nf(1)\n",
        "class A:\n    X = 1\n    Y = X + 1\nprint(A.Y)\n",
        "import numpy as np, os.path\nprint(np.pi, os.path.sep)\n",
        "try:\n    print(maybe)\nexcept NameError:\n    maybe = None\n",
        "def g():\n    return later\nlater = 3\nprint(g())\n",
        "print(__name__, __file__, __doc__, len, ValueError)\n",
        "if __name__ != '__main__':\n    print(never_runs)\n",
    ],
)
def test_bound_or_unreached_names_are_not_reported(program: str) -> None:
    assert fatal(program) == []


def test_a_name_used_before_its_binding_is_reported_at_its_line() -> None:
    report = analyze("model = None\nprint(modle)\nmodle = 1\n")
    finding = report.first_fatal
    assert finding is not None and finding.line == 2
    assert finding.message == "NameError: name 'modle' is not defined. Did you mean: 'model'?"


def test_a_function_suggests_its_own_locals_first() -> None:
    program = "valid_pred = 1\n\ndef score():\n    valid_preds = [0.5]\n    return valid_predz\n\nscore()\n"
    finding = analyze(program).first_fatal
    assert finding is not None
    assert finding.message.endswith("Did you mean: 'valid_preds'?")
    assert finding.line == 5 and finding.reached_at == 7


def test_a_method_cannot_see_its_class_attributes() -> None:
    program = "class A:\n    LIMIT = 3\n\n    def f(self):\n        return LIMIT\n\nA().f()\n"
    finding = analyze(program).first_fatal
    assert finding is not None and finding.message.startswith(
        "NameError: name 'LIMIT' is not defined"
    )


def test_a_branch_the_analysis_cannot_decide_lowers_confidence() -> None:
    program = "import random\nif random.random() > 0.5:\n    print(oops)\n"
    finding = analyze(program).findings[0]
    assert finding.exc_type == "NameError" and 0.5 <= finding.confidence < 0.7


def test_functions_the_walk_never_entered_are_read_afterwards() -> None:
    # `transform` is called back by pandas' map (callbacks.py): walked there, reached from
    # line 6; `dead` is never called: only read afterwards, as a hint
    program = (
        "import pandas as pd\n\ndef transform(v):\n    return v * factorr\n\n"
        "s = pd.Series([1, 2]).map(transform)\n\ndef dead():\n    return nope\n"
    )
    report = analyze(program)
    by_name = {f.message.split("'")[1]: f for f in report.findings if f.detector == "names"}
    assert by_name["factorr"].confidence >= 0.9 and by_name["factorr"].reached_at == 6
    assert by_name["nope"].confidence < 0.5 and by_name["nope"].reached_at is None


def test_unbound_local() -> None:
    program = "count = 0\n\ndef bump():\n    count += 1\n\nbump()\n"
    finding = analyze(program).first_fatal
    assert finding is not None and finding.exc_type == "UnboundLocalError" and finding.line == 4


@pytest.mark.parametrize(
    "program",
    [
        "from os.path import *\nprint(joinn)\n",
        "exec('made = 1')\nprint(made)\n",
        "globals()['g'] = 1\nprint(g)\n",
    ],
)
def test_dynamic_binding_turns_the_detector_off(program: str) -> None:
    assert [f for f in analyze(program).findings if f.detector == "names"] == []
