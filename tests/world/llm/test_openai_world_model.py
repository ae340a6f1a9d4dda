"""`openai:BASE_URL#MODEL` against a scripted OpenAI-compatible server (real HTTP on loopback)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scripted_openai import ScriptedServer, chat_body  # noqa: E402

from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput
from mleworld.world.llm.openai_model import OpenAIWorldModel
from mleworld.world.prediction import Query
from mleworld.world.registry import get_world_model

ANSWER = (
    "EXC_KeyError\n<term_out>\nTraceback (most recent call last):\n"
    "  File \"runfile.py\", line 3, in <module>\nKeyError: 'price'\n</term_out>\n"
    "<metric>None</metric>\n<submission>false</submission>"
)
QUERY = Query(x=WorldInput(program="import pandas as pd\nprint(pd.read_csv('x.csv')['price'])\n"))


def model(url: str, **opts) -> OpenAIWorldModel:
    return get_world_model(f"openai:{url}#scripted", backoff_s=0.01, **opts)


def test_first_token_logprobs_give_the_distribution() -> None:
    top = [
        ("EXC_KeyError", math.log(0.6)),
        ("EXC_None", math.log(0.2)),
        ("Hello", math.log(0.1)),
        ("EXC_ValueError", math.log(0.1)),
    ]
    with ScriptedServer([(200, chat_body(ANSWER, top), 0)]) as server:
        (p,) = model(server.url).predict_batch([QUERY])
        sent = server.requests[0]
    assert sent["logprobs"] is True and sent["top_logprobs"] == 20 and sent["temperature"] == 0
    assert (
        sent["messages"][0]["role"] == "system" and "runfile.py" in sent["messages"][1]["content"]
    )
    assert p.exc_type == "KeyError"
    assert sum(p.exc_probs.values()) == pytest.approx(1.0)
    assert p.exc_probs == pytest.approx(
        {"KeyError": 0.6 / 0.9, "None": 0.2 / 0.9, "ValueError": 0.1 / 0.9}
    )
    assert p.p_max == pytest.approx(0.6 / 0.9) and p.p_clean == pytest.approx(0.2 / 0.9)
    assert p.uncertainty == pytest.approx(1 - 0.6 / 0.9)
    assert "KeyError: 'price'" in p.term_out and p.submission is False and p.metric is None
    assert p.backend.startswith("openai:http://127.0.0.1") and p.backend.endswith("#scripted")


def test_prompted_model_text_label_without_logprobs_has_no_confidence() -> None:
    with ScriptedServer([(200, chat_body(ANSWER), 0)]) as server:
        (p,) = model(server.url).predict_batch([QUERY])
    assert p.exc_type == "KeyError" and p.exc_probs is None
    assert p.p_max is None and p.p_clean is None and p.uncertainty is None
    parse = next(e for e in p.evidence if e["kind"] == "parse")
    assert parse["missing"] == [] and parse["exc_from"] == "token"


def test_missing_class_is_read_from_the_predicted_output() -> None:
    text = ANSWER.split("\n", 1)[1].replace("<submission>false</submission>", "")
    with ScriptedServer([(200, chat_body(text), 0)]) as server:
        (p,) = model(server.url).predict_batch([QUERY])
    parse = next(e for e in p.evidence if e["kind"] == "parse")
    assert p.exc_type == "KeyError" and parse["exc_from"] == "term_out"
    assert parse["missing"] == ["exc_type", "submission"] and p.submission is None


def test_an_answer_with_nothing_parsable_reports_every_field_missing() -> None:
    with ScriptedServer([(200, chat_body("I cannot tell."), 0)]) as server:
        (p,) = model(server.url).predict_batch([QUERY])
    parse = next(e for e in p.evidence if e["kind"] == "parse")
    assert parse["missing"] == ["exc_type", "term_out", "metric", "submission"]
    assert p.exc_type == "Other" and p.exc_probs is None and p.term_out == ""


@pytest.mark.parametrize("status", [429, 500, 503])
def test_retryable_statuses_are_retried(status: int) -> None:
    replies = [(status, {"error": {"message": "busy"}}, 0), (200, chat_body(ANSWER), 0)]
    with ScriptedServer(replies) as server:
        (p,) = model(server.url).predict_batch([QUERY])
        assert len(server.requests) == 2
    assert p.exc_type == "KeyError"
    assert next(e for e in p.evidence if e["kind"] == "endpoint")["retries"] == 1


def test_timeouts_end_in_one_clear_line() -> None:
    with (
        ScriptedServer([(200, chat_body(ANSWER), 3)] * 2) as server,
        pytest.raises(MleWorldError, match="did not answer within the 0.5 s timeout"),
    ):
        model(server.url, timeout=0.5, max_retries=1).predict_batch([QUERY])


def test_malformed_replies_end_in_one_clear_line() -> None:
    with (
        ScriptedServer([(200, b"<html>not json</html>", 0)]) as server,
        pytest.raises(MleWorldError, match="OpenAI"),
    ):
        model(server.url, max_retries=0).predict_batch([QUERY])
    with (
        ScriptedServer([(200, {"id": "x", "choices": []}, 0)]) as server,
        pytest.raises(MleWorldError, match="no choices"),
    ):
        model(server.url, max_retries=0).predict_batch([QUERY])


def test_a_batch_is_answered_in_order_concurrently() -> None:
    answers = [ANSWER.replace("KeyError", name) for name in ("TypeError", "NameError", "KeyError")]
    with ScriptedServer([(200, chat_body(a), 0) for a in answers]) as server:
        predictions = model(server.url, concurrency=1).predict_batch([QUERY] * 3)
    assert [p.exc_type for p in predictions] == ["TypeError", "NameError", "KeyError"]


def test_spec_needs_a_model_name() -> None:
    with pytest.raises(MleWorldError, match="#MODEL"):
        get_world_model("openai:http://127.0.0.1:9/v1")
