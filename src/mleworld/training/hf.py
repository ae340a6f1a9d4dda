"""Fine-tune a causal LM into an MLE-World model with TRL (paper section 4, appendix B).

`train_hf(corpus, HFTrainConfig(...))`: the train split's records become
token-level examples (hf_data.py: the export's chat format through the base
model's chat template, loss on the target tokens only); every class of the
vocabulary is added to the tokenizer as one token `EXC_<name>`, the embeddings
resized and the new rows set to the mean of the name's sub-tokens
(world/llm/tokens.py); all parameters are trained, or LoRA adapters (`peft`)
together with the new token rows, which LoRA alone would leave untrained. bf16
on a GPU that has it. Under `accelerate launch` (FSDP or DeepSpeed, configs in
`hf_configs/`) the same function runs on every process and the main one saves.

The checkpoint (model with any adapters merged, tokenizer, `exc_vocab.json`,
`mleworld_model.json`, `training_log.jsonl` with the loss of every step and
the holdout loss of every epoch) is written to a temporary directory and
renamed into place: a killed run leaves no half-written model.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.files import replace_directory
from mleworld.world.llm.deps import require
from mleworld.world.llm.hf_model import MODEL_INFO, VOCAB_FILE

TRAINING_LOG = "training_log.jsonl"
SCHEMA_VERSION = 1
HOLDOUT_LIMIT = 64


@dataclass
class HFTrainConfig:
    """What `wm train --backend hf` takes. `max_len` bounds prompt plus target, in tokens."""

    base_model: str
    out: str
    lora: bool = False
    epochs: float = 5.0
    lr: float = 2e-5
    max_len: int = 4096
    batch_size: int = 1
    grad_accum: int = 1
    warmup_ratio: float = 0.03
    seed: int = 0
    lora_r: int = 16
    lora_alpha: int = 32
    max_records: int | None = None
    bf16: bool | None = None  # None: on a GPU that supports it
    split: str | None = "train"
    holdout_limit: int = HOLDOUT_LIMIT

    def __post_init__(self) -> None:
        if not self.epochs > 0 or not self.lr > 0:
            raise MleWorldError("--epochs and --lr must be positive numbers")
        if self.max_len < 64:
            raise MleWorldError(f"--max-len {self.max_len} is too small; give at least 64 tokens")
        if self.batch_size < 1 or self.grad_accum < 1:
            raise MleWorldError("--batch-size and --grad-accum must be at least 1")
        if self.max_records is not None and self.max_records < 1:
            raise MleWorldError("--max-records must be at least 1")


def _check_base(path: Path) -> None:
    if not (path / "config.json").is_file():
        raise MleWorldError(
            f"base model {path} is not a model directory (no config.json); pass a local "
            "checkpoint folder (nothing is downloaded)"
        )


def _is_main() -> bool:
    return int(os.environ.get("RANK", "0")) == 0


def _records(corpus: Any, split: str | None, limit: int | None) -> list[Any]:
    records = [r for r in corpus.iter_records(split) if not getattr(r, "harness_error", None)]
    if not records:
        raise MleWorldError(
            f"the corpus has no records in split {split or 'all'!r}; build one with "
            "`mleworld corpus build` or pass --split all"
        )
    return records[:limit] if limit else records


def _dataset(items: list[Any]) -> Any:
    from datasets import Dataset

    return Dataset.from_dict(
        {
            "input_ids": [item.input_ids for item in items],
            "completion_mask": [item.completion_mask for item in items],
        }
    )


def _peft_model(model: Any, config: HFTrainConfig, new_ids: list[int]) -> Any:
    from peft import LoraConfig, get_peft_model

    lora = LoraConfig(
        r=config.lora_r,
        lora_alpha=config.lora_alpha,
        lora_dropout=0.0,
        target_modules="all-linear",
        task_type="CAUSAL_LM",
        # The EXC rows are new: without training them the model cannot emit the classes.
        trainable_token_indices={"embed_tokens": new_ids},
    )
    return get_peft_model(model, lora)


def _target_only_trainer(base: Any) -> Any:
    """SFTTrainer whose loss computes the output layer only where there are target tokens.

    The loss is on the target alone, so the logits of prompt positions (most of
    every sequence, and with a large vocabulary most of the compute) are never
    needed: the model is asked for the positions that predict a target token
    (`logits_to_keep` as indices, the union over the batch) and the
    cross-entropy is taken there. The result equals the full-sequence loss.
    """
    import torch
    import torch.nn.functional as F

    class TargetOnlySFTTrainer(base):  # type: ignore[misc, valid-type]
        def compute_loss(
            self,
            model: Any,
            inputs: dict[str, Any],
            return_outputs: bool = False,
            num_items_in_batch: Any = None,
        ) -> Any:
            labels = inputs["labels"]
            shifted = labels[:, 1:]
            keep = (shifted != -100).any(dim=0).nonzero().squeeze(-1)
            forward = {
                key: inputs[key]
                for key in ("input_ids", "attention_mask", "position_ids")
                if key in inputs
            }
            outputs = model(**forward, use_cache=False, logits_to_keep=keep)
            logits = outputs.logits.float()
            target = shifted[:, keep]
            total = F.cross_entropy(
                logits.reshape(-1, logits.shape[-1]),
                target.reshape(-1),
                ignore_index=-100,
                reduction="sum",
            )
            count = num_items_in_batch if num_items_in_batch is not None else (target != -100).sum()
            loss = total / torch.as_tensor(count, device=total.device).clamp(min=1)
            return (loss, outputs) if return_outputs else loss

    return TargetOnlySFTTrainer


def train_hf(corpus: Any, config: HFTrainConfig) -> dict[str, Any]:
    """Fine-tune `config.base_model` on the corpus, save to `config.out`; the training report."""
    require("hf", what="wm train --backend hf")
    import torch
    from transformers import AutoModelForCausalLM, TrainerCallback
    from trl import SFTConfig, SFTTrainer

    from mleworld.corpus.export import corpus_vocab
    from mleworld.training.hf_data import tokenize_records
    from mleworld.world.llm.tokens import add_exc_tokens, load_tokenizer

    started = time.perf_counter()
    base = Path(config.base_model).expanduser()
    _check_base(base)
    out = Path(config.out).expanduser()
    records = _records(corpus, config.split, config.max_records)
    holdout = [r for r in corpus.iter_records("holdout")][: config.holdout_limit]
    vocab = corpus_vocab(corpus, split=config.split)

    tokenizer = load_tokenizer(base)
    if not getattr(tokenizer, "chat_template", None):
        raise MleWorldError(
            f"base model {base} has no chat template; use a chat or instruct checkpoint "
            "(its tokenizer_config.json sets chat_template)"
        )
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    cuda = torch.cuda.is_available()
    bf16 = config.bf16 if config.bf16 is not None else bool(cuda and torch.cuda.is_bf16_supported())
    model = AutoModelForCausalLM.from_pretrained(
        base, dtype=torch.bfloat16 if bf16 else torch.float32
    )
    before = len(tokenizer)
    ids = add_exc_tokens(tokenizer, model, vocab)
    new_ids = sorted(i for i in ids.values() if i >= before)
    if config.lora:
        require("hf", "peft", what="--lora")
        model = _peft_model(model, config, new_ids or sorted(ids.values()))

    train_items = tokenize_records(tokenizer, records, vocab, config.max_len)
    holdout_items = tokenize_records(tokenizer, holdout, vocab, config.max_len)
    tokens = sum(len(item.input_ids) for item in train_items)
    log: list[dict[str, Any]] = []

    class Recorder(TrainerCallback):
        def on_log(self, args: Any, state: Any, control: Any, logs: Any = None, **_: Any) -> None:
            if logs:
                entry = {"step": state.global_step, "epoch": state.epoch}
                entry.update({k: v for k, v in logs.items() if isinstance(v, int | float)})
                log.append(entry)
                if "eval_loss" in entry or state.global_step % 10 == 0:
                    shown = {k: round(v, 4) for k, v in entry.items() if "loss" in k}
                    print(f"step {state.global_step}/{state.max_steps} {shown}", file=sys.stderr)

    work = out.with_name(f".{out.name}.trainer-{os.getpid()}")
    args = SFTConfig(
        output_dir=str(work),
        num_train_epochs=config.epochs,
        learning_rate=config.lr,
        per_device_train_batch_size=config.batch_size,
        per_device_eval_batch_size=config.batch_size,
        gradient_accumulation_steps=config.grad_accum,
        warmup_steps=config.warmup_ratio,  # a float below 1 is a share of all steps
        lr_scheduler_type="cosine",
        logging_steps=1,
        save_strategy="no",
        eval_strategy="epoch" if holdout_items else "no",
        report_to=[],
        bf16=bf16,
        seed=config.seed,
        max_length=config.max_len,
        completion_only_loss=True,
        dataloader_num_workers=0,
        disable_tqdm=True,
        use_cpu=not cuda,
    )
    trainer = _target_only_trainer(SFTTrainer)(
        model=model,
        args=args,
        train_dataset=_dataset(train_items),
        eval_dataset=_dataset(holdout_items) if holdout_items else None,
        processing_class=tokenizer,
        callbacks=[Recorder()],
    )
    from transformers.trainer_callback import PrinterCallback

    trainer.remove_callback(PrinterCallback)  # stdout stays the report's; progress goes to stderr
    try:
        fit_started = time.perf_counter()
        result = trainer.train()
        fit_s = time.perf_counter() - fit_started
        train_s = time.perf_counter() - started
        report = {
            "schema_version": SCHEMA_VERSION,
            "backend": "hf",
            "out": str(out),
            "base_model": str(base),
            "records": len(train_items),
            "holdout_records": len(holdout_items),
            "classes": len(vocab),
            "added_tokens": len(new_ids),
            "train_tokens_per_epoch": tokens,
            "prompts_cut": sum(1 for item in train_items if item.prompt_cut),
            "steps": int(result.global_step),
            "train_loss": float(result.training_loss),
            "first_loss": next((e["loss"] for e in log if "loss" in e), None),
            "last_loss": next((e["loss"] for e in reversed(log) if "loss" in e), None),
            "holdout_loss": next((e["eval_loss"] for e in reversed(log) if "eval_loss" in e), None),
            "bf16": bf16,
            "device": "cuda" if cuda else "cpu",
            "seconds": round(train_s, 2),  # all of it: loading, tokenising, training
            "fit_seconds": round(fit_s, 2),  # the optimisation steps (and holdout passes)
            "tokens_per_s": round(tokens * config.epochs / max(fit_s, 1e-9), 1),
            "config": asdict(config),
        }
        _save(trainer, tokenizer, vocab, out, report, log, lora=config.lora)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


def _save(
    trainer: Any,
    tokenizer: Any,
    vocab: Any,
    out: Path,
    report: dict[str, Any],
    log: list[dict[str, Any]],
    *,
    lora: bool,
) -> None:
    """Write the checkpoint to a staging folder, then rename it into place.

    Every process takes part (FSDP and ZeRO-3 gather the weights collectively);
    the main one writes the files and renames.
    """
    accelerator = trainer.accelerator
    main = accelerator.is_main_process and _is_main()
    staging = out.with_name(f".{out.name}.staging")  # the same name on every process
    if main:
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
    accelerator.wait_for_everyone()
    try:
        if lora:
            if main:
                trainer.model.merge_and_unload().save_pretrained(staging)
        else:
            trainer.save_model(str(staging))
        if main:
            tokenizer.save_pretrained(staging)
            vocab.save(staging / VOCAB_FILE)
            info = {
                "schema_version": SCHEMA_VERSION,
                "kind": "mleworld-hf-world-model",
                "max_len": report["config"]["max_len"],
                "base_model": report["base_model"],
                "lora_merged": lora,
                "report": report,
            }
            (staging / MODEL_INFO).write_text(_json(info) + "\n", encoding="utf-8")
            with open(staging / TRAINING_LOG, "w", encoding="utf-8") as handle:
                for entry in log:
                    handle.write(_json(entry) + "\n")
            (staging / "training_args.bin").unlink(missing_ok=True)
            _replace_dir(staging, out)
    except BaseException:
        if main:
            shutil.rmtree(staging, ignore_errors=True)
        raise
    accelerator.wait_for_everyone()


def _json(data: Any) -> str:
    from mleworld.evaluation.report import json_safe

    return json.dumps(json_safe(data), default=str, allow_nan=False)


def _replace_dir(staging: Path, out: Path) -> None:
    """Put `staging` at `out` (files.replace_directory); a file at `out` is refused."""
    if out.is_file():
        raise MleWorldError(f"{out} is a file; give a directory for the model")
    replace_directory(staging, out)
