"""get_code_model specs, lazy backend loading, and the scripted replay model."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.codegen.registry import (
    BACKENDS,
    Backend,
    get_code_model,
    known_code_models,
)
from mleworld.codegen.response import ModelResponseError
from mleworld.codegen.scripted import ScriptedCodeModel, load_responses
from mleworld.errors import ConfigError, MleWorldError

if TYPE_CHECKING:  # the fixture's class; conftest modules are not importable by name
    from conftest import FakeLLMServer

FIRST = (
    "Baseline with the mean.\n```python\nimport pandas as pd\nprint('Validation rmse: 1.0')\n```"
)
SECOND = "Use a median.\n```py\nimport numpy as np\nprint('Validation rmse: 0.9')\n```"


def request(stage: str = "draft") -> CodeRequest:
    return CodeRequest(stage=stage, prompt=f"{stage} prompt")


def test_unknown_spec_lists_known_names() -> None:
    with pytest.raises(ConfigError) as info:
        get_code_model("gpt-4o")
    assert str(info.value) == (
        "unknown code model 'gpt-4o'; known: builtin, openai:MODEL, scripted:PATH"
    )
    assert known_code_models() == ["builtin", "openai:MODEL", "scripted:PATH"]


def test_spec_argument_rules() -> None:
    with pytest.raises(ConfigError, match="needs a MODEL; write openai:MODEL"):
        get_code_model("openai:")
    with pytest.raises(ConfigError, match="needs a PATH"):
        get_code_model("scripted")
    with pytest.raises(ConfigError, match="'builtin' takes no argument"):
        get_code_model("builtin:fast")


def test_option_typos_are_rejected_with_the_known_names() -> None:
    with pytest.raises(ConfigError, match=r"unknown code model option\(s\) temprature; known: "):
        get_code_model("openai:m", base_url="http://127.0.0.1:9/v1", temprature=0.2)


def test_openai_spec_builds_a_working_client(
    llm_server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    llm_server.reply(FIRST)
    model = get_code_model(
        "openai:qwen2.5-coder:7b",  # Ollama tags hold a colon: only the first one splits
        base_url=llm_server.base_url,
        max_retries=0,
        temperature=0.2,
        timeout=None,  # None means "the backend's default"
        seed=7,  # read by builtin only; ignored here
        cycle=True,  # read by scripted only; ignored here
    )
    assert isinstance(model, CodeModel)
    assert model.name == "openai:qwen2.5-coder:7b"
    generation = model.generate(request())
    assert generation.plan == "Baseline with the mean."
    assert llm_server.requests[0]["model"] == "qwen2.5-coder:7b"
    assert llm_server.requests[0]["temperature"] == 0.2


def test_backends_are_imported_lazily() -> None:
    code = (
        "import sys, mleworld.codegen.registry as r\n"
        "print(sorted(m for m in ('openai', 'mleworld.codegen.openai_model',"
        " 'mleworld.codegen.builtin') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_a_broken_backend_entry_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BACKENDS, "ghost", Backend("ghost", "mleworld.no_such_mod:X", None, ()))
    with pytest.raises(MleWorldError, match="backend 'ghost' cannot be imported"):
        get_code_model("ghost")
    monkeypatch.setitem(BACKENDS, "ghost", Backend("ghost", "mleworld.errors:Nope", None, ()))
    with pytest.raises(MleWorldError, match="has no Nope"):
        get_code_model("ghost")


def _has_builtin() -> bool:
    try:
        module = importlib.import_module("mleworld.codegen.builtin")
    except ImportError:
        return False
    return hasattr(module, "BuiltinCodeModel")


@pytest.mark.skipif(not _has_builtin(), reason="the builtin writer is not in this checkout yet")
def test_builtin_spec_passes_seed_and_defect_rate() -> None:
    model = get_code_model("builtin", seed=3, defect_rate=0.25, base_url=None)
    assert type(model).__name__ == "BuiltinCodeModel"
    assert isinstance(model, CodeModel)


# The scripted model ------------------------------------------------------------


def test_scripted_jsonl_replays_in_order_and_records_requests(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text(json.dumps(FIRST) + "\n\n" + json.dumps({"response": SECOND}) + "\n")
    model = get_code_model(f"scripted:{path}")
    assert model.name == f"scripted:{path}"
    first = model.generate(request("draft"))
    second = model.generate(request("improve"))
    assert (first.plan, second.plan) == ("Baseline with the mean.", "Use a median.")
    assert second.code == "import numpy as np\nprint('Validation rmse: 0.9')"
    assert second.meta == {"backend": "scripted", "index": 1}
    assert isinstance(model, ScriptedCodeModel)
    assert [r.stage for r in model.requests] == ["draft", "improve"]
    with pytest.raises(MleWorldError, match="used all 2 responses in .*answers.jsonl"):
        model.generate(request())


def test_scripted_cycle_starts_over(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"responses": [FIRST, SECOND]}))
    model = get_code_model(f"scripted:{path}", cycle=True)
    plans = [model.generate(request()).plan for _ in range(5)]
    assert plans == ["Baseline with the mean.", "Use a median."] * 2 + ["Baseline with the mean."]


def test_scripted_bad_answer_goes_through_extract_code() -> None:
    model = ScriptedCodeModel(["no code here", "```python\nprint(\n```"])
    with pytest.raises(ModelResponseError, match="no code block .scripted response 0"):
        model.generate(request())
    with pytest.raises(ModelResponseError, match="does not compile: SyntaxError"):
        model.generate(request())


def test_scripted_complete_draws_from_the_same_sequence() -> None:
    model = ScriptedCodeModel(['{"is_bug": false}', FIRST])
    assert model.complete("sys", "user") == '{"is_bug": false}'
    assert model.generate(request()).plan == "Baseline with the mean."


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("a.jsonl", '"ok"\n{not json\n', "line 2 is not valid JSON"),
        ("a.json", "[1, 2]", "item 0 is neither a string"),
        ("a.json", '{"answers": []}', "must hold a list of answers"),
        ("a.json", "[]", "holds no answers"),
    ],
)
def test_scripted_file_errors_are_one_line(
    tmp_path: Path, name: str, content: str, problem: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(ConfigError, match=problem) as info:
        load_responses(path)
    assert "\n" not in str(info.value)


def test_scripted_missing_file() -> None:
    with pytest.raises(ConfigError, match="does not exist; pass a .json or .jsonl file"):
        get_code_model("scripted:/nonexistent/answers.jsonl")
