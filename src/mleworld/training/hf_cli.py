"""What `wm train --backend hf` does with its flags: fine-tune, or write the LLaMA-Factory export.

Kept out of cli/wm_cmd.py so that the command stays a thin parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError


@dataclass
class HFArgs:
    corpus: str
    out: Path
    base_model: Path | None
    lora: bool
    epochs: float
    lr: float
    max_len: int
    batch_size: int
    grad_accum: int


def run_hf(
    args: HFArgs,
    *,
    split: str | None,
    seed: int,
    max_records: int | None,
    export_dir: Path | None,
    as_json: bool,
) -> dict[str, Any]:
    from mleworld.cli.common import print_json
    from mleworld.corpus.default import resolve_corpus

    if args.base_model is None:
        raise MleWorldError(
            "--backend hf needs --base-model DIR, a local checkpoint folder (nothing is downloaded)"
        )
    corpus = resolve_corpus(
        args.corpus if args.corpus == "default" else str(Path(args.corpus).expanduser())
    )
    if export_dir is not None:
        from mleworld.training.hf_llamafactory import export_llamafactory

        report = export_llamafactory(
            corpus,
            export_dir,
            base_model=str(args.base_model),
            out=str(args.out),
            lora=args.lora,
            epochs=args.epochs,
            lr=args.lr,
            max_len=args.max_len,
            batch_size=args.batch_size,
            grad_accum=args.grad_accum,
            split=split,
        )
        if as_json:
            print_json(report)
        else:
            print(f"wrote {report['records']} examples and {report['yaml']}")
            print(f"train with: llamafactory-cli train {report['yaml']}")
        return report
    from mleworld.training.hf import HFTrainConfig, train_hf

    config = HFTrainConfig(
        base_model=str(args.base_model),
        out=str(args.out),
        lora=args.lora,
        epochs=args.epochs,
        lr=args.lr,
        max_len=args.max_len,
        batch_size=args.batch_size,
        grad_accum=args.grad_accum,
        seed=seed,
        max_records=max_records,
        split=split,
    )
    report = train_hf(corpus, config)
    if as_json:
        print_json(report)
    else:
        holdout = report["holdout_loss"]
        print(
            f"fine-tuned {report['base_model']} on {report['records']} records, "
            f"{report['steps']} steps in {report['seconds']:.1f}s "
            f"({report['tokens_per_s']:.0f} tokens/s) -> {report['out']}"
        )
        print(
            f"loss {report['first_loss']:.3f} -> {report['last_loss']:.3f}"
            + ("" if holdout is None else f", holdout loss {holdout:.3f}")
        )
        print(f"predict with: --world-model hf:{report['out']}")
    return report
