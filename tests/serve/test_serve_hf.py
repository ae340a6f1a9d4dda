"""`openai:` against `mleworld serve --world-model hf:TINY` on loopback gives local `hf:`'s predictions."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("trl")
pytest.importorskip("fastapi")

from serverkit import call, server  # noqa: E402

from llmkit import TRAINS, train_records, trained_model  # noqa: E402
from mleworld.world.inputs import query_for_record  # noqa: E402

pytestmark = [pytest.mark.slow, TRAINS]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory):
    from mleworld.world.llm.hf_model import HFWorldModel

    path, _ = trained_model(tmp_path_factory)
    return path, HFWorldModel(path)


@pytest.fixture(scope="module")
def served(tiny):
    # One server for both tests: starting one (torch, transformers, the checkpoint) costs seconds.
    path, _ = tiny
    with server(["--world-model", f"hf:{path}", "--served-name", "tiny"]) as handle:
        yield handle


def fitting_queries(model, records, n: int = 3):
    from mleworld.world.llm.prompting import fitted_prompt_ids

    chosen = [
        r
        for r in records
        if fitted_prompt_ids(model.tokenizer, r.x, model.prompt_budget())[1] is None
    ]
    return [query_for_record(r) for r in chosen[:n]]


def test_openai_backend_through_serve_matches_local_hf(tiny, served, tmp_path_factory) -> None:
    from mleworld.world.llm.openai_model import OpenAIWorldModel

    _, local = tiny
    queries = fitting_queries(local, train_records(tmp_path_factory))
    assert queries, "no training record fits the tiny model's prompt budget"
    expected = local.predict_batch(queries)
    status, models = call(served.url + "/v1/models")
    assert status == 200 and models["data"][0]["id"] == "tiny"
    remote = OpenAIWorldModel(
        served.url + "/v1",
        "tiny",
        top_logprobs=len(local.vocab) + 64,
        max_tokens=local.max_new_tokens,
        vocab=local.vocab,
    )
    got = remote.predict_batch(queries)
    status, completion = call(
        served.url + "/v1/completions",
        "POST",
        {"model": "tiny", "prompt": "EXC_", "max_tokens": 3, "logprobs": 5},
    )
    assert status == 200
    choice = completion["choices"][0]
    assert len(choice["logprobs"]["tokens"]) == len(choice["logprobs"]["top_logprobs"]) <= 3
    assert all(len(top) == 5 for top in choice["logprobs"]["top_logprobs"])
    from mleworld.world.llm.prompting import prompt_ids

    for query, want, have in zip(queries, expected, got, strict=True):
        assert have.exc_type == want.exc_type
        # hf: forces the first token to be an EXC token, a plain server does not: the rest of the
        # text is the same whenever the model's own greedy first token is one (a trained model).
        (first,), _, _, _ = local.generate(
            [prompt_ids(local.tokenizer, query.x)], max_new_tokens=1, force_exc_first=False
        )
        if first.startswith("EXC_"):
            assert have.term_out == want.term_out
            assert have.metric == want.metric or math.isnan(have.metric) and math.isnan(want.metric)
            assert have.submission == want.submission
        # A server returns only the first token's top k: the classes it returned carry the
        # local distribution renormalised over them.
        returned = set(have.exc_probs)
        assert want.exc_type in returned and returned <= set(want.exc_probs)
        mass = sum(want.exc_probs[c] for c in returned)
        restricted = {c: want.exc_probs[c] / mass for c in returned}
        assert have.exc_probs == pytest.approx(restricted, abs=1e-4)
        assert have.p_max == pytest.approx(max(restricted.values()), abs=1e-4)
        assert have.p_clean == pytest.approx(restricted.get("None", 0.0), abs=1e-4)


def test_hf_server_refuses_bad_completion_requests(served) -> None:
    for body, status in (
        ({"model": "other", "prompt": "x"}, 404),
        ({"prompt": 3}, 422),
        ({"prompt": "x", "max_tokens": 0}, 422),
        ({"prompt": "x " * 5000}, 400),
    ):
        got, answer = call(served.url + "/v1/completions", "POST", body)
        assert got == status, (body, answer)
        assert "\n" not in answer["error"]["message"]
    got, answer = call(served.url + "/v1/chat/completions", "POST", {"messages": "hi"})
    assert got == 422 and "messages" in answer["error"]["message"]
