"""Code-model replies, fuzzed: answer texts, review verdicts, and what a server sends back.

tests/fuzzing/replies.py says what a correct result is; the examples below are
crashes the fuzzer found, kept as regular tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing.harness import assert_no_crash, bounded
from fuzzing.replies import (
    EXTRACT,
    PROGRAM,
    REVIEW,
    SERVER,
    TEXTS,
    Reply,
    ReplyServer,
    replies,
    reply_server,
    reviews,
)
from mleworld.codegen.base import CodeRequest
from mleworld.codegen.response import ModelResponseError, extract_code, strip_reasoning
from mleworld.codegen.review import parse_review
from mleworld.errors import MleWorldError


@pytest.fixture(scope="module")
def server() -> Iterator[ReplyServer]:
    with reply_server() as running:
        yield running


@bounded(200)
@given(TEXTS)
def test_any_answer_gives_a_compiling_program_or_one_error_line(text: str) -> None:
    assert_no_crash(EXTRACT, text, None)


@bounded(200)
@given(st.one_of(reviews(), TEXTS))
def test_any_review_answer_gives_a_verdict_or_one_error_line(text: str) -> None:
    assert_no_crash(REVIEW, text, None)


@bounded(60)
@given(replies())
def test_any_server_reply_gives_a_generation_or_one_error_line(
    server: ReplyServer, reply: Reply
) -> None:
    assert_no_crash(SERVER, reply, server)


# --- crashes the fuzzer found ---------------------------------------------------------


@pytest.mark.parametrize(
    "expression", ["-" * 100_000 + "1", "not " * 100_000 + "1", "1+" * 100_000 + "1"]
)
def test_code_nested_beyond_the_compiler_is_a_response_error(expression: str) -> None:
    # compile() raised MemoryError/RecursionError, which escaped extract_code.
    answer = f"Plan.\n```python\nimport os\nx = {expression}\n```"
    with pytest.raises(ModelResponseError, match="does not compile"):
        extract_code(answer)
    with pytest.raises(ModelResponseError):
        extract_code(f"import os\nx = {expression}")  # a fence-less answer


def test_many_unclosed_think_tags_are_kept_and_the_code_still_found() -> None:
    # The lazy <think>.*?</think> rescanned the rest of the answer at every tag:
    # 20,000 tags took 28 s.
    tags = "<think>" * 50_000
    assert strip_reasoning(tags) == tags
    assert strip_reasoning("a<think>b</think>c<think>d") == "ac<think>d"
    assert strip_reasoning("mid-thought</think>answer") == "answer"
    plan, code = extract_code(f"{tags}\n```python\n{PROGRAM}\n```")
    assert code == PROGRAM


@pytest.mark.parametrize(
    "text",
    [
        '{"is_bug": false, "metric": 1' + "0" * 400 + "}",  # OverflowError in float()
        '{"is_bug": false, "metric": 1' + "0" * 5000 + "}",  # ValueError: int digit limit
        "[" * 100_000,  # RecursionError in json.loads
        '{"a":' * 20_000,  # RecursionError at every brace, and quadratic
    ],
)
def test_review_answers_past_json_limits_are_read_or_refused_in_one_line(text: str) -> None:
    try:
        result = parse_review(text)
    except ModelResponseError as exc:
        assert "\n" not in str(exc)
    else:
        assert result.is_bug is False and result.metric is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"choices": true, "usage": null}', "no choices"),
        (b'{"choices": -725}', "no choices"),
        (b'{"choices": [{"message": {"content": {"text": "x"}}}]}', "not text"),
    ],
)
def test_a_server_reply_of_the_wrong_shape_is_one_error_line(
    server: ReplyServer, body: bytes, message: str
) -> None:
    server.reply = Reply(200, "application/json", body)
    with pytest.raises(MleWorldError, match=message):
        server.model.generate(CodeRequest(stage="draft", prompt="p"))


def test_usage_counts_of_the_wrong_type_read_as_zero(server: ReplyServer) -> None:
    body = (
        '{"choices": [{"message": {"content": "```python\\n'
        + PROGRAM.replace("\n", "\\n")
        + '\\n```"}, "finish_reason": {}}], "usage": {"prompt_tokens": {"a": 1}, '
        '"completion_tokens": "many"}}'
    )
    server.reply = Reply(200, "application/json", body.encode())
    generation = server.model.generate(CodeRequest(stage="draft", prompt="p"))
    assert generation.code == PROGRAM
    assert generation.meta["prompt_tokens"] == 0 and generation.meta["completion_tokens"] == 0
    assert generation.meta["finish_reason"] is None
