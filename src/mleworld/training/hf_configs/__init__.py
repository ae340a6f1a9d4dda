"""accelerate config files for multi-GPU fine-tuning (`accelerate launch --config_file ...`)."""

from __future__ import annotations

from pathlib import Path


def config_path(name: str) -> Path:
    """The shipped config `fsdp` or `deepspeed_zero3` (a YAML file in this package)."""
    return Path(__file__).resolve().parent / f"{name}.yaml"
