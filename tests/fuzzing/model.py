"""Saved model files (world/fast: LightGBM text, `.npy`, JSON, a manifest of SHA-256 digests).

Inputs: a small trained fast model with one of its files damaged: cut at any
byte, overwritten, spliced with noise, replaced by random bytes, removed,
made a folder; its manifest given another schema version or format, or
files it does not list; and, as a writer with a bug would leave it, a file
damaged with its digest updated to match (so the loaders behind the digest
check read the damage themselves).

A correct result: `FastWorldModel.load` refuses the model in one line that
names the damaged file (or the manifest, for a wrong version) and says how to
fix it (retrain); or, when the damage leaves the model loadable, it predicts
a valid outcome distribution. The model directory is never changed by
loading it.
"""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from mleworld.errors import MleWorldError
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.persist import MANIFEST, file_digest
from mleworld.world.inputs import query_for_program

from .garble import NESTED, damage, scratch
from .harness import Target

FIXES = ("retrain", "rewrite it")
PROGRAM = "import pandas as pd\ntrain = pd.read_csv('input/train.csv')\nprint('Validation accuracy: 0.8')\n"


@dataclass(frozen=True)
class ModelDamage:
    name: str  # the file damaged
    how: str  # "bytes" | "resigned" | "remove" | "folder" | "version" | "format" | "unlisted"
    data: bytes = b""
    value: object = None

    def __repr__(self) -> str:
        return f"ModelDamage({self.name!r}, {self.how!r}, data={self.data[:200]!r}, value={self.value!r})"


@dataclass(frozen=True)
class ModelEnv:
    """A trained model's directory and its files' bytes (the damage starts from them)."""

    path: Path
    files: dict[str, bytes]


def model_env(path: Path) -> ModelEnv:
    files = {p.name: p.read_bytes() for p in sorted(Path(path).iterdir()) if p.is_file()}
    return ModelEnv(Path(path), files)


def damages(env: ModelEnv) -> st.SearchStrategy[ModelDamage]:
    names = sorted(env.files)

    @st.composite
    def draw_damage(draw: st.DrawFn) -> ModelDamage:
        how = draw(
            st.sampled_from(
                ["bytes", "bytes", "resigned", "resigned", "remove", "folder", "version", "format"]
            )
        )
        name = draw(st.sampled_from(names))
        if how in ("bytes", "resigned"):
            if how == "resigned" and name == MANIFEST:
                name = draw(st.sampled_from([n for n in names if n != MANIFEST]))
            data = env.files[name]
            if how == "resigned" and name.endswith(".txt"):
                # LightGBM's own parser reads what its digest vouches for, and aborts the
                # process on some damage; only a cut (a writer that stopped) is checked.
                return ModelDamage(name, how, data[: draw(st.integers(0, len(data)))])
            return ModelDamage(name, how, draw(damage(data)))
        if how == "version":
            value = draw(st.one_of(st.integers().filter(lambda v: v != 1), NESTED))
            return ModelDamage(MANIFEST, how, value=value)
        if how == "format":
            return ModelDamage(MANIFEST, how, value=draw(NESTED))
        return ModelDamage(name, how)

    return draw_damage()


def _apply(model: Path, spec: ModelDamage) -> bool:
    """Damage the copy at `model`; whether any byte of it changed."""
    path = model / spec.name
    manifest = model / MANIFEST
    if spec.how in ("bytes", "resigned"):
        changed = path.read_bytes() != spec.data
        path.write_bytes(spec.data)
        if spec.how == "resigned":
            meta = json.loads(manifest.read_text(encoding="utf-8"))
            meta["files"][spec.name] = file_digest(path)
            manifest.write_text(json.dumps(meta), encoding="utf-8")
        return changed
    if spec.how in ("remove", "folder"):
        path.unlink()
        if spec.how == "folder":
            path.mkdir()
        return True
    meta = json.loads(manifest.read_text(encoding="utf-8"))
    key = "schema_version" if spec.how == "version" else "format"
    changed = json.dumps(meta.get(key)) != json.dumps(spec.value)  # True == 1, but not here
    meta[key] = spec.value
    manifest.write_text(json.dumps(meta), encoding="utf-8")
    return changed


def _snapshot(directory: Path) -> dict[str, bytes | None]:
    return {p.name: p.read_bytes() if p.is_file() else None for p in sorted(directory.iterdir())}


def check_model(spec: ModelDamage, env: ModelEnv) -> None:
    with scratch() as tmp:
        model = Path(tmp) / "model"
        shutil.copytree(env.path, model)
        changed = _apply(model, spec)
        before = _snapshot(model)
        try:
            loaded = FastWorldModel.load(model)
        except MleWorldError as exc:
            message = str(exc)
            assert changed, f"an intact model was refused: {message}"
            # A damaged file behind its digest is named; damage the digest vouches for may
            # surface in another file read with it, and a manifest's in what it lists.
            exact = spec.how in ("bytes", "remove", "folder") and spec.name != MANIFEST
            named = spec.name if exact else str(model)
            assert named in message, f"the error does not name {named}: {message}"
            assert any(fix in message for fix in FIXES), f"the error gives no fix: {message}"
            raise
        finally:
            assert _snapshot(model) == before, "loading changed the model directory"
        # The manifest is not under its own digest: a change that keeps its fields is harmless.
        if spec.how in ("remove", "folder", "version", "format") or (
            spec.how == "bytes" and changed and spec.name != MANIFEST
        ):
            raise AssertionError(f"a model with {spec.how} damage to {spec.name} was loaded")
        prediction = loaded.predict_batch([query_for_program(PROGRAM)])[0]
        probs = prediction.exc_probs or {}
        assert probs and math.isclose(sum(probs.values()), 1.0, abs_tol=1e-6), probs
        assert all(math.isfinite(p) and 0.0 <= p <= 1.0 for p in probs.values()), probs
        assert prediction.exc_type in probs
        assert prediction.metric is None or math.isfinite(prediction.metric)


def model_target(env: ModelEnv) -> Target:
    return Target(
        "model_files",
        "world.fast.model.FastWorldModel.load (persist.check_directory, heads, vocab, pool)",
        damages(env),
        check_model,
    )
