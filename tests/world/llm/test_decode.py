"""The first token's distribution over the EXC tokens, and the fields read from the answer."""

from __future__ import annotations

import math

import pytest

from mleworld.world.llm.decode import build_prediction, probs_from_logits, probs_from_top_logprobs
from mleworld.world.vocab import Vocab


def test_logits_renormalised_over_exc_ids_equal_the_full_softmax_restricted() -> None:
    logits = [2.0, 0.5, -1.0, 3.0, 0.0]
    ids = {"None": 0, "KeyError": 2, "ValueError": 3}
    probs = probs_from_logits(logits, ids)
    full = [math.exp(v) for v in logits]
    chosen = {cls: full[i] for cls, i in ids.items()}
    total = sum(chosen.values())
    assert probs == pytest.approx({cls: v / total for cls, v in chosen.items()})
    assert sum(probs.values()) == pytest.approx(1.0)


def test_prediction_confidence_follows_the_fast_models_definitions() -> None:
    vocab = Vocab.default()
    probs = {"None": 0.7, "KeyError": 0.2, "TimeoutError": 0.1}
    p = build_prediction(
        "EXC_None\n<term_out>\nok\n</term_out>\n<metric>0.5</metric>\n"
        "<submission>true</submission>",
        probs,
        vocab,
        backend="t",
        latency_ms=1.0,
    )
    assert p.exc_type == "None" and p.p_max == pytest.approx(0.7)
    assert p.p_clean == pytest.approx(0.7) and p.uncertainty == pytest.approx(0.3)
    assert p.metric == 0.5 and p.submission is True and p.term_out == "ok"


def test_the_class_is_the_distributions_argmax_even_when_the_text_disagrees() -> None:
    p = build_prediction(
        "EXC_None\n", {"None": 0.3, "KeyError": 0.7}, Vocab.default(), backend="t", latency_ms=0.0
    )
    assert p.exc_type == "KeyError" and p.p_clean == pytest.approx(0.3)


def test_top_logprobs_keep_exc_tokens_only_and_fold_unknown_classes_into_other() -> None:
    vocab = Vocab.default()
    top = [
        ("EXC_None", math.log(0.5)),
        ("Hello", math.log(0.3)),
        ("EXC_NoSuchError", math.log(0.1)),
        (" EXC_KeyError", math.log(0.1)),
    ]
    probs = probs_from_top_logprobs(top, vocab)
    assert probs == pytest.approx({"None": 0.5 / 0.7, "KeyError": 0.1 / 0.7, "Other": 0.1 / 0.7})
    assert probs_from_top_logprobs([("Hello", 0.0)], vocab) is None
