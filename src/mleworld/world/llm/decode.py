"""From what a language model answered to a Prediction: the class distribution, then the fields.

The outcome distribution is the first generated token's, renormalised over the
EXC tokens (paper eq. 3): from raw logits when the model runs here, from the
first token's top logprobs when a server answers. p_max, p_clean and u are then
the Prediction's own properties, the same definitions the fast model uses.

The rest of the answer is read with `world.format.parse_prediction_text`. A
field the answer lacks is reported in the evidence as missing; a missing class
token is read from the predicted terminal output (appendix G), and with no
distribution the confidence is missing too (the gate then runs the program).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from mleworld.world.format import FIELDS, parse_prediction_text
from mleworld.world.llm.tokens import class_of_token
from mleworld.world.prediction import Prediction
from mleworld.world.vocab import OTHER, Vocab


def probs_from_logits(logits: Sequence[float], ids: Mapping[str, int]) -> dict[str, float]:
    """softmax over the whole vocabulary, restricted to the EXC ids and renormalised.

    Renormalising a softmax over a subset equals a softmax over that subset's
    logits, which is what is computed (no underflow from the other tokens).
    """
    chosen = {cls: float(logits[i]) for cls, i in ids.items()}
    top = max(chosen.values())
    weights = {cls: math.exp(v - top) for cls, v in chosen.items()}
    total = sum(weights.values())
    return {cls: w / total for cls, w in weights.items()}


def probs_from_top_logprobs(
    top: Mapping[str, float] | Sequence[tuple[str, float]], vocab: Vocab
) -> dict[str, float] | None:
    """The EXC entries of a first token's top logprobs, renormalised; None when there are none.

    Classes outside the top list get probability 0: a server returns only its
    top k, and `k` should cover the classes that matter (vLLM: --max-logprobs).
    A token naming a class outside the vocabulary counts as `Other`.
    """
    items = top.items() if isinstance(top, Mapping) else top
    weights: dict[str, float] = {}
    for token, logprob in items:
        name = class_of_token(str(token))
        if name is None or logprob is None or not math.isfinite(float(logprob)):
            continue
        cls = vocab.normalize(name)
        weights[cls] = weights.get(cls, 0.0) + math.exp(float(logprob))
    total = sum(weights.values())
    if not weights or total <= 0:
        return None
    return {cls: weights.get(cls, 0.0) / total for cls in vocab.classes if cls in weights}


def build_prediction(
    text: str,
    exc_probs: dict[str, float] | None,
    vocab: Vocab,
    *,
    backend: str,
    latency_ms: float,
    evidence: list[dict[str, Any]] | None = None,
    finish_reason: str | None = None,
) -> Prediction:
    """The Prediction for one answer `text` and its first-token distribution (or None)."""
    parsed = parse_prediction_text(text, vocab)
    missing = [name for name in FIELDS if not parsed.has(name)]
    if exc_probs:
        exc_type = max(exc_probs.items(), key=lambda kv: kv[1])[0]
    else:
        exc_type = parsed.exc_type or OTHER
    notes = list(evidence or [])
    notes.append(
        {
            "kind": "parse",
            "missing": missing,
            "exc_from": "first_token" if exc_probs else parsed.exc_from,
            "term_out_closed": parsed.term_out_closed,
            "finish_reason": finish_reason,
        }
    )
    return Prediction(
        exc_type=exc_type,
        exc_probs=exc_probs or None,
        term_out=parsed.term_out or "",
        metric=parsed.metric,
        submission=parsed.submission,
        backend=backend,
        latency_ms=latency_ms,
        evidence=notes,
    )
