"""`BuiltinCodeModel`: the offline code model that needs no LLM.

It writes real, complete programs for a task from its public data (profile.py),
drawing a draft from a space of preprocessing x model x validation x writing
style (drafts.py, render/), improving a parent by one atomic change
(improve.py), repairing a failed parent from its traceback (debug.py), fusing
a pool of candidates (fusion.py), and answering the selection judges (judge.py).
Every program carries its spec as a ``# mleworld-spec:`` comment so later
stages re-render it. With ``defect_rate`` R, a share R of drafts and
improvements (and R x 0.35 of repairs) carries one realistic defect
(defects.py), recorded in ``Generation.meta["defect"]``.

Determinism: the same (seed, request.seed, stage, parent code, task) gives the
same program.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mleworld.codegen.base import CodeRequest, Generation
from mleworld.codegen.builtin import defects, judge, review
from mleworld.codegen.builtin.debug import DebugInput, describe_cause, repair
from mleworld.codegen.builtin.drafts import fit_budget, normalize, sample_spec
from mleworld.codegen.builtin.failures import read_failure
from mleworld.codegen.builtin.fusion import fuse
from mleworld.codegen.builtin.improve import propose_change, tweak_text
from mleworld.codegen.builtin.plans import draft_plan
from mleworld.codegen.builtin.profile import TaskProfile, profile_task
from mleworld.codegen.builtin.render.layout import render
from mleworld.codegen.builtin.render.models import FAMILY_TITLES
from mleworld.codegen.builtin.spec import ProgramSpec, extract_spec
from mleworld.errors import ConfigError, MleWorldError

STAGES = ("draft", "improve", "debug", "fuse", "revise")
DEBUG_DEFECT_SHARE = 0.35  # a repair carries a new defect less often than a fresh program


@dataclass
class _Out:
    plan: str
    code: str
    spec: ProgramSpec | None
    sites: dict[str, list[int]] | None = None
    meta: dict[str, Any] = field(default_factory=dict)


class BuiltinCodeModel:
    """Writes, improves and repairs programs for a task without any LLM."""

    name = "builtin"

    def __init__(
        self, seed: int = 0, defect_rate: float = 0.0, defect_kinds: Sequence[str] | None = None
    ) -> None:
        try:
            rate = float(defect_rate)
        except (TypeError, ValueError):
            raise ConfigError(
                f"defect_rate must be a number in [0, 1]; got {defect_rate!r}"
            ) from None
        if not 0.0 <= rate <= 1.0:
            raise ConfigError(f"defect_rate must be in [0, 1]; got {defect_rate}")
        self.seed = int(seed)
        self.defect_rate = rate
        self.defect_kinds = defects.check_kinds(defect_kinds)

    # --- the CodeModel protocol ---------------------------------------------------------
    def generate(self, request: CodeRequest) -> Generation:
        if request.task is None:
            raise MleWorldError(
                "the builtin code model writes programs for a task; pass CodeRequest(task=<Task>)"
            )
        stage = request.stage
        if stage not in STAGES:
            raise MleWorldError(f"unknown stage {stage!r}; use one of: {', '.join(STAGES)}")
        profile = profile_task(request.task)
        rng = self._rng(request, profile.task_id)
        if stage == "revise":
            failed = request.parent_exc_type not in (None, "", "None") or _looks_failed(
                request.parent_output
            )
            stage = "debug" if failed else "improve"
        if stage == "draft" or (stage in ("improve", "debug") and not request.parent_code):
            out = self._draft(profile, rng)
        elif stage == "improve":
            out = self._improve(request.parent_code or "", profile, rng)
        elif stage == "fuse":
            out = self._fuse(request, profile, rng)
        else:
            out = self._debug(request, profile, rng)
        out.meta["defect"] = None
        rate = self.defect_rate * (DEBUG_DEFECT_SHARE if stage == "debug" else 1.0)
        if rate > 0 and rng.random() < rate:
            self._inject(out, profile, rng, allow_timeout=stage != "debug")
        out.meta.update(stage=request.stage, task_kind=profile.kind, generator=self.name)
        raw = f"{out.plan}\n\n```python\n{out.code}```\n"
        return Generation(plan=out.plan, code=out.code, raw=raw, meta=out.meta)

    def complete(self, system: str, user: str) -> str:
        """The judges' verdicts (judge.py); otherwise what can be parsed (review.py)."""
        verdict = judge.answer(system, user)
        return verdict if verdict is not None else review.answer(system, user)

    # --- stages --------------------------------------------------------------------------
    def _rng(self, request: CodeRequest, task_id: str) -> random.Random:
        # the task id too, so that drafts for two tasks do not make the same choices in lockstep
        parent = hashlib.sha256((request.parent_code or "").encode("utf-8")).hexdigest()
        key = f"{self.seed}|{request.seed}|{request.stage}|{parent}|{task_id}"
        return random.Random(hashlib.sha256(key.encode("utf-8")).hexdigest())

    def _draft(self, profile: TaskProfile, rng: random.Random) -> _Out:
        spec = sample_spec(profile, rng)
        prog = render(spec, profile)
        return _Out(
            draft_plan(spec, profile, rng), prog.code, spec, prog.sites, {"change": "draft"}
        )

    def _improve(self, parent: str, profile: TaskProfile, rng: random.Random) -> _Out:
        spec = extract_spec(parent)
        if spec is None:
            tweaked = tweak_text(parent, rng)
            if tweaked is not None:
                code, plan = tweaked
                return _Out(plan, code, None, None, {"change": "hyperparameter", "precise": True})
            out = self._draft(profile, rng)
            out.plan = "Rewrite the solution as a fresh, complete pipeline. " + out.plan
            out.meta["change"] = "rewrite"
            return out
        change = propose_change(spec, profile, rng)
        prog = render(change.spec, profile)
        return _Out(change.plan, prog.code, change.spec, prog.sites, {"change": change.kind})

    def _fuse(self, request: CodeRequest, profile: TaskProfile, rng: random.Random) -> _Out:
        fused = fuse(request, profile, rng)
        prog = render(fused.spec, profile)
        return _Out(
            fused.plan,
            prog.code,
            fused.spec,
            prog.sites,
            {"change": "fuse", "fused_from": fused.sources},
        )

    def _debug(self, request: CodeRequest, profile: TaskProfile, rng: random.Random) -> _Out:
        parent = request.parent_code or ""
        spec = extract_spec(parent)
        failure = read_failure(request.parent_output, request.parent_exc_type)
        inp = DebugInput(
            parent,
            failure,
            spec,
            profile,
            request.task.public_dir,
            lambda s: render(s, profile).code,
        )
        fixed = repair(inp)
        if fixed is not None:
            return _Out(fixed.plan, fixed.code, spec, None, {"repair": fixed.kind, "precise": True})
        what = failure.exc_type if not failure.clean else "missing submission"
        if spec is not None:
            if failure.exc_type in ("TimeoutError", "MemoryError"):
                new, plan = reduce_cost(spec, profile)
                prog = render(new, profile)
                return _Out(plan, prog.code, new, prog.sites, {"repair": "cost", "precise": False})
            clean = render(spec, profile)
            if clean.code.strip() != parent.strip():
                plan = f"Rewrite the program from its design so that it is correct: {describe_cause(failure)}."
                return _Out(
                    plan, clean.code, spec, clean.sites, {"repair": "rerender", "precise": False}
                )
            safe = safer_spec(spec, profile)
            prog = render(safe, profile)
            plan = (
                f"The {what} comes from the pipeline itself; switch to a simpler, safer one "
                f"({FAMILY_TITLES.get(safe.family, safe.family)}, imputed and encoded features, hold-out validation)."
            )
            return _Out(plan, prog.code, safe, prog.sites, {"repair": "simplify", "precise": False})
        base = sample_spec(profile, rng)
        safe = safer_spec(base, profile)
        prog = render(safe, profile)
        plan = f"The program cannot be repaired in place ({what}); rewrite it as a simple, complete pipeline."
        return _Out(plan, prog.code, safe, prog.sites, {"repair": "rewrite", "precise": False})

    # --- defects --------------------------------------------------------------------------
    def _inject(
        self, out: _Out, profile: TaskProfile, rng: random.Random, allow_timeout: bool
    ) -> None:
        spec = out.spec

        def rerender(
            overrides: dict[str, Any] | None, defect: str | None
        ) -> tuple[str, dict[str, list[int]]]:
            assert spec is not None
            if defect == "timeout" and overrides:
                prog = render(spec.copy(**overrides), profile)
            else:
                prog = render(spec, profile, defect=defect)
            return prog.code, prog.sites

        kinds = [k for k in self.defect_kinds or defects.WEIGHTS if allow_timeout or k != "timeout"]
        target = defects.Target(out.code, out.sites, spec, profile, rerender if spec else None)
        injected = defects.inject(target, rng, kinds)
        if injected is None:
            return
        code, defect = injected
        out.code = code
        out.meta["defect"] = defect.to_dict()
        if defect.kind == "timeout":
            heavy = extract_spec(code)
            if heavy is not None:
                if out.meta.get("change") == "draft":
                    out.plan = draft_plan(heavy, profile, rng)
                else:
                    out.plan = (
                        "Train a much larger gradient boosting model with a small learning rate "
                        f"({heavy.params.get('n_estimators')} rounds) and validate it with repeated "
                        f"{heavy.n_splits}-fold cross-validation."
                    )


def reduce_cost(spec: ProgramSpec, profile: TaskProfile) -> tuple[ProgramSpec, str]:
    """A cheaper version of a program that ran out of time or memory."""
    new = spec.copy()
    notes = []
    for params in [new.params] + ([new.ensemble["params"]] if new.ensemble else []):
        for key in ("n_estimators", "max_iter"):
            if key in params and params[key] > 300:
                params[key] = max(100, min(300, params[key] // 4))
        if params.get("learning_rate", 1.0) < 0.03:
            params["learning_rate"] = 0.05
            notes.append("learning_rate=0.05")
    if new.n_repeats > 1:
        new.n_repeats = 1
        notes.append("no repeated folds")
    if new.n_splits > 5:
        new.n_splits = 5
        notes.append("5 folds")
    # well inside the limit, even on a busy machine
    new = fit_budget(normalize(new, profile, budget=False), profile, share=0.1)
    for old_params, new_params in ((spec.params, new.params),) + (
        ((spec.ensemble["params"], new.ensemble["params"]),)
        if spec.ensemble and new.ensemble
        else ()
    ):
        for key in ("n_estimators", "max_iter"):
            if key in new_params and new_params[key] != old_params.get(key):
                notes.insert(0, f"{key}={new_params[key]}")
    if not notes:
        new.validation = "holdout"
        new.final_fit = "refit"
        new.max_train_rows = max(1000, min(20000, profile.n_train // 2))
        notes.append(f"a hold-out split and at most {new.max_train_rows} training rows")
        new = normalize(new, profile, budget=False)
    return new, "The run exceeded the time limit; make training cheaper: " + ", ".join(notes) + "."


def safer_spec(spec: ProgramSpec, profile: TaskProfile) -> ProgramSpec:
    """The same author's style with the most robust pipeline for this task."""
    family = "linear" if profile.has_text else "hgb"
    if (
        profile.has_text
        and profile.is_classification
        and profile.output not in ("label", "label_columns")
    ):
        family = "linear"
    new = spec.copy(
        family=family,
        params={"C": 1.0}
        if family == "linear" and profile.is_classification
        else {"alpha": 1.0}
        if family == "linear"
        else {"max_iter": 200, "learning_rate": 0.1},
        ensemble=None,
        features=[],
        validation="holdout",
        final_fit="refit",
        n_repeats=1,
        num_impute="median",
        cat_encoding="ordinal" if family == "hgb" else "onehot",
        high_card="drop",
        log_target=spec.log_target,
        max_train_rows=spec.max_train_rows,
    )
    new.style.prep_api = "pipeline"
    new.style.columns = "hardcoded"
    new.scale = family == "linear"
    return normalize(new, profile, budget=True)


def _looks_failed(output: str | None) -> bool:
    return bool(output) and "Traceback (most recent call last)" in (output or "")


__all__ = ["BuiltinCodeModel", "reduce_cost", "safer_spec"]
