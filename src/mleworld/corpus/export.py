"""Supervised fine-tuning data from a corpus: chat JSONL for LlamaFactory, plus the EXC tokens.

`export_sft(corpus, out_dir)` writes, atomically:

* `<name>.jsonl`: one example per record, `{"messages": [system, user, assistant], ...}`,
  where system and user are `render_messages(x)` and the assistant turn is
  `render_target(y)`: it begins with the `EXC_<class>` token;
* `dataset_info.json`: the LlamaFactory entry for that file (sharegpt format
  with OpenAI-style `role`/`content` messages), merged into an existing file;
* `added_tokens.json`: the list of EXC tokens to add to the tokenizer (one
  token per class, in vocabulary order; LlamaFactory's `new_special_tokens`);
* `exc_vocab.json`: the vocabulary itself (`Vocab.load` reads it back).

The vocabulary is built from the exported split (classes seen there united
with the common ones) unless one is given.

Not here: the prompt and target format (world/format.py), training (training/).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.files import atomic_output, atomic_write_text
from mleworld.world.format import render_messages, render_target
from mleworld.world.vocab import Vocab

DATASET_INFO = "dataset_info.json"
ADDED_TOKENS = "added_tokens.json"
VOCAB_FILE = "exc_vocab.json"


@dataclass
class ExportReport:
    path: Path
    records: int
    dataset_name: str
    vocab: Vocab
    files: dict[str, Path]

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "records": self.records,
            "dataset_name": self.dataset_name,
            "classes": len(self.vocab),
            "files": {k: str(v) for k, v in self.files.items()},
        }


def corpus_vocab(corpus: Corpus, *, split: str | None = None, min_count: int = 1) -> Vocab:
    """The classes seen in a corpus (or a split) united with the common ones."""
    counts: dict[str, int] = {}
    for rows in corpus.iter_rows(["exc_type"], split=split, batch_size=8192):
        for row in rows:
            counts[row["exc_type"]] = counts.get(row["exc_type"], 0) + 1
    return Vocab.build(counts, min_count=min_count)


def sft_example(record: Record, vocab: Vocab | None = None) -> dict[str, Any]:
    """One training example: the chat messages, and where it came from."""
    messages = render_messages(record.x)
    messages.append({"role": "assistant", "content": render_target(record.y, vocab)})
    return {
        "messages": messages,
        "id": record.id,
        "task_id": record.task_id,
        "stage": record.stage,
    }


def dataset_info_entry(file_name: str) -> dict[str, Any]:
    """LlamaFactory's description of a sharegpt-format file of OpenAI-style messages."""
    return {
        "file_name": file_name,
        "formatting": "sharegpt",
        "columns": {"messages": "messages"},
        "tags": {
            "role_tag": "role",
            "content_tag": "content",
            "user_tag": "user",
            "assistant_tag": "assistant",
            "system_tag": "system",
        },
    }


def export_sft(
    corpus: Corpus,
    out_dir: str | os.PathLike[str],
    *,
    split: str | None = "train",
    name: str = "mleworld_world",
    vocab: Vocab | None = None,
    min_count: int = 1,
) -> ExportReport:
    """Write the SFT dataset of a split (default: train) to `out_dir` (see the module docstring)."""
    if not name or any(ch in name for ch in "/\\ "):
        raise MleWorldError(
            f"dataset name {name!r} must be a non-empty word without slashes or spaces"
        )
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise MleWorldError(f"{out} is a file; give a directory for the SFT export")
    out.mkdir(parents=True, exist_ok=True)
    vocab = vocab or corpus_vocab(corpus, split=split, min_count=min_count)
    data_path = out / f"{name}.jsonl"
    count = 0
    with atomic_output(data_path) as handle:
        for example in _examples(corpus, split, vocab):
            handle.write(json.dumps(example, ensure_ascii=False))
            handle.write("\n")
            count += 1

    info_path = out / DATASET_INFO
    info: dict[str, Any] = {}
    if info_path.exists():
        try:
            info = json.loads(info_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MleWorldError(
                f"{info_path} is not valid JSON ({exc}); fix or remove it"
            ) from None
        if not isinstance(info, dict):
            raise MleWorldError(f"{info_path} is not a JSON object; fix or remove it")
    info[name] = dataset_info_entry(data_path.name)
    atomic_write_text(info_path, json.dumps(info, indent=2) + "\n")
    tokens_path = out / ADDED_TOKENS
    atomic_write_text(tokens_path, json.dumps(list(vocab.tokens), indent=1) + "\n")
    vocab_path = vocab.save(out / VOCAB_FILE)
    return ExportReport(
        path=data_path,
        records=count,
        dataset_name=name,
        vocab=vocab,
        files={
            "data": data_path,
            "dataset_info": info_path,
            "added_tokens": tokens_path,
            "vocab": vocab_path,
        },
    )


def _examples(corpus: Corpus, split: str | None, vocab: Vocab) -> Iterator[dict[str, Any]]:
    for record in corpus.iter_records(split):
        yield sft_example(record, vocab)
