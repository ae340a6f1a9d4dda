"""`openai:BASE_URL#MODEL`: the same predictions from any OpenAI-compatible chat server.

Point it at vLLM or SGLang serving a fine-tuned MLE-World checkpoint (or at
`mleworld serve --world-model hf:PATH`): each program is one chat completion,
greedy, with the first token's top logprobs; their EXC entries, renormalised,
are the outcome distribution (decode.probs_from_top_logprobs). A prompted
general model has no EXC tokens and often no logprobs: it writes `EXC_…` as
text, the class is parsed from the answer, and the confidence is missing, so
the gate runs the program (paper section 5.2). That is also the paper's
prompted baseline, which `wm eval` scores like any backend.

The HTTP side (API key rule, retries with backoff on 429/5xx/timeouts, one
clear line per failure) is codegen.openai_model's, reused, not copied.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields
from typing import Any

from mleworld.codegen.openai_model import ChatReply, OpenAICodeModel
from mleworld.errors import MleWorldError
from mleworld.world.format import render_messages
from mleworld.world.llm.decode import build_prediction, probs_from_top_logprobs
from mleworld.world.prediction import Prediction, Query
from mleworld.world.vocab import Vocab

DEFAULT_TOP_LOGPROBS = 20  # OpenAI's and vLLM's default cap (vLLM: raise with --max-logprobs)
DEFAULT_MAX_TOKENS = 2048


def parse_spec(spec: str) -> tuple[str, str]:
    """`BASE_URL#MODEL` -> (base URL, model name)."""
    base_url, sep, model = spec.rpartition("#")
    if not sep or not base_url or not model:
        raise MleWorldError(
            f"world model openai:{spec} needs the model name after '#': "
            "openai:http://127.0.0.1:8000/v1#MODEL"
        )
    return base_url, model


@dataclass
class _LogprobReply(ChatReply):
    """A chat reply plus the first generated token's top logprobs (None: the server sent none)."""

    first_top: list[tuple[str, float]] | None = None


class _Endpoint(OpenAICodeModel):
    """OpenAICodeModel's client, asking for logprobs and keeping them."""

    def __init__(self, *args: Any, top_logprobs: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.top_logprobs = top_logprobs

    def _request_args(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        args = super()._request_args(messages, tools)
        if self.top_logprobs:
            args["logprobs"] = True
            args["top_logprobs"] = self.top_logprobs
        return args

    def _read(self, response: Any, latency: float, retries: int) -> ChatReply:
        reply = super()._read(response, latency, retries)
        copied = {f.name: getattr(reply, f.name) for f in fields(ChatReply)}
        return _LogprobReply(**copied, first_top=_first_top(response))

    def ask(self, messages: list[dict[str, str]]) -> _LogprobReply:
        reply = self._chat(messages)
        assert isinstance(reply, _LogprobReply)
        return reply


def _first_top(response: Any) -> list[tuple[str, float]] | None:
    """The first content token's top logprobs, tolerating servers that send them oddly or not at all."""
    try:
        content = response.choices[0].logprobs.content
    except (AttributeError, IndexError, TypeError):
        return None
    if not content:
        return None
    first = content[0]
    top = getattr(first, "top_logprobs", None) or []
    pairs = []
    for entry in top:
        token, logprob = getattr(entry, "token", None), getattr(entry, "logprob", None)
        if isinstance(token, str) and isinstance(logprob, int | float):
            pairs.append((token, float(logprob)))
    token, logprob = getattr(first, "token", None), getattr(first, "logprob", None)
    if isinstance(token, str) and isinstance(logprob, int | float) and token not in dict(pairs):
        pairs.append((token, float(logprob)))
    return pairs or None


class OpenAIWorldModel:
    """A world model behind an OpenAI-compatible `/v1/chat/completions` endpoint."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout: float = 300.0,
        max_retries: int = 3,
        backoff_s: float = 1.0,
        top_logprobs: int = DEFAULT_TOP_LOGPROBS,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        concurrency: int = 8,
        vocab: Vocab | None = None,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        if concurrency < 1 or top_logprobs < 0:
            raise MleWorldError("concurrency must be at least 1 and top_logprobs at least 0")
        self.endpoint = _Endpoint(
            model,
            base_url=base_url,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            temperature=0.0,
            max_tokens=max_tokens,
            backoff_s=backoff_s,
            extra_body=extra_body,
            top_logprobs=top_logprobs,
        )
        self.name = f"openai:{self.endpoint.base_url}#{model}"
        self.vocab = vocab or Vocab.default()
        self.concurrency = int(concurrency)

    @classmethod
    def from_spec(cls, spec: str, **opts: Any) -> OpenAIWorldModel:
        base_url, model = parse_spec(spec)
        return cls(base_url, model, **opts)

    def observe(self, record: Any) -> None:
        """A served model does not learn from single runs."""

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        if len(queries) <= 1 or self.concurrency == 1:
            return [self._predict(query) for query in queries]
        with ThreadPoolExecutor(max_workers=min(self.concurrency, len(queries))) as pool:
            return list(pool.map(self._predict, queries))

    def _predict(self, query: Query) -> Prediction:
        started = time.perf_counter()
        reply = self.endpoint.ask(render_messages(query.x))
        probs = probs_from_top_logprobs(reply.first_top, self.vocab) if reply.first_top else None
        evidence = [
            {
                "kind": "endpoint",
                "logprobs": reply.first_top is not None,
                "retries": reply.retries,
                "prompt_tokens": reply.prompt_tokens,
                "completion_tokens": reply.completion_tokens,
            }
        ]
        return build_prediction(
            reply.text,
            probs,
            self.vocab,
            backend=self.name,
            latency_ms=(time.perf_counter() - started) * 1000.0,
            evidence=evidence,
            finish_reason=reply.finish_reason,
        )
