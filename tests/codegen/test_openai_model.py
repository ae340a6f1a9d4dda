"""OpenAICodeModel and the LLM review against a real OpenAI-compatible server on loopback."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.codegen.openai_model import PLACEHOLDER_API_KEY, OpenAICodeModel, is_local_url
from mleworld.codegen.prompts import SYSTEM_MESSAGE
from mleworld.codegen.response import ModelResponseError
from mleworld.codegen.review import ReviewResult, parse_review, review_output
from mleworld.errors import ConfigError, MleWorldError
from mleworld.tasks.task import Task, load_task

if TYPE_CHECKING:  # the fixture's class; conftest modules are not importable by name
    from conftest import FakeLLMServer

PROGRAM = 'import numpy as np\nprint("Validation accuracy:", np.mean([0.8, 0.9]))'
ANSWER = f"Average two folds.\n\n```python\n{PROGRAM}\n```\n"


@pytest.fixture(autouse=True)
def _no_ambient_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def make_model(url: str, **opts: object) -> OpenAICodeModel:
    settings: dict[str, object] = {"timeout": 5, "max_retries": 3, "backoff_s": 0.01}
    settings.update(opts)
    return OpenAICodeModel("test-model", base_url=url, **settings)  # type: ignore[arg-type]


def request(prompt: str = "Write a solution.") -> CodeRequest:
    return CodeRequest(stage="draft", prompt=prompt)


def test_completion_gives_plan_code_and_usage(llm_server: FakeLLMServer) -> None:
    llm_server.reply(ANSWER)
    model = make_model(llm_server.base_url, temperature=0.3, max_tokens=512)
    assert isinstance(model, CodeModel)
    generation = model.generate(request("PROMPT TEXT"))
    assert generation.plan == "Average two folds."
    assert generation.code == PROGRAM
    assert generation.raw == ANSWER
    assert generation.meta["prompt_tokens"] == 100
    assert generation.meta["completion_tokens"] == 20
    assert generation.meta["requests"] == 1 and generation.meta["reasks"] == 0
    assert generation.meta["latency_s"] >= 0
    assert generation.meta["finish_reason"] == "stop"
    sent = llm_server.requests[0]
    assert sent["model"] == "test-model"
    assert sent["messages"] == [
        {"role": "system", "content": SYSTEM_MESSAGE},
        {"role": "user", "content": "PROMPT TEXT"},
    ]
    assert sent["temperature"] == 0.3 and sent["max_tokens"] == 512
    # A local server without a key gets the placeholder (vLLM and Ollama ignore it).
    assert llm_server.headers[0]["authorization"] == f"Bearer {PLACEHOLDER_API_KEY}"
    assert model.usage.requests == 1 and model.usage.completion_tokens == 20


def test_api_key_from_environment_is_sent(
    llm_server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    llm_server.reply(ANSWER)
    make_model(llm_server.base_url).generate(request())
    assert llm_server.headers[0]["authorization"] == "Bearer sk-from-env"


def test_temperature_none_is_not_sent_and_extra_body_is(llm_server: FakeLLMServer) -> None:
    llm_server.reply(ANSWER)
    model = make_model(
        llm_server.base_url,
        temperature=None,
        extra_body={"chat_template_kwargs": {"enable_thinking": False}},
    )
    model.generate(request())
    sent = llm_server.requests[0]
    assert "temperature" not in sent and "max_tokens" not in sent
    assert sent["chat_template_kwargs"] == {"enable_thinking": False}


def test_two_server_errors_then_success(llm_server: FakeLLMServer) -> None:
    llm_server.fail(500, times=2).reply(ANSWER)
    generation = make_model(llm_server.base_url).generate(request())
    assert generation.code == PROGRAM
    assert llm_server.hits == 3
    assert generation.meta["http_retries"] == 2


def test_rate_limit_is_retried(llm_server: FakeLLMServer) -> None:
    llm_server.fail(429, times=2, retry_after="0").reply(ANSWER)
    generation = make_model(llm_server.base_url).generate(request())
    assert generation.code == PROGRAM
    assert llm_server.hits == 3


def test_persistent_server_error_ends_in_one_line(llm_server: FakeLLMServer) -> None:
    llm_server.fail(503, times=3)
    with pytest.raises(MleWorldError) as info:
        make_model(llm_server.base_url, max_retries=2).generate(request())
    message = str(info.value)
    assert "HTTP 503" in message and "3 attempts" in message and "\n" not in message
    assert llm_server.hits == 3


def test_persistent_rate_limit_says_so(llm_server: FakeLLMServer) -> None:
    llm_server.fail(429, times=2, retry_after="0")
    with pytest.raises(MleWorldError, match="rate-limiting"):
        make_model(llm_server.base_url, max_retries=1).generate(request())


def test_missing_code_block_is_reasked_then_accepted(llm_server: FakeLLMServer) -> None:
    llm_server.reply("I would use gradient boosting.", ANSWER)
    generation = make_model(llm_server.base_url).generate(request())
    assert generation.code == PROGRAM
    assert generation.meta["reasks"] == 1 and generation.meta["requests"] == 2
    assert generation.meta["prompt_tokens"] == 200  # both requests counted
    second = llm_server.requests[1]["messages"]
    assert [m["role"] for m in second] == ["system", "user", "assistant", "user"]
    assert second[2]["content"] == "I would use gradient boosting."
    assert "no code block" in second[3]["content"] and "```python" in second[3]["content"]


def test_no_code_block_every_time_raises_after_reasks(llm_server: FakeLLMServer) -> None:
    llm_server.reply("Just prose.", "Still prose.", "Prose again.")
    with pytest.raises(ModelResponseError) as info:
        make_model(llm_server.base_url, reasks=2).generate(request())
    message = str(info.value)
    assert message.startswith("the model's response has no code block")
    assert "3 answers" in message and "\n" not in message
    assert llm_server.hits == 3


def test_code_that_never_compiles_raises_model_response_error(llm_server: FakeLLMServer) -> None:
    broken = "Plan.\n```python\nfor i in range(3)\n    print(i)\n```"
    llm_server.reply(broken, broken)
    with pytest.raises(ModelResponseError, match="does not compile: SyntaxError at line 1"):
        make_model(llm_server.base_url, reasks=1).generate(request())
    assert llm_server.hits == 2
    assert "does not compile" in llm_server.requests[1]["messages"][-1]["content"]


def test_answer_cut_at_token_limit_asks_for_a_shorter_one(llm_server: FakeLLMServer) -> None:
    cut = "Plan.\n```python\nimport numpy as np\nfor i in range(3):\n"
    llm_server.reply(cut, finish_reason="length")
    with pytest.raises(ModelResponseError, match="token limit; raise max_tokens"):
        make_model(llm_server.base_url, reasks=0).generate(request())
    llm_server.reply(cut, finish_reason="length").reply(ANSWER)
    generation = make_model(llm_server.base_url, reasks=1).generate(request())
    assert generation.code == PROGRAM
    assert "keep the reply shorter" in llm_server.requests[-1]["messages"][-1]["content"]


def test_timeout_after_retries_is_one_line(llm_server: FakeLLMServer) -> None:
    llm_server.hang(5, times=2)
    model = make_model(llm_server.base_url, timeout=0.5, max_retries=1)
    with pytest.raises(MleWorldError) as info:
        model.generate(request())
    message = str(info.value)
    assert "timeout" in message and "0.5 s" in message and "2 attempts" in message
    assert "\n" not in message
    assert llm_server.hits == 2


def test_unauthorized_is_an_auth_error_without_retries(llm_server: FakeLLMServer) -> None:
    llm_server.fail(401, times=3)
    with pytest.raises(MleWorldError) as info:
        make_model(llm_server.base_url, api_key="sk-wrong").generate(request())
    assert str(info.value) == (
        f"the endpoint at {llm_server.base_url} rejected the API key; "
        "set OPENAI_API_KEY or --api-key"
    )
    assert llm_server.hits == 1


def test_unknown_model_404_is_not_retried(llm_server: FakeLLMServer) -> None:
    llm_server.fail(404)
    with pytest.raises(MleWorldError, match="HTTP 404 for model 'test-model'.*model name"):
        make_model(llm_server.base_url).generate(request())
    assert llm_server.hits == 1


def test_connection_refused_is_a_connection_error(dead_url: str) -> None:
    model = make_model(dead_url, max_retries=1)
    with pytest.raises(MleWorldError) as info:
        model.generate(request())
    message = str(info.value)
    assert message.startswith(f"cannot reach {dead_url}")
    assert "is the server running? check --base-url" in message


def test_malformed_json_body_names_the_base_url(llm_server: FakeLLMServer) -> None:
    llm_server.malformed()
    with pytest.raises(MleWorldError, match="OpenAI chat-completion JSON.*--base-url"):
        make_model(llm_server.base_url).generate(request())


def test_complete_returns_answer_without_reasoning(llm_server: FakeLLMServer) -> None:
    llm_server.reply("<think>hmm</think>\nA is better.")
    answer = make_model(llm_server.base_url).complete("judge", "A or B?")
    assert answer == "A is better."
    assert llm_server.requests[0]["messages"][0] == {"role": "system", "content": "judge"}


def test_parallel_generations_share_one_model(llm_server: FakeLLMServer) -> None:
    llm_server.reply(*[ANSWER] * 4)
    model = make_model(llm_server.base_url)
    codes: list[str] = []
    threads = [
        threading.Thread(target=lambda: codes.append(model.generate(request()).code))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert codes == [PROGRAM] * 4
    assert model.usage.requests == 4 and model.usage.prompt_tokens == 400


def test_remote_url_without_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="no API key for https://api.openai.com/v1"):
        OpenAICodeModel("gpt-4o")
    assert OpenAICodeModel("gpt-4o", api_key="sk-x").name == "openai:gpt-4o"
    with pytest.raises(ConfigError, match="not an http"):
        OpenAICodeModel("m", base_url="localhost:8000")


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://localhost:8000/v1", True),
        ("http://127.0.0.1:11434/v1", True),
        ("http://10.1.2.3:8000/v1", True),
        ("http://gpu-node-7:8000/v1", True),
        ("https://api.openai.com/v1", False),
        ("https://8.8.8.8/v1", False),
    ],
)
def test_is_local_url(url: str, local: bool) -> None:
    assert is_local_url(url) is local


# The review call (AIDE's feedback) ---------------------------------------------


@pytest.fixture
def task(tmp_path: Path) -> Task:
    root = tmp_path / "houses"
    Task(path=root, id="houses", metric="rmse", id_column="Id", target_columns=("Price",)).save()
    (root / "description.md").write_text("Predict house prices.\n", encoding="utf-8")
    return load_task(root)


def test_review_over_http_reads_the_json_verdict(llm_server: FakeLLMServer, task: Task) -> None:
    llm_server.reply(
        'Here you go:\n```json\n{"is_bug": false, "metric": 0.1234, '
        '"summary": "Ridge regression;\\n validation RMSE 0.1234."}\n```'
    )
    result = review_output(
        make_model(llm_server.base_url), task, PROGRAM, "Validation rmse: 0.1234\n"
    )
    assert result == ReviewResult(
        is_bug=False, metric=0.1234, summary="Ridge regression; validation RMSE 0.1234."
    )
    user = llm_server.requests[0]["messages"][1]["content"]
    assert "Predict house prices." in user and PROGRAM in user
    assert "Validation rmse: 0.1234" in user and "lower is better" in user


def test_review_malformed_reply_is_model_response_error(
    llm_server: FakeLLMServer, task: Task
) -> None:
    llm_server.reply("The run looks fine to me.")
    with pytest.raises(ModelResponseError, match="review cannot be read: it holds no JSON"):
        review_output(make_model(llm_server.base_url), task, PROGRAM, "ok")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"is_bug": true, "metric": 0.5, "summary": "KeyError"}', (True, None, "KeyError")),
        ('{"is_bug": "false", "metric": "0.75", "summary": "ok"}', (False, 0.75, "ok")),
        ('<think>{"is_bug": true}</think> {"is_bug": false, "metric": null}', (False, None, "")),
        ('Verdict: {"is_bug": false, "metric": NaN, "summary": "s"} done', (False, None, "s")),
        ('{"note": 1} then {"is_bug": 0, "metric": 2, "summary": "x"}', (False, 2.0, "x")),
    ],
)
def test_parse_review_variants(text: str, expected: tuple[bool, float | None, str]) -> None:
    result = parse_review(text)
    assert (result.is_bug, result.metric, result.summary) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"metric": 0.5}', "lacks is_bug"),
        ('{"is_bug": "maybe", "metric": 1}', "not true or false"),
        ('{"is_bug": false, "metric": "high"}', "not a number or null"),
    ],
)
def test_parse_review_rejects_unusable_json(text: str, problem: str) -> None:
    with pytest.raises(ModelResponseError, match=problem):
        parse_review(text)
