"""The optional dependencies of the LM backends and the server, and the line that installs them."""

from __future__ import annotations

import importlib.util
import os

from mleworld.errors import MleWorldError

EXTRAS: dict[str, tuple[str, ...]] = {
    "hf": ("torch", "transformers", "tokenizers", "trl", "peft", "accelerate", "safetensors"),
    "serve": ("fastapi", "uvicorn"),
}


# Weights come from local paths and nothing may reach the network at run time; the Hugging
# Face libraries otherwise look up the Hub and send telemetry from a background thread.
# Set before their first import (they read these once); a user's own setting wins.
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1", "TRANSFORMERS_OFFLINE": "1"}


def install_line(extra: str) -> str:
    return f"pip install 'mleworld[{extra}]'"


def missing(extra: str, modules: tuple[str, ...] | None = None) -> list[str]:
    """The modules of `extra` (or just `modules`) that cannot be imported here."""
    names = modules if modules is not None else EXTRAS[extra]
    return [name for name in names if importlib.util.find_spec(name) is None]


def require(extra: str, *modules: str, what: str = "") -> None:
    """Raise one actionable line when a module of `extra` is not installed.

    `modules` narrows the check to what the caller imports (inference needs no
    trl); by default every module of the extra is checked. For `hf` it also keeps the
    Hugging Face libraries offline (OFFLINE_ENV), so call it before importing them.
    """
    if extra == "hf":
        for name, value in OFFLINE_ENV.items():
            os.environ.setdefault(name, value)
    absent = missing(extra, modules or None)
    if absent:
        thing = what or f"this needs the [{extra}] extra"
        raise MleWorldError(
            f"{thing} ({', '.join(absent)} not installed); install it with: {install_line(extra)}"
        )
