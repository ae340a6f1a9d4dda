"""OpenAI-compatible `/v1/completions` and `/v1/chat/completions` over a local LM world model.

What vLLM answers, for the subset a world-model client uses: greedy decoding,
`max_tokens`, and logprobs (completions: `logprobs=k` gives the top k per
token; chat: `logprobs=true, top_logprobs=k`). The first token is not forced
to be an EXC token here, as a plain server would not; a client renormalises
the first token's top logprobs over the EXC tokens it finds.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from mleworld.serve.errors import RequestError

MAX_TOP_LOGPROBS = 1_000_000  # no cap beyond the vocabulary: a client may ask for every class


def _int(body: dict[str, Any], key: str, default: int | None, low: int) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RequestError(422, f"'{key}' must be an integer of at least {low}")
    return value


def _check_model(body: dict[str, Any], served: str) -> None:
    name = body.get("model")
    if name is not None and name != served:
        raise RequestError(404, f"model {name!r} is not served here; this server serves {served!r}")


def _tokens(model: Any, text: str) -> list[int]:
    return list(model.tokenizer(text, add_special_tokens=False)["input_ids"])


def _room(model: Any, ids: list[int], max_tokens: int) -> int:
    """max_tokens, lowered to what the context has left after the prompt (a prompt that fills
    it is refused): a client need not know this model's context length."""
    left = model.max_len - len(ids)
    if left < 1:
        raise RequestError(
            400,
            f"the prompt has {len(ids)} tokens; this model reads at most {model.max_len}: "
            "shorten the prompt",
        )
    return min(max_tokens, left)


def completion(model: Any, body: dict[str, Any], served: str) -> dict[str, Any]:
    _check_model(body, served)
    prompt = body.get("prompt")
    prompts = [prompt] if isinstance(prompt, str) else prompt
    if not isinstance(prompts, list) or not prompts or not all(isinstance(p, str) for p in prompts):
        raise RequestError(422, "'prompt' must be a string or a non-empty list of strings")
    max_tokens = _int(body, "max_tokens", 16, 1) or 16
    k = _int(body, "logprobs", None, 0)
    ids = [_tokens(model, p) for p in prompts]
    max_tokens = min(_room(model, one, max_tokens) for one in ids)
    texts, _, finishes, steps = model.generate(
        ids, max_new_tokens=max_tokens, force_exc_first=False, top_logprobs=k or 0
    )
    choices = []
    for index, (text, finish, trace) in enumerate(zip(texts, finishes, steps, strict=True)):
        logprobs = None
        if k is not None:
            offsets, position = [], 0
            for step in trace:
                offsets.append(position)
                position += len(step["token"])
            logprobs = {
                "tokens": [s["token"] for s in trace],
                "token_logprobs": [s["logprob"] for s in trace],
                "top_logprobs": [dict(s["top"]) for s in trace],
                "text_offset": offsets,
            }
        choices.append(
            {"index": index, "text": text, "logprobs": logprobs, "finish_reason": finish}
        )
    completion_tokens = sum(len(trace) for trace in steps) if k is not None else None
    return {
        "id": f"cmpl-{uuid.uuid4().hex}",
        "object": "text_completion",
        "created": int(time.time()),
        "model": served,
        "choices": choices,
        "usage": _usage(sum(map(len, ids)), completion_tokens),
    }


def chat_completion(model: Any, body: dict[str, Any], served: str) -> dict[str, Any]:
    _check_model(body, served)
    messages = body.get("messages")
    if (
        not isinstance(messages, list)
        or not messages
        or not all(
            isinstance(m, dict)
            and isinstance(m.get("role"), str)
            and isinstance(m.get("content"), str)
            for m in messages
        )
    ):
        raise RequestError(
            422, '\'messages\' must be a non-empty list of {"role": ..., "content": "..."}'
        )
    max_tokens = _int(body, "max_completion_tokens", None, 1) or _int(
        body, "max_tokens", model.max_new_tokens, 1
    )
    want = body.get("logprobs", False)
    if not isinstance(want, bool):
        raise RequestError(422, "'logprobs' must be true or false")
    k = (_int(body, "top_logprobs", 0, 0) or 0) if want else 0
    text = model.tokenizer.apply_chat_template(
        [{"role": m["role"], "content": m["content"]} for m in messages],
        tokenize=False,
        add_generation_prompt=True,
    )
    ids = _tokens(model, text)
    max_tokens = _room(model, ids, max_tokens)
    texts, _, finishes, steps = model.generate(
        [ids],
        max_new_tokens=max_tokens,
        force_exc_first=False,
        top_logprobs=max(k, 1) if want else 0,
    )
    logprobs = None
    if want:
        logprobs = {
            "content": [
                {
                    "token": s["token"],
                    "logprob": s["logprob"],
                    "bytes": list(s["token"].encode("utf-8")),
                    "top_logprobs": [
                        {"token": t, "logprob": lp, "bytes": list(t.encode("utf-8"))}
                        for t, lp in s["top"][:k]
                    ],
                }
                for s in steps[0]
            ]
        }
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": served,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": texts[0]},
                "logprobs": logprobs,
                "finish_reason": finishes[0],
            }
        ],
        "usage": _usage(len(ids), len(steps[0]) if want else None),
    }


def _usage(prompt: int, completion: int | None) -> dict[str, int]:
    done = completion or 0
    return {"prompt_tokens": prompt, "completion_tokens": done, "total_tokens": prompt + done}
