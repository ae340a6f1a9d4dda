"""The optional dependencies of the LM backends and the server, and the line that installs them."""

from __future__ import annotations

import importlib.util

from mleworld.errors import MleWorldError

EXTRAS: dict[str, tuple[str, ...]] = {
    "hf": ("torch", "transformers", "tokenizers", "trl", "peft", "accelerate", "safetensors"),
    "serve": ("fastapi", "uvicorn"),
}


def install_line(extra: str) -> str:
    return f"pip install 'mleworld[{extra}]'"


def missing(extra: str, modules: tuple[str, ...] | None = None) -> list[str]:
    """The modules of `extra` (or just `modules`) that cannot be imported here."""
    names = modules if modules is not None else EXTRAS[extra]
    return [name for name in names if importlib.util.find_spec(name) is None]


def require(extra: str, *modules: str, what: str = "") -> None:
    """Raise one actionable line when a module of `extra` is not installed.

    `modules` narrows the check to what the caller imports (inference needs no
    trl); by default every module of the extra is checked.
    """
    absent = missing(extra, modules or None)
    if absent:
        thing = what or f"this needs the [{extra}] extra"
        raise MleWorldError(
            f"{thing} ({', '.join(absent)} not installed); install it with: {install_line(extra)}"
        )
