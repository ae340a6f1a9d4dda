"""`wm train --backend hf --export-llamafactory DIR`: the dataset plus a LLaMA-Factory YAML.

The paper trained MLE-World with LLaMA-Factory (appendix B). This writes the
SFT export (corpus/export.py: chat JSONL, dataset_info.json, the EXC tokens,
exc_vocab.json) and `mleworld_sft.yaml`, a full-SFT (or LoRA) configuration
that adds every EXC token, so `llamafactory-cli train DIR/mleworld_sft.yaml`
trains the same model `wm train --backend hf` does. Copy `exc_vocab.json` into
the trained checkpoint folder before loading it with `--world-model hf:`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from mleworld.corpus.export import export_sft
from mleworld.files import atomic_write_text

YAML_FILE = "mleworld_sft.yaml"


def llamafactory_config(
    *,
    base_model: str,
    dataset: str,
    dataset_dir: str,
    tokens: list[str],
    out: str,
    lora: bool,
    epochs: float,
    lr: float,
    max_len: int,
    batch_size: int,
    grad_accum: int,
) -> dict[str, Any]:
    config: dict[str, Any] = {
        "model_name_or_path": base_model,
        "stage": "sft",
        "do_train": True,
        "finetuning_type": "lora" if lora else "full",
        "dataset": dataset,
        "dataset_dir": dataset_dir,
        "template": "qwen3_nothink",
        "cutoff_len": max_len,
        "new_special_tokens": ",".join(tokens),
        "resize_vocab": True,
        "output_dir": out,
        "per_device_train_batch_size": batch_size,
        "gradient_accumulation_steps": grad_accum,
        "learning_rate": lr,
        "num_train_epochs": epochs,
        "lr_scheduler_type": "cosine",
        "warmup_ratio": 0.03,
        "bf16": True,
        "logging_steps": 10,
        "save_strategy": "epoch",
        "plot_loss": True,
        "overwrite_output_dir": True,
        "report_to": "none",
    }
    if lora:
        config.update({"lora_rank": 16, "lora_alpha": 32, "lora_target": "all"})
    return config


def export_llamafactory(
    corpus: Any,
    out_dir: str | os.PathLike[str],
    *,
    base_model: str,
    out: str,
    lora: bool = False,
    epochs: float = 5.0,
    lr: float = 2e-5,
    max_len: int = 4096,
    batch_size: int = 1,
    grad_accum: int = 1,
    split: str | None = "train",
) -> dict[str, Any]:
    export = export_sft(corpus, out_dir, split=split)
    directory = Path(out_dir)
    config = llamafactory_config(
        base_model=base_model,
        dataset=export.dataset_name,
        dataset_dir=str(directory.resolve()),
        tokens=list(export.vocab.tokens),
        out=out,
        lora=lora,
        epochs=epochs,
        lr=lr,
        max_len=max_len,
        batch_size=batch_size,
        grad_accum=grad_accum,
    )
    target = directory / YAML_FILE
    atomic_write_text(
        target,
        "# LLaMA-Factory SFT of an MLE-World model, written by mleworld.\n"
        "# Run: llamafactory-cli train "
        + str(target)
        + "\n"
        + yaml.safe_dump(config, sort_keys=False),
    )
    return {**export.to_dict(), "yaml": str(target)}
