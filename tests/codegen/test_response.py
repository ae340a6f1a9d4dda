"""extract_code: plan and program out of real-looking model answers."""

from __future__ import annotations

import pytest

from mleworld.codegen.response import (
    ModelResponseError,
    extract_code,
    fenced_blocks,
    strip_reasoning,
    syntax_problem,
)
from mleworld.errors import MleWorldError

PROGRAM = """import pandas as pd
from sklearn.linear_model import LogisticRegression

train = pd.read_csv("./input/train.csv")
model = LogisticRegression().fit(train[["x"]], train["y"])
print("Validation accuracy: 0.9")"""


def test_plan_is_prose_before_block_and_code_is_the_block() -> None:
    text = f"I will fit a logistic regression.\nThen predict.\n\n```python\n{PROGRAM}\n```\n"
    plan, code = extract_code(text)
    assert plan == "I will fit a logistic regression.\nThen predict."
    assert code == PROGRAM


@pytest.mark.parametrize("tag", ["py", "Python", "python3", "", "python title=runfile.py"])
def test_accepts_common_language_tags(tag: str) -> None:
    plan, code = extract_code(f"Plan.\n```{tag}\n{PROGRAM}\n```")
    assert code == PROGRAM
    assert plan == "Plan."


def test_unterminated_fence_at_the_end_is_read_to_the_end() -> None:
    plan, code = extract_code(f"Plan here.\n```python\n{PROGRAM}\n")
    assert code == PROGRAM
    assert plan == "Plan here."


def test_several_blocks_choose_the_longest_that_compiles() -> None:
    snippet = "model.fit(X, y)"
    broken_longer = PROGRAM + "\nfor i in range(3)\n    print(i)\n" + "# padding\n" * 5
    text = (
        "Plan: tweak the fit call, like this:\n"
        f"```python\n{snippet}\n```\n"
        "Full program:\n"
        f"```python\n{PROGRAM}\n```\n"
        "Or, a variant with a bug:\n"
        f"```python\n{broken_longer}\n```\n"
    )
    plan, code = extract_code(text)
    assert code == PROGRAM
    assert plan == "Plan: tweak the fit call, like this:"


def test_non_python_blocks_are_not_programs() -> None:
    text = f"Install:\n```bash\npip install lightgbm\n```\nThen:\n```python\n{PROGRAM}\n```"
    plan, code = extract_code(text)
    assert code == PROGRAM
    assert plan == "Install:"
    with pytest.raises(ModelResponseError, match="has no code block"):
        extract_code('Here is the config:\n```json\n{"a": 1}\n```')


def test_no_code_block_is_a_one_line_model_response_error() -> None:
    with pytest.raises(ModelResponseError) as info:
        extract_code("I would train a gradient boosting model on the features.")
    message = str(info.value)
    assert message == "the model's response has no code block"
    assert isinstance(info.value, MleWorldError)


def test_code_that_does_not_compile_names_line_and_message() -> None:
    bad = "import numpy as np\n\ndef f(:\n    return 1\n"
    with pytest.raises(ModelResponseError) as info:
        extract_code(f"Plan.\n```python\n{bad}```")
    message = str(info.value)
    assert message.startswith("the model's code does not compile: SyntaxError at line 3:")
    assert "\n" not in message


def test_indentation_error_is_reported_with_its_class() -> None:
    with pytest.raises(ModelResponseError, match="IndentationError at line 2"):
        extract_code("```python\nif True:\nprint(1)\n```")


def test_fence_inside_a_string_does_not_cut_the_program() -> None:
    program = 'import sys\nreport = "see ```python above```"\nprint(report)'
    _, code = extract_code(f"Plan.\n```python\n{program}\n```")
    assert code == program


def test_longer_outer_fence_keeps_inner_triple_backticks() -> None:
    program = 'import textwrap\nDOC = """\n```\nnot a fence end\n```\n"""\nprint(DOC)'
    _, code = extract_code(f"Plan.\n````python\n{program}\n````")
    assert code == program


def test_indented_block_is_dedented() -> None:
    text = "1. Plan step\n   ```python\n   import os\n   print(os.getcwd())\n   ```\n"
    _, code = extract_code(text)
    assert code == "import os\nprint(os.getcwd())"


def test_reasoning_section_is_ignored() -> None:
    text = (
        "<think>Maybe ```python\nimport broken(\n``` no...</think>\n"
        f"Use logistic regression.\n```python\n{PROGRAM}\n```"
    )
    plan, code = extract_code(text)
    assert plan == "Use logistic regression."
    assert code == PROGRAM
    # A template that opened the thought in the prompt leaves only the closing tag.
    assert strip_reasoning("thinking...</think>Answer") == "Answer"


def test_bare_program_without_fences_is_accepted_but_prose_is_not() -> None:
    plan, code = extract_code(PROGRAM)
    assert (plan, code) == ("", PROGRAM)
    with pytest.raises(ModelResponseError):
        extract_code("Done")


def test_empty_blocks_do_not_count() -> None:
    with pytest.raises(ModelResponseError, match="no code block"):
        extract_code("Plan.\n```python\n```\n")


def test_fenced_blocks_reports_termination() -> None:
    blocks = fenced_blocks("a\n```py\nx = 1\n```\nb\n```\ny = 2")
    assert [(b.language, b.code, b.terminated) for b in blocks] == [
        ("py", "x = 1", True),
        ("", "y = 2", False),
    ]


def test_syntax_problem_handles_null_bytes() -> None:
    assert syntax_problem("x = 1") is None
    problem = syntax_problem("x = '\0'")
    assert problem is not None and problem.startswith(("ValueError", "SyntaxError"))
