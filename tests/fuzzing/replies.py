"""Code-model replies: the answer text (codegen/response.py, codegen/review.py) and what an
OpenAI-compatible server sends back (codegen/openai_model.py).

Inputs: random text; answers built of prose, fences of every kind (backticks,
tildes, longer closers, unclosed, language tags), `<think>` sections opened
and closed in any number, programs that compile, that do not, that nest
thousands deep or hold NUL bytes; review verdicts as JSON with values of
every type (huge integers, nan, nested lists); HTTP bodies with the
chat-completion shape and wrong types in every field, or no JSON at all.

A correct result: `extract_code` gives a plan and a program that compiles;
`parse_review` gives a bool, a finite metric or None, a one-line summary;
`OpenAICodeModel.generate` gives a Generation whose code compiles. Otherwise
one clear error line (ModelResponseError or MleWorldError).
"""

from __future__ import annotations

import contextlib
import json
import math
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from hypothesis import strategies as st

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.openai_model import OpenAICodeModel
from mleworld.codegen.response import extract_code, syntax_problem
from mleworld.codegen.review import ReviewResult, parse_review

from .garble import ANY_TEXT, NESTED, deep_nesting
from .harness import Target

PROGRAM = "import numpy as np\nprint('Validation accuracy:', np.mean([0.8, 0.9]))"
_PROSE = st.text(st.sampled_from("abcdefghij klmnop.,\n#*-`~<>/"), max_size=120)
_FENCES = st.sampled_from(
    ["```", "````", "~~~", "``", "```python", "```py", "~~~python3", "```json"]
)


@st.composite
def _code(draw: st.DrawFn) -> str:
    kind = draw(
        st.sampled_from(["program", "broken", "nested", "deep_unary", "long_sum", "nul", "text"])
    )
    if kind == "program":
        return PROGRAM + draw(st.sampled_from(["", "\n", "\nprint('done')"]))
    if kind == "broken":
        return PROGRAM + "\nif x\n    pass"
    if kind == "nested":
        return "import os\nx = " + draw(deep_nesting("(", ")"))
    if kind == "deep_unary":
        return (
            "import os\nx = "
            + draw(st.sampled_from(["-", "not ", "~", "+"])) * draw(st.integers(100, 50_000))
            + "1"
        )
    if kind == "long_sum":
        return "import os\nx = " + "1+" * draw(st.integers(100, 50_000)) + "1"
    if kind == "nul":
        return PROGRAM + "\n# \x00"
    return draw(ANY_TEXT)


@st.composite
def answers(draw: st.DrawFn) -> str:
    """A model's answer: prose, fenced blocks, reasoning sections, in any order."""
    parts: list[str] = []
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(["prose", "block", "unclosed", "think", "open_think", "close"]))
        if kind == "prose":
            parts.append(draw(_PROSE))
        elif kind in ("block", "unclosed"):
            fence = draw(_FENCES)
            close = fence.rstrip("pythonjs3") * draw(st.integers(1, 2)) if kind == "block" else ""
            parts.append(f"{fence}\n{draw(_code())}\n{close}")
        elif kind == "think":
            parts.append(f"<think>{draw(_PROSE)}</think>")
        elif kind == "open_think":
            parts.append("<think>" * draw(st.integers(1, 3_000)))
        else:
            parts.append("</think>" * draw(st.integers(1, 3)))
    return "\n".join(parts)


TEXTS = st.one_of(answers(), ANY_TEXT, st.just(PROGRAM), _code())


def check_extract(text: str, _env: object = None) -> None:
    plan, code = extract_code(text)
    assert isinstance(plan, str) and isinstance(code, str) and code.strip()
    assert syntax_problem(code) is None, syntax_problem(code)


def _field(draw: st.DrawFn, good: Any) -> Any:
    """The field's proper value most of the time, any JSON value otherwise."""
    return good if draw(st.integers(0, 3)) else draw(NESTED)


_VERDICT_VALUES = st.one_of(
    NESTED,
    st.integers(min_value=-(10**400), max_value=10**400),
    st.sampled_from(["true", "false", "yes", "null", "NaN", "Infinity", "1e999", "0.5"]),
)


@st.composite
def reviews(draw: st.DrawFn) -> str:
    """A review verdict: a JSON object (keys and values of any type), wrapped any way."""
    obj: dict[str, Any] = {
        "is_bug": _field(draw, draw(st.booleans())),
        "metric": _field(draw, draw(st.one_of(st.none(), st.floats(-10, 10)))),
        "summary": _field(draw, draw(_PROSE)),
    }
    for key in draw(
        st.lists(st.sampled_from(["is_bug", "metric", "summary", "other"]), max_size=3)
    ):
        if draw(st.booleans()):
            obj.pop(key, None)
        else:
            obj[key] = draw(_VERDICT_VALUES)
    text = json.dumps(obj)
    how = draw(st.sampled_from(["bare", "fenced", "prose", "think", "deep", "huge_int", "noise"]))
    if how == "fenced":
        return f"Here it is:\n```json\n{text}\n```"
    if how == "prose":
        return f"{draw(_PROSE)} {text} {draw(_PROSE)}"
    if how == "think":
        return f"<think>{draw(_PROSE)}</think>{text}"
    if how == "deep":
        opener = draw(st.sampled_from(["[", '{"a":', '{"is_bug": false, "metric": [']))
        return opener * draw(st.integers(500, 20_000))
    if how == "huge_int":
        digits = draw(st.integers(300, 6000))
        return '{"is_bug": false, "metric": 1' + "0" * digits + ', "summary": "ok"}'
    if how == "noise":
        return draw(ANY_TEXT)
    return text


def check_review(text: str, _env: object = None) -> None:
    result = parse_review(text)
    assert isinstance(result, ReviewResult)
    assert isinstance(result.is_bug, bool)
    assert result.metric is None or (
        isinstance(result.metric, float) and math.isfinite(result.metric)
    )
    assert isinstance(result.summary, str) and "\n" not in result.summary
    if result.is_bug:
        assert result.metric is None


# --- what an OpenAI-compatible server answers -----------------------------------------


@dataclass(frozen=True)
class Reply:
    """One HTTP answer of the server: status, content type and body bytes."""

    status: int
    content_type: str
    body: bytes


@st.composite
def replies(draw: st.DrawFn) -> Reply:
    content = draw(st.one_of(answers(), st.just(f"```python\n{PROGRAM}\n```")))
    message = {"role": "assistant", "content": _field(draw, content)}
    choice = {
        "index": 0,
        "message": _field(draw, message),
        "finish_reason": _field(draw, draw(st.sampled_from(["stop", "length"]))),
    }
    usage = {
        "prompt_tokens": _field(draw, 100),
        "completion_tokens": _field(draw, 20),
        "total_tokens": 120,
    }
    body: Any = {
        "id": "chatcmpl-fuzz",
        "object": "chat.completion",
        "created": 0,
        "model": "fuzz-model",
        "choices": _field(draw, [choice]),
        "usage": _field(draw, usage),
    }
    for key in draw(st.lists(st.sampled_from(sorted(body)), max_size=2)):
        body.pop(key, None)
    how = draw(st.sampled_from(["json", "json", "json", "bytes", "not_object", "status"]))
    status = 200
    if how == "bytes":
        data = draw(st.binary(max_size=200))
    elif how == "not_object":
        data = json.dumps(draw(NESTED)).encode()
    else:
        data = json.dumps(body).encode()
    if how == "status":
        status = draw(st.sampled_from([200, 201, 204, 400, 401, 403, 404, 413, 422, 500, 503]))
    content_type = draw(st.sampled_from(["application/json", "text/plain", "text/html"]))
    return Reply(status, content_type, data)


class ReplyServer:
    """A loopback HTTP server that answers every request with the reply set last."""

    def __init__(self) -> None:
        self.reply = Reply(200, "application/json", b"{}")
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                self.rfile.read(length)
                reply = server.reply
                self.send_response(reply.status)
                self.send_header("content-type", reply.content_type)
                self.send_header("content-length", str(len(reply.body)))
                self.end_headers()
                if reply.status != 204:
                    self.wfile.write(reply.body)

            def log_message(self, *args: Any) -> None:  # quiet
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        self.model = OpenAICodeModel(
            "fuzz-model", base_url=self.base_url, timeout=10, max_retries=0, reasks=0
        )

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@contextlib.contextmanager
def reply_server() -> Iterator[ReplyServer]:
    server = ReplyServer()
    try:
        yield server
    finally:
        server.close()


def check_reply(reply: Reply, server: ReplyServer) -> None:
    server.reply = reply
    generation = server.model.generate(CodeRequest(stage="draft", prompt="Write a solution."))
    assert syntax_problem(generation.code) is None
    assert isinstance(generation.plan, str)
    assert json.dumps(generation.meta)


EXTRACT = Target("code_reply", "codegen.response.extract_code", TEXTS, check_extract)
REVIEW = Target(
    "review_reply", "codegen.review.parse_review", st.one_of(reviews(), TEXTS), check_review
)
SERVER = Target(
    "openai_server_reply", "codegen.openai_model.OpenAICodeModel.generate", replies(), check_reply
)
