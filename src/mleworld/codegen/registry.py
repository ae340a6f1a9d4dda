"""Finding a code model by spec: `builtin`, `openai:MODEL`, `scripted:PATH`.

Owns the table of backends (short name -> "module:Class", imported only when
asked for) and the parsing of a spec string. The backend is always named
explicitly; nothing is guessed from a model's name. Options a backend does not
read are ignored, so one set of CLI flags can serve every backend; names no
backend reads are an error (a typo should not pass silently).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from mleworld.codegen.base import CodeModel
from mleworld.errors import ConfigError, MleWorldError


@dataclass(frozen=True)
class Backend:
    name: str
    target: str  # "package.module:Class"
    argument: str | None  # what follows "name:" in a spec (MODEL, PATH), None when nothing does
    options: tuple[str, ...]  # keyword options the class accepts

    @property
    def usage(self) -> str:
        return f"{self.name}:{self.argument}" if self.argument else self.name


BACKENDS: dict[str, Backend] = {}


def register_code_model(
    name: str, target: str, argument: str | None = None, options: tuple[str, ...] = ()
) -> None:
    """Add (or replace) a backend; `target` is "module:Class", imported on first use."""
    BACKENDS[name] = Backend(name, target, argument, tuple(options))


register_code_model(
    "builtin",
    "mleworld.codegen.builtin:BuiltinCodeModel",
    None,
    ("seed", "defect_rate", "defect_kinds"),
)
register_code_model(
    "openai",
    "mleworld.codegen.openai_model:OpenAICodeModel",
    "MODEL",
    (
        "base_url",
        "api_key",
        "timeout",
        "max_retries",
        "temperature",
        "max_tokens",
        "reasks",
        "backoff_s",
        "backoff_max_s",
        "extra_body",
    ),
)
register_code_model("scripted", "mleworld.codegen.scripted:ScriptedCodeModel", "PATH", ("cycle",))


def known_code_models() -> list[str]:
    """The spec forms users can write, e.g. ["builtin", "openai:MODEL", "scripted:PATH"]."""
    return [backend.usage for backend in BACKENDS.values()]


def _load(backend: Backend) -> type:
    module_name, _, attribute = backend.target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise MleWorldError(
            f"code model backend {backend.name!r} cannot be imported ({exc}); "
            "reinstall mleworld or install the package it names"
        ) from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise MleWorldError(
            f"code model backend {backend.name!r}: {module_name} has no {attribute}; "
            "the registry entry is wrong"
        ) from None


def get_code_model(spec: str, **opts: Any) -> CodeModel:
    """Build the code model `spec` names; `opts` carry backend options (None = default).

    builtin reads seed, defect_rate, defect_kinds; openai:MODEL reads base_url, api_key, timeout,
    max_retries, temperature, max_tokens, reasks, backoff_s, backoff_max_s,
    extra_body; scripted:PATH reads cycle.
    """
    known = ", ".join(known_code_models())
    name, colon, argument = (spec or "").strip().partition(":")
    backend = BACKENDS.get(name)
    if backend is None:
        raise ConfigError(f"unknown code model {spec!r}; known: {known}")
    argument = argument.strip()
    if backend.argument and not argument:
        raise ConfigError(f"code model {spec!r} needs a {backend.argument}; write {backend.usage}")
    if not backend.argument and colon:
        raise ConfigError(f"code model {name!r} takes no argument; write just {name}")

    readable = {option for b in BACKENDS.values() for option in b.options}
    unknown = sorted(set(opts) - readable)
    if unknown:
        raise ConfigError(
            f"unknown code model option(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(readable))}"
        )
    kwargs = {k: v for k, v in opts.items() if k in backend.options and v is not None}
    cls = _load(backend)
    model = cls(argument, **kwargs) if backend.argument else cls(**kwargs)
    return model
