"""`mleworld wm train --backend hf` on the tiny model: the overfit run, the checkpoint, errors."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("trl")

from cli_runner import run_cli  # noqa: E402
from llmkit import (  # noqa: E402
    MAX_LEN,
    TRAINS,
    base_model,
    corpus_dir,
    train_records,
    trained_model,
)
from mleworld.world.inputs import query_for_record  # noqa: E402


@pytest.mark.slow
@TRAINS
def test_overfit_drives_loss_down_and_predicts_the_training_classes(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    from mleworld.world.llm.hf_model import HFWorldModel

    path, report = trained_model(tmp_path_factory, capsys)
    assert report["records"] > 0 and report["added_tokens"] >= 1
    assert report["last_loss"] < 0.6 * report["first_loss"]
    assert report["holdout_loss"] is not None
    records = train_records(tmp_path_factory)
    model = HFWorldModel(path, max_new_tokens=4, batch_size=16)
    predictions = model.predict_batch([query_for_record(r) for r in records])
    right = sum(p.exc_type == r.y.exc_type for p, r in zip(predictions, records, strict=True))
    majority = Counter(r.y.exc_type for r in records).most_common(1)[0][1]
    assert right / len(records) >= 0.6, (right, len(records))
    assert right > 2 * majority  # far above always answering the commonest class


@pytest.mark.slow
@TRAINS
def test_checkpoint_is_complete_and_round_trips(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    from mleworld.world.llm.hf_model import HFWorldModel
    from mleworld.world.vocab import Vocab

    path, report = trained_model(tmp_path_factory, capsys)
    names = {p.name for p in path.iterdir()}
    assert {"config.json", "model.safetensors", "tokenizer.json", "exc_vocab.json"} <= names
    assert {"mleworld_model.json", "training_log.jsonl"} <= names
    assert not [p for p in path.parent.iterdir() if p.name.startswith(f".{path.name}")]
    log = [json.loads(line) for line in (path / "training_log.jsonl").read_text().splitlines()]
    assert sum("loss" in e for e in log) == report["steps"]  # the loss of every step
    assert any("eval_loss" in e for e in log)  # and the holdout loss
    info = json.loads((path / "mleworld_model.json").read_text())
    assert info["max_len"] == MAX_LEN
    vocab = Vocab.load(path / "exc_vocab.json")
    first, second = HFWorldModel(path, max_new_tokens=24), HFWorldModel(path, max_new_tokens=24)
    for cls in vocab.classes:
        assert len(first.tokenizer(vocab.token(cls), add_special_tokens=False)["input_ids"]) == 1
    records = train_records(tmp_path_factory)[:3]
    queries = [query_for_record(r) for r in records]
    one, two = first.predict_batch(queries), second.predict_batch(queries)
    for a, b in zip(one, two, strict=True):
        assert a.exc_type == b.exc_type and a.term_out == b.term_out
        assert a.exc_probs == pytest.approx(b.exc_probs, abs=1e-6)
        assert sum(a.exc_probs.values()) == pytest.approx(1.0)
        assert set(a.exc_probs) == set(vocab.classes)
        assert a.p_max == pytest.approx(max(a.exc_probs.values()))
        assert a.p_clean == pytest.approx(a.exc_probs["None"])
        assert a.uncertainty == pytest.approx(1 - a.p_max)
    # a batch answers each query as it would alone
    alone = [first.predict_batch([q])[0] for q in queries]
    for a, b in zip(one, alone, strict=True):
        assert a.exc_type == b.exc_type and a.exc_probs == pytest.approx(b.exc_probs, abs=1e-4)


def test_new_exc_rows_start_at_the_mean_of_the_names_sub_tokens(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    import torch
    from transformers import AutoModelForCausalLM

    from mleworld.world.llm.tokens import add_exc_tokens, load_tokenizer
    from mleworld.world.vocab import Vocab

    base = base_model(tmp_path_factory)
    tokenizer, model = load_tokenizer(base), AutoModelForCausalLM.from_pretrained(base)
    vocab = Vocab.default()
    size = len(tokenizer)
    pieces = {cls: tokenizer(cls, add_special_tokens=False)["input_ids"] for cls in vocab.classes}
    rows = model.get_input_embeddings().weight.detach().clone()
    ids = add_exc_tokens(tokenizer, model, vocab)
    weight = model.get_input_embeddings().weight.detach()
    assert weight.shape[0] == len(tokenizer) and len(set(ids.values())) == len(vocab)
    fresh = [cls for cls, i in ids.items() if i >= size]
    assert len(fresh) > len(vocab) // 2
    for cls in fresh:
        assert torch.allclose(weight[ids[cls]], rows[pieces[cls]].mean(dim=0))
    for cls, i in ids.items():  # one token, whatever follows it
        text = vocab.token(cls) + "\n<term_out>\nTraceback"
        assert tokenizer(text, add_special_tokens=False)["input_ids"][0] == i


def test_wm_train_hf_errors_are_one_line(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = str(corpus_dir(tmp_path_factory))
    code, _, err = run_cli(
        ["wm", "train", "--backend", "hf", "--corpus", corpus, "--out", str(tmp_path / "m")], capsys
    )
    assert code == 2 and "--base-model" in err and "Traceback" not in err
    code, _, err = run_cli(
        ["wm", "train", "--backend", "hf", "--corpus", corpus, "--out", str(tmp_path / "m"),
         "--base-model", str(tmp_path)],
        capsys,
    )  # fmt: skip
    assert code == 2 and "no config.json" in err
    assert not (tmp_path / "m").exists()


def test_export_llamafactory_writes_dataset_and_yaml(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    out = tmp_path / "lf"
    code, stdout, err = run_cli(
        ["wm", "train", "--backend", "hf", "--corpus", str(corpus_dir(tmp_path_factory)),
         "--base-model", "/models/Qwen3-4B", "--out", "/models/mle-world", "--export-llamafactory",
         str(out), "--epochs", "5", "--lr", "1e-5"],
        capsys,
    )  # fmt: skip
    assert code == 0, err
    config = yaml.safe_load((out / "mleworld_sft.yaml").read_text())
    assert (
        config["model_name_or_path"] == "/models/Qwen3-4B" and config["finetuning_type"] == "full"
    )
    assert config["num_train_epochs"] == 5 and config["resize_vocab"] is True
    tokens = config["new_special_tokens"].split(",")
    assert "EXC_None" in tokens and "EXC_TimeoutError" in tokens
    info = json.loads((out / "dataset_info.json").read_text())
    assert config["dataset"] in info
    lines = (out / f"{config['dataset']}.jsonl").read_text().splitlines()
    assert lines and json.loads(lines[0])["messages"][2]["content"].startswith("EXC_")
    assert "llamafactory-cli train" in stdout
