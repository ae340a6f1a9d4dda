"""World-model backends by name: the one table of names and the loader behind each.

Names: `fast` (the default model), `fast:PATH` (a saved fast model),
`hf:PATH` (a fine-tuned LM checkpoint), `openai:BASE_URL#MODEL` (a model on an
OpenAI-compatible server), `baseline:majority|nearest|parent|random` (corpus
baselines fitted on the train split of a corpus). A backend's module is
imported only when its name is asked for, so a build without it still serves
the others and says which is missing.

The corpus a baseline is fitted on: a Corpus, a corpus directory, or a name
`mleworld.corpus.default.resolve_corpus` knows (`default`, the shipped corpus).

This module owns the names; the backends live in their own modules.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mleworld.errors import MleWorldError

if TYPE_CHECKING:
    from mleworld.corpus.store import Corpus
    from mleworld.world.prediction import WorldModel

DEFAULT_WORLD_MODEL = "fast"
DEFAULT_CORPUS = "default"


@dataclass(frozen=True)
class Backend:
    """One row of the table: the name, the callable that builds the model, what it is.

    `target` is `module:attribute` (a dotted attribute path). It is called with
    the name's argument first when the name is `prefix:ARG`, and with
    `corpus=` (a Corpus) and `tasks=` when the backend is fitted on a corpus.
    """

    name: str  # as listed: "fast", "fast:PATH", "baseline:nearest"
    target: str
    about: str
    takes_arg: bool = False
    uses_corpus: bool = False

    @property
    def prefix(self) -> str:
        return self.name.split(":", 1)[0] if self.takes_arg else self.name

    @property
    def module(self) -> str:
        return self.target.split(":", 1)[0]


BACKENDS: tuple[Backend, ...] = (
    Backend("fast", "mleworld.world.fast.default:default_model", "the default fast CPU model"),
    Backend(
        "fast:PATH",
        "mleworld.world.fast.model:FastWorldModel.load",
        "a fast model saved at PATH",
        takes_arg=True,
    ),
    Backend(
        "hf:PATH",
        "mleworld.world.llm.hf_model:HFWorldModel.load",
        "a fine-tuned causal LM checkpoint at PATH, run locally (needs the [hf] extra)",
        takes_arg=True,
    ),
    Backend(
        "openai:BASE_URL#MODEL",
        "mleworld.world.llm.openai_model:OpenAIWorldModel.from_spec",
        "MODEL on an OpenAI-compatible server (vLLM, SGLang, mleworld serve, a prompted LLM)",
        takes_arg=True,
    ),
    Backend(
        "baseline:majority",
        "mleworld.world.baselines:MajorityBaseline.from_corpus",
        "per task and stage: most common class and flag, median metric",
        uses_corpus=True,
    ),
    Backend(
        "baseline:nearest",
        "mleworld.world.baselines:NearestBaseline.from_corpus",
        "the record of the most similar training program of the task (TF-IDF)",
        uses_corpus=True,
    ),
    Backend(
        "baseline:parent",
        "mleworld.world.baselines:ParentBaseline.from_corpus",
        "the parent's observed record (drafts: nearest)",
        uses_corpus=True,
    ),
    Backend(
        "baseline:random",
        "mleworld.world.baselines:RandomBaseline.from_corpus",
        "a random training record of the same task and stage",
        uses_corpus=True,
    ),
)


def list_world_models() -> list[str]:
    """Every name `get_world_model` accepts (`PATH` stands for an argument)."""
    return [backend.name for backend in BACKENDS]


def _lookup(name: str) -> tuple[Backend, str | None]:
    for backend in BACKENDS:
        if not backend.takes_arg and name == backend.name:
            return backend, None
        if backend.takes_arg and name.startswith(backend.prefix + ":"):
            arg = name[len(backend.prefix) + 1 :]
            if not arg:
                raise MleWorldError(
                    f"world model {name!r} needs an argument; write it as {backend.name}"
                )
            return backend, arg
    raise MleWorldError(
        f"unknown world model {name!r}; choose one of: {', '.join(list_world_models())}"
    )


def _available(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def _builder(backend: Backend) -> Callable[..., Any]:
    if not _available(backend.module):
        raise MleWorldError(
            f"world model {backend.name!r} is not available in this build "
            f"(module {backend.module} is missing); choose one of: {', '.join(list_world_models())}"
        )
    module_name, attribute = backend.target.split(":", 1)
    target: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    return target


def open_corpus(corpus: str | Path | Corpus | None) -> Corpus:
    """A Corpus from a Corpus, a corpus directory, or `default` (also what None means)."""
    from mleworld.corpus.default import resolve_corpus
    from mleworld.corpus.store import Corpus

    if isinstance(corpus, Corpus):
        return corpus
    return resolve_corpus(DEFAULT_CORPUS if corpus is None else corpus)


def get_world_model(
    name: str = DEFAULT_WORLD_MODEL,
    *,
    corpus: str | Path | Corpus | None = None,
    tasks: Iterable[str] | None = None,
    **opts: Any,
) -> WorldModel:
    """The backend `name`, ready to predict.

    `corpus` is what a corpus-fitted backend (the baselines) learns from: its
    train split; default: the default corpus. `tasks`, when given, names the
    only tasks the model will be asked about, so such a backend reads only
    their records. Other `opts` go to the backend (e.g. `k` for nearest, `seed`
    for random).
    """
    backend, arg = _lookup(name.strip())
    build = _builder(backend)
    args: list[Any] = [] if arg is None else [arg]
    if backend.uses_corpus:
        opts = {**opts, "corpus": open_corpus(corpus), "tasks": tasks}
    return build(*args, **opts)


__all__ = [
    "BACKENDS",
    "DEFAULT_WORLD_MODEL",
    "Backend",
    "get_world_model",
    "list_world_models",
    "open_corpus",
]
