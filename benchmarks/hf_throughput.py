"""Benchmark: the tiny LM world model on this machine's CPU (or a GPU when there is one).

Builds the tiny base model (tokenizer trained on corpus text, random Qwen2-style
network) from a class-balanced sample of the default corpus, fine-tunes it for
one epoch with `train_hf` (training tokens/s: prompt and target tokens of every
sequence, over the wall time of the optimisation steps), then predicts every training record with
`hf:` in batches (predictions/s, end to end: truncation, generate, parse).
Results go to benchmarks/results/hf_throughput.json.

    python benchmarks/hf_throughput.py                   # 64 records, batch 8
    python benchmarks/hf_throughput.py --records 200 --max-new-tokens 170
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

OUT = Path(__file__).parent / "results" / "hf_throughput.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=64)
    parser.add_argument("--max-len", type=int, default=512)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--max-new-tokens", type=int, default=32)
    parser.add_argument("--bf16", action="store_true", help="train in bf16 (a GPU)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    import torch

    from mleworld.corpus.default import default_corpus
    from mleworld.corpus.store import Corpus
    from mleworld.training.hf import HFTrainConfig, train_hf
    from mleworld.world.inputs import query_for_record
    from mleworld.world.llm.hf_model import HFWorldModel
    from mleworld.world.llm.tiny import balanced_records, build_tiny_base, record_texts

    records = balanced_records(default_corpus(), args.records, seed=0)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        corpus = Corpus.create(root / "corpus")
        corpus.append(records)
        started = time.perf_counter()
        base = build_tiny_base(root / "base", record_texts(records))
        build_s = time.perf_counter() - started
        report = train_hf(
            corpus,
            HFTrainConfig(
                base_model=str(base),
                out=str(root / "model"),
                epochs=1,
                lr=3e-3,
                max_len=args.max_len,
                batch_size=args.batch_size,
                split=None,
                bf16=args.bf16 or None,
            ),
        )
        model = HFWorldModel(
            root / "model", max_new_tokens=args.max_new_tokens, batch_size=args.batch_size
        )
        queries = [query_for_record(r) for r in records]
        model.predict_batch(queries[: args.batch_size])  # warm-up
        started = time.perf_counter()
        predictions = model.predict_batch(queries)
        predict_s = time.perf_counter() - started
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    result: dict[str, Any] = {
        "records": len(records),
        "max_len": args.max_len,
        "batch_size": args.batch_size,
        "device": report["device"],
        "bf16": report["bf16"],
        "tokenizer_and_base_build_s": round(build_s, 2),
        "train": {
            "steps": report["steps"],
            "tokens": report["train_tokens_per_epoch"],
            "seconds": report["fit_seconds"],
            "with_loading_s": report["seconds"],
            "tokens_per_s": report["tokens_per_s"],
            "first_loss": report["first_loss"],
            "last_loss": report["last_loss"],
        },
        "inference": {
            "predictions": len(predictions),
            "max_new_tokens": args.max_new_tokens,
            "seconds": round(predict_s, 3),
            "predictions_per_s": round(len(predictions) / predict_s, 3),
            "ms_per_prediction": round(1000 * predict_s / len(predictions), 2),
            "s_per_batch": round(predict_s / -(-len(predictions) // args.batch_size), 3),
        },
        "machine": {
            "cpus": os.cpu_count(),
            "torch_threads": torch.get_num_threads(),
            "load_1min": load,
            "python": platform.python_version(),
            "torch": torch.__version__,
        },
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
