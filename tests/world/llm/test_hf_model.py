"""`hf:PATH` on the tiny fine-tuned model: truncation evidence, and `wm eval` end to end."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("trl")

from cli_runner import run_cli  # noqa: E402
from llmkit import TRAINS, corpus_dir, train_records, trained_model  # noqa: E402
from mleworld.world.inputs import query_for_record  # noqa: E402

pytestmark = [pytest.mark.slow, TRAINS]


def test_a_long_input_is_cut_and_the_cut_recorded(tmp_path_factory, capsys) -> None:
    from mleworld.world.llm.hf_model import HFWorldModel

    path, _ = trained_model(tmp_path_factory, capsys)
    model = HFWorldModel(path, max_new_tokens=8)
    record = train_records(tmp_path_factory)[0]
    filler = "".join(f"value_{i} = {i} * 2\n" for i in range(2000))
    program = "import pandas as pd\n" + filler + "print('done')\n"
    query = query_for_record(record)
    query = replace(query, x=replace(query.x, program=program, time_limit_s=77))
    (prediction,) = model.predict_batch([query])
    cut = next(e for e in prediction.evidence if e["kind"] == "truncation")
    assert cut["program_chars_cut"] > 0 and cut["budget_tokens"] == model.prompt_budget()
    assert cut["prompt_tokens"] > cut["budget_tokens"]
    assert sum(prediction.exc_probs.values()) == pytest.approx(1.0)


def test_wm_eval_scores_the_hf_model_in_the_same_tables(
    tmp_path: Path, tmp_path_factory, capsys
) -> None:
    path, _ = trained_model(tmp_path_factory, capsys)
    out = tmp_path / "eval"
    code, stdout, err = run_cli(
        ["wm", "eval", "--world-model", f"hf:{path}", "--holdout", str(corpus_dir(tmp_path_factory)),
         "--out", str(out), "--resamples", "50", "--batch-size", "8", "--baselines", "majority"],
        capsys,
    )  # fmt: skip
    assert code == 0, err
    results = json.loads((out / "results.json").read_text())
    text = json.dumps(results)
    assert f"hf:{path}" in text and "baseline:majority" in text
    assert (out / "report.md").is_file()
    assert any(line.startswith(f"hf:{path}") for line in stdout.splitlines())
