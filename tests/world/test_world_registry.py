"""The world-model registry: names to fitted backends, and clear errors for the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.world import registry
from mleworld.world.baselines import (
    MajorityBaseline,
    NearestBaseline,
    ParentBaseline,
    RandomBaseline,
)
from mleworld.world.format import WorldInput, WorldTarget
from mleworld.world.prediction import Query, WorldModel
from mleworld.world.registry import Backend, get_world_model, list_world_models, open_corpus

PROGRAM = """import pandas as pd
train = pd.read_csv("./input/train.csv")
print(train[{col!r}].mean())
"""


def make_corpus(root: Path) -> Path:
    records = []
    for task, col, exc in (
        ("alpha", "a", "None"),
        ("alpha", "b", "KeyError"),
        ("beta", "c", "None"),
    ):
        records.append(
            Record(
                task_id=task,
                x=WorldInput(program=PROGRAM.format(col=col)),
                y=WorldTarget(exc_type=exc, term_out="", submission=exc == "None"),
                stage="draft",
                run_id="r1",
                node_id=f"{task}-{col}",
            )
        )
    corpus = Corpus.create(root)
    corpus.append(records)
    return root


def test_names_listed() -> None:
    names = list_world_models()
    assert names[:2] == ["fast", "fast:PATH"]
    for name in ("baseline:majority", "baseline:nearest", "baseline:parent", "baseline:random"):
        assert name in names


@pytest.mark.parametrize(
    ("name", "cls"),
    [
        ("baseline:majority", MajorityBaseline),
        ("baseline:nearest", NearestBaseline),
        ("baseline:parent", ParentBaseline),
        ("baseline:random", RandomBaseline),
    ],
)
def test_baselines_fit_on_the_corpus_given(tmp_path: Path, name: str, cls: type) -> None:
    model = get_world_model(name, corpus=make_corpus(tmp_path / "c"))
    assert isinstance(model, cls) and isinstance(model, WorldModel)
    assert model.name == name and len(model) == 3
    query = Query(x=WorldInput(program=PROGRAM.format(col="b")), task_id="alpha", stage="draft")
    (prediction,) = model.predict_batch([query])
    assert prediction.backend == name
    if name == "baseline:nearest":
        assert prediction.exc_type == "KeyError"


def test_options_and_task_restriction_reach_the_backend(tmp_path: Path) -> None:
    corpus = Corpus.open(make_corpus(tmp_path / "c"))
    nearest = get_world_model("baseline:nearest", corpus=corpus, tasks=["alpha"], k=1)
    assert nearest.k == 1 and len(nearest) == 2
    seeded = get_world_model("baseline:random", corpus=corpus, seed=7)
    assert seeded.seed == 7
    with pytest.raises(TypeError):
        get_world_model("baseline:majority", corpus=corpus, k=3)


def test_unknown_name_lists_the_names() -> None:
    with pytest.raises(MleWorldError) as info:
        get_world_model("baseline:oracle", corpus="unused")
    message = str(info.value)
    assert "\n" not in message
    assert "baseline:oracle" in message and "baseline:nearest" in message and "fast:PATH" in message


def test_name_that_needs_an_argument() -> None:
    with pytest.raises(MleWorldError, match="fast:PATH"):
        get_world_model("fast:")


def test_missing_backend_module_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    ghosts = (
        Backend("ghost", "mleworld.world.no_such_backend:load", "absent module"),
        Backend("ghost2:ARG", "mleworld.no_such_package.model:Model.load", "absent package", True),
    )
    monkeypatch.setattr(registry, "BACKENDS", registry.BACKENDS + ghosts)
    with pytest.raises(MleWorldError, match="mleworld.world.no_such_backend is missing"):
        get_world_model("ghost")
    with pytest.raises(MleWorldError, match="not available in this build"):
        get_world_model("ghost2:x")


def test_argument_backends_get_their_argument(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A `prefix:ARG` row whose builder takes the argument first (here: a corpus directory).
    row = Backend(
        "majority-of:DIR", "mleworld.world.baselines:MajorityBaseline.from_corpus", "test row", True
    )
    monkeypatch.setattr(registry, "BACKENDS", (*registry.BACKENDS, row))
    root = make_corpus(tmp_path / "c")
    model = get_world_model(f"majority-of:{root}")
    assert isinstance(model, MajorityBaseline) and len(model) == 3


def test_open_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_corpus(tmp_path / "c")
    corpus = Corpus.open(root)
    assert open_corpus(corpus) is corpus
    assert len(open_corpus(root)) == 3
    assert len(open_corpus(str(root))) == 3
    with pytest.raises(MleWorldError, match="does not exist"):
        open_corpus(tmp_path / "nowhere")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert len(open_corpus("~/c")) == 3
