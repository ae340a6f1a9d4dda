"""A tiny causal LM built offline: the stand-in for a pretrained base model in tests and benchmarks.

No weights can be downloaded here, so the tests fine-tune a model made on the
spot: a byte-level BPE tokenizer trained with `tokenizers` on corpus text, with
ChatML role markers and a chat template, and a randomly initialised small
Qwen2- or Llama-style network. It is saved the way a hub checkpoint is (config,
safetensors, tokenizer files), so `wm train --base-model DIR` treats it exactly
like a real base model: the EXC tokens are *not* in it; training adds them.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mleworld.world.llm.deps import require

IM_START = "<|im_start|>"
IM_END = "<|im_end|>"
PAD = "<|endoftext|>"
SPECIAL_TOKENS = (PAD, IM_START, IM_END)

# ChatML, as Qwen models use it; `add_generation_prompt` opens the assistant turn.
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

ARCHITECTURES = ("qwen2", "llama")


def example_texts(examples: Iterable[dict[str, Any]]) -> list[str]:
    """The message contents of SFT examples (`corpus.export.sft_example`), for the tokenizer."""
    texts: list[str] = []
    for example in examples:
        texts.extend(str(m["content"]) for m in example["messages"])
    return texts


def build_tokenizer(texts: Sequence[str], vocab_size: int = 8192) -> Any:
    """A byte-level BPE tokenizer trained on `texts`, as a transformers fast tokenizer.

    Merges may cross spaces (no word-splitting regex): the instructions and the
    package list repeat in every prompt, so they become a few long tokens and a
    prompt is a few hundred tokens instead of thousands, which is what lets a
    CPU train on real corpus records in minutes.
    """
    require("hf", "tokenizers", "transformers", what="building the tiny model")
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    core = Tokenizer(models.BPE())
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    core.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    core.train_from_iterator(texts, trainer=trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        bos_token=None,
        eos_token=IM_END,
        pad_token=PAD,
        unk_token=None,
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.padding_side = "left"
    return tokenizer


def build_model(
    tokenizer: Any,
    *,
    arch: str = "qwen2",
    hidden_size: int = 64,
    layers: int = 2,
    heads: int = 4,
    max_positions: int = 4096,
    seed: int = 0,
) -> Any:
    """A randomly initialised causal LM sized for a CPU, its vocabulary the tokenizer's."""
    require("hf", "torch", "transformers", what="building the tiny model")
    import torch
    from transformers import AutoModelForCausalLM, LlamaConfig, Qwen2Config

    if arch not in ARCHITECTURES:
        raise ValueError(f"arch {arch!r} is not one of {ARCHITECTURES}")
    config_cls = Qwen2Config if arch == "qwen2" else LlamaConfig
    config = config_cls(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=hidden_size * 2,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=max(1, heads // 2),
        max_position_embeddings=max_positions,
        tie_word_embeddings=True,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=None,
    )
    torch.manual_seed(seed)
    random.seed(seed)
    return AutoModelForCausalLM.from_config(config)


def build_tiny_base(
    out_dir: str | os.PathLike[str],
    texts: Sequence[str],
    *,
    vocab_size: int = 8192,
    arch: str = "qwen2",
    hidden_size: int = 64,
    layers: int = 2,
    heads: int = 4,
    seed: int = 0,
) -> Path:
    """Train a tokenizer on `texts`, build a random model, save both to `out_dir` (a base model)."""
    tokenizer = build_tokenizer(texts, vocab_size=vocab_size)
    model = build_model(
        tokenizer, arch=arch, hidden_size=hidden_size, layers=layers, heads=heads, seed=seed
    )
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out


def balanced_records(corpus: Any, n: int, *, seed: int = 0, split: str | None = "train") -> list:
    """`n` records of a corpus split, drawn with classes as balanced as the split allows.

    Balanced so that a test of "predicts the right class" cannot pass by
    predicting the majority class.
    """
    by_class: dict[str, list[Any]] = {}
    for record in corpus.iter_records(split):
        by_class.setdefault(record.y.exc_type, []).append(record)
    rng = random.Random(seed)
    for records in by_class.values():
        rng.shuffle(records)
    chosen: list[Any] = []
    pools = sorted(by_class.values(), key=len)
    while len(chosen) < n and any(pools):
        for pool in pools:
            if pool and len(chosen) < n:
                chosen.append(pool.pop())
    rng.shuffle(chosen)
    return chosen


def record_texts(records: Iterable[Any]) -> list[str]:
    """The chat texts of records (prompt and target), to train the tokenizer on."""
    from mleworld.corpus.export import sft_example

    return example_texts(sft_example(record) for record in records)
