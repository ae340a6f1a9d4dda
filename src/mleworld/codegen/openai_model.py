"""A code model behind any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, SGLang, ...).

Owns the HTTP side: the API key rule (a placeholder for local servers), retries
with exponential backoff on 429/5xx/connection errors/timeouts, one-line errors
for what a user can fix (key, URL, model name), re-asking when an answer holds
no compilable program, and token/latency accounting. Prompts come from
prompts.py and answers are read by response.py; this module writes neither.
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
import os
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from mleworld.codegen.base import CodeRequest, Generation
from mleworld.codegen.prompts import SYSTEM_MESSAGE, reask_message
from mleworld.codegen.response import ModelResponseError, extract_code, strip_reasoning
from mleworld.errors import ConfigError, MleWorldError

if TYPE_CHECKING:
    import openai

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# vLLM, Ollama and llama.cpp ignore the key, but the client insists on one.
PLACEHOLDER_API_KEY = "EMPTY"
RETRYABLE_STATUS = frozenset({408, 409, 429}) | frozenset(range(500, 600))


def is_local_url(url: str) -> bool:
    """True for servers on this machine or a private network (no key expected).

    Loopback and private addresses, `localhost`, `*.local`, and single-label host
    names (a cluster node such as `gpu-07`) count as local.
    """
    host = (urlparse(url).hostname or "").lower()
    if not host:
        return False
    if host == "localhost" or host.endswith(".local") or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return "." not in host
    return address.is_loopback or address.is_private or address.is_link_local


def _one_line(text: Any, limit: int = 240) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _token_count(value: Any) -> int:
    """A usage count as the server sent it; anything but a count (a server's bug) reads as 0."""
    if isinstance(value, int) and not isinstance(value, bool):
        return max(value, 0)
    if isinstance(value, float) and math.isfinite(value):
        return max(int(value), 0)
    return 0


@dataclass
class ChatReply:
    """One answer of the endpoint; `tool_calls` holds {"id", "name", "arguments"} per call."""

    text: str
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    retries: int
    tool_calls: list[dict[str, str]] = field(default_factory=list)


def _tool_calls(message: Any) -> list[dict[str, str]]:
    """The calls of an answer as plain strings; a call the server sent without a function
    name or with non-text arguments keeps what can be read (the harness reports the rest)."""
    calls: list[dict[str, str]] = []
    for index, call in enumerate(getattr(message, "tool_calls", None) or []):
        function = getattr(call, "function", None)
        name = getattr(function, "name", None)
        arguments = getattr(function, "arguments", None)
        calls.append(
            {
                "id": str(getattr(call, "id", None) or f"call_{index}"),
                "name": name if isinstance(name, str) else "",
                "arguments": arguments if isinstance(arguments, str) else "",
            }
        )
    return calls


@dataclass
class Usage:
    """Running totals over every request a model object made."""

    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0
    retries: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, reply: ChatReply) -> None:
        with self._lock:
            self.requests += 1
            self.prompt_tokens += reply.prompt_tokens
            self.completion_tokens += reply.completion_tokens
            self.latency_s += reply.latency_s
            self.retries += reply.retries

    def to_dict(self) -> dict[str, Any]:
        return {
            "requests": self.requests,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "latency_s": round(self.latency_s, 4),
            "retries": self.retries,
        }


class OpenAICodeModel:
    """CodeModel over an OpenAI-compatible /v1/chat/completions endpoint.

    `max_retries` counts retries after the first attempt of each request; the
    wait before retry k is `backoff_s * 2**(k-1)` (capped at `backoff_max_s`, or
    the server's Retry-After when it sends one and that is shorter than the cap).
    `reasks` bounds how often `generate` asks again after an answer without a
    compilable program. `temperature=None` leaves the server default (some
    reasoning models accept no other). `extra_body` is merged into each request
    (e.g. vLLM's `{"chat_template_kwargs": {"enable_thinking": False}}`).
    """

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 120,
        max_retries: int = 3,
        temperature: float | None = 0.7,
        max_tokens: int | None = None,
        *,
        reasks: int = 2,
        backoff_s: float = 1.0,
        backoff_max_s: float = 30.0,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        if not model:
            raise ConfigError("no model name given; use a spec like openai:gpt-4o")
        if timeout <= 0 or max_retries < 0 or reasks < 0 or backoff_s < 0:
            raise ConfigError(
                "timeout must be > 0 and max_retries, reasks, backoff_s >= 0; fix the options"
            )
        self.model = model
        self.name = f"openai:{model}"
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip(
            "/"
        )
        if not urlparse(self.base_url).scheme.startswith("http"):
            raise ConfigError(
                f"base URL {self.base_url!r} is not an http(s) URL; pass e.g. "
                "--base-url http://localhost:8000/v1"
            )
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if not is_local_url(self.base_url):
                raise ConfigError(
                    f"no API key for {self.base_url}; set OPENAI_API_KEY or --api-key"
                )
            key = PLACEHOLDER_API_KEY
        self._api_key = key
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.reasks = int(reasks)
        self.backoff_s = float(backoff_s)
        self.backoff_max_s = float(backoff_max_s)
        self.extra_body = dict(extra_body or {})
        self.usage = Usage()
        self._client: openai.OpenAI | None = None
        self._client_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"OpenAICodeModel(model={self.model!r}, base_url={self.base_url!r})"

    # The CodeModel protocol ----------------------------------------------------
    def generate(self, request: CodeRequest) -> Generation:
        """Ask for a plan and a program; re-ask up to `reasks` times if unusable.

        Raises ModelResponseError when every answer lacks a compilable program,
        MleWorldError when the endpoint itself fails (key, URL, timeouts).
        """
        system = str(request.extra.get("system") or SYSTEM_MESSAGE)
        messages: list[dict[str, str]] = [
            {"role": "system", "content": system},
            {"role": "user", "content": request.prompt},
        ]
        replies: list[ChatReply] = []
        problem = ""
        for _ in range(self.reasks + 1):
            reply = self._chat(messages)
            replies.append(reply)
            try:
                plan, code = extract_code(reply.text)
            except ModelResponseError as exc:
                problem = str(exc)
                cut = reply.finish_reason == "length"
                messages.append({"role": "assistant", "content": reply.text})
                messages.append({"role": "user", "content": reask_message(problem, cut=cut)})
                if cut:
                    problem += " (the answer was cut at the token limit; raise max_tokens)"
                continue
            return Generation(plan=plan, code=code, raw=reply.text, meta=self._meta(replies))
        raise ModelResponseError(f"{problem} (after {len(replies)} answers from {self.name})")

    def complete(self, system: str, user: str) -> str:
        """One free-form answer, with any `<think>` section removed."""
        reply = self._chat(
            [{"role": "system", "content": system}, {"role": "user", "content": user}]
        )
        return strip_reasoning(reply.text).strip()

    def chat(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
    ) -> ChatReply:
        """One answer to a whole conversation, offering `tools` (OpenAI tool-calling format);
        the same retries and one-line errors as `generate`. The harness drives its turns here."""
        return self._chat(messages, tools=tools)

    # HTTP ----------------------------------------------------------------------
    def _meta(self, replies: list[ChatReply]) -> dict[str, Any]:
        return {
            "backend": "openai",
            "model": self.model,
            "base_url": self.base_url,
            "requests": len(replies),
            "reasks": len(replies) - 1,
            "http_retries": sum(r.retries for r in replies),
            "prompt_tokens": sum(r.prompt_tokens for r in replies),
            "completion_tokens": sum(r.completion_tokens for r in replies),
            "latency_s": round(sum(r.latency_s for r in replies), 4),
            "finish_reason": replies[-1].finish_reason,
        }

    def _get_client(self) -> openai.OpenAI:
        with self._client_lock:
            if self._client is None:
                import openai

                # Retries are ours (see _chat), so that every failure ends in one clear line.
                self._client = openai.OpenAI(
                    base_url=self.base_url,
                    api_key=self._api_key,
                    timeout=self.timeout,
                    max_retries=0,
                )
            return self._client

    def _request_args(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        args: dict[str, Any] = {"model": self.model, "messages": messages}
        if tools:
            args["tools"] = tools
        if self.temperature is not None:
            args["temperature"] = self.temperature
        if self.max_tokens:
            args["max_tokens"] = self.max_tokens
        if self.extra_body:
            args["extra_body"] = self.extra_body
        return args

    def _delay(self, retry: int, error: Exception | None) -> float:
        delay = min(self.backoff_max_s, self.backoff_s * 2 ** (retry - 1))
        response = getattr(error, "response", None)
        hint = response.headers.get("retry-after") if response is not None else None
        if hint is not None:
            # An HTTP-date hint is left unparsed: the computed backoff is good enough.
            with contextlib.suppress(ValueError):
                delay = min(self.backoff_max_s, max(0.0, float(hint)))
        return delay

    def _chat(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
    ) -> ChatReply:
        import openai

        client = self._get_client()
        args = self._request_args(messages, tools)
        last: Exception | None = None
        for attempt in range(self.max_retries + 1):
            if attempt:
                time.sleep(self._delay(attempt, last))
            started = time.perf_counter()
            try:
                response = client.chat.completions.create(**args)
            except openai.AuthenticationError:
                raise MleWorldError(
                    f"the endpoint at {self.base_url} rejected the API key; "
                    "set OPENAI_API_KEY or --api-key"
                ) from None
            except openai.PermissionDeniedError as exc:
                raise MleWorldError(
                    f"the endpoint at {self.base_url} denied access to model {self.model!r} "
                    f"(HTTP 403: {self._server_message(exc)}); check the key's permissions"
                ) from None
            except (openai.APIConnectionError, openai.RateLimitError) as exc:
                last = exc  # includes APITimeoutError
                continue
            except openai.APIStatusError as exc:
                if exc.status_code in RETRYABLE_STATUS:
                    last = exc
                    continue
                raise MleWorldError(self._status_message(exc)) from None
            except (ValueError, openai.APIResponseValidationError) as exc:
                raise MleWorldError(
                    f"the endpoint at {self.base_url} did not answer with OpenAI chat-completion "
                    f"JSON ({_one_line(exc, 80)}); check that --base-url points at an "
                    "OpenAI-compatible /v1 API"
                ) from None
            latency = time.perf_counter() - started
            reply = self._read(response, latency, retries=attempt)
            self.usage.add(reply)
            return reply
        raise self._exhausted(last)

    def _read(self, response: Any, latency: float, retries: int) -> ChatReply:
        choices = getattr(response, "choices", None)
        if not isinstance(choices, list) or not choices:
            raise MleWorldError(
                f"the endpoint at {self.base_url} returned no choices for model "
                f"{self.model!r}; check that --base-url points at an OpenAI-compatible /v1 API"
            )
        choice = choices[0]
        message = getattr(choice, "message", None)
        text = getattr(message, "content", None) or ""
        if not isinstance(text, str):
            raise MleWorldError(
                f"the endpoint at {self.base_url} answered with a message content that is not "
                f"text ({type(text).__name__}); check that --base-url points at an "
                "OpenAI-compatible /v1 API"
            )
        usage = getattr(response, "usage", None)
        finish = getattr(choice, "finish_reason", None)
        return ChatReply(
            text=text,
            finish_reason=finish if isinstance(finish, str) else None,
            prompt_tokens=_token_count(getattr(usage, "prompt_tokens", 0)),
            completion_tokens=_token_count(getattr(usage, "completion_tokens", 0)),
            latency_s=latency,
            retries=retries,
            tool_calls=_tool_calls(message),
        )

    @staticmethod
    def _server_message(exc: Any) -> str:
        body = getattr(exc, "body", None)
        if isinstance(body, dict):
            inner = body.get("error", body)
            message = inner.get("message") if isinstance(inner, dict) else inner
            if message:
                return _one_line(message, 160)
        return _one_line(getattr(exc, "message", exc), 160)

    def _status_message(self, exc: Any) -> str:
        status = exc.status_code
        detail = self._server_message(exc)
        if status == 404:
            fix = "check the model name and --base-url (it usually ends in /v1)"
        elif status in (400, 413, 422):
            fix = "check the request options (prompt length, --max-tokens, temperature)"
        else:
            fix = "check --base-url and the model name"
        return (
            f"the endpoint at {self.base_url} answered HTTP {status} for model "
            f"{self.model!r}: {detail}; {fix}"
        )

    def _exhausted(self, error: Exception | None) -> MleWorldError:
        import openai

        attempts = self.max_retries + 1
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        if isinstance(error, openai.APITimeoutError):
            return MleWorldError(
                f"the endpoint at {self.base_url} did not answer within the {self.timeout:g} s "
                f"timeout ({tries}); raise --timeout or check that the server is not overloaded"
            )
        if isinstance(error, openai.APIConnectionError):
            return MleWorldError(
                f"cannot reach {self.base_url} ({tries}); is the server running? check --base-url"
            )
        if isinstance(error, openai.RateLimitError):
            return MleWorldError(
                f"the endpoint at {self.base_url} kept rate-limiting (HTTP 429) after {tries}; "
                "lower the number of parallel requests or raise --max-retries"
            )
        status = getattr(error, "status_code", "error")
        return MleWorldError(
            f"the endpoint at {self.base_url} kept failing (HTTP {status}: "
            f"{self._server_message(error)}) after {tries}; check the server's log"
        )
