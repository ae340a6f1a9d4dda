"""The builtin model's fusion: one program from a pool of candidates, without an LLM.

The candidates arrive as data (``CodeRequest.extra["candidates"]``: plan, code
and the facts of their predicted run, see codegen/selection_prompts.py; or
bare programs: the parent and ``extra["programs"]``, with no facts). They
are ranked the way the builtin judge ranks them (usable, then the predicted
score in the task's direction, then p_clean). The strongest one that carries a
builtin spec is the base; from the other candidates predicted usable it takes

* on an improve step, their own changes to the step's parent (each candidate
  makes one) where the base kept the parent's choice: the improvements add up;
* the feature blocks and feature switches the base lacks (calendar features,
  frequency-encoded high-cardinality columns), and
* when the best of them uses another model family, that model as a blend (or
  vote) partner, sized to the time budget.

When the base gains nothing (one candidate, identical choices, no spec to read),
`fuse` raises FusionError: the policy then keeps a candidate of the pool.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin.drafts import fit_budget, normalize
from mleworld.codegen.builtin.improve import FEATURE_TITLES
from mleworld.codegen.builtin.judge import rank_key
from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.render.columns import plan_columns
from mleworld.codegen.builtin.render.models import FAMILY_TITLES
from mleworld.codegen.builtin.spec import ProgramSpec, extract_spec
from mleworld.codegen.selection_prompts import OutcomeFacts
from mleworld.errors import MleWorldError

_NEEDS_HARDCODED = ("row_stats", "ratio")  # these blocks name columns the program lists itself
# spec fields a one-change improvement may touch (besides params and features), in words
_CHANGEABLE = {
    "validation": "the validation scheme",
    "n_splits": "the number of folds",
    "final_fit": "the final fit",
    "num_impute": "the imputation",
    "cat_encoding": "the categorical encoding",
    "high_card": "the high-cardinality encoding",
    "date_features": "the calendar features",
    "log_target": "the log-scale target",
    "text": "the TF-IDF settings",
}


class FusionError(MleWorldError):
    """The pool holds nothing the builtin model can fuse into a new program."""


@dataclass
class Fused:
    plan: str
    spec: ProgramSpec
    sources: list[int]  # the candidates (0-based) whose choices the program carries


@dataclass
class _Entry:
    index: int
    plan: str
    spec: ProgramSpec | None
    facts: OutcomeFacts


def fuse(request: CodeRequest, profile: TaskProfile, rng: random.Random) -> Fused:
    entries = _entries(request)
    lower = request.extra.get("lower_is_better")
    lower = lower if isinstance(lower, bool) else None
    ranked = sorted(entries, key=lambda e: rank_key(e.facts, lower), reverse=True)  # stable
    base = next((e for e in ranked if e.spec is not None), None)
    if base is None or base.spec is None:
        raise FusionError("nothing to fuse: no candidate carries a builtin program spec")
    # Without any facts (a caller that passes bare programs) every program may donate.
    known = any(e.facts.exception is not None for e in entries)
    donors = [
        e for e in ranked if e is not base and e.spec is not None and (e.facts.usable or not known)
    ]
    spec = base.spec.copy()
    notes: list[str] = []
    sources = [base.index]
    parent = extract_spec(request.parent_code) if request.extra.get("candidates") else None
    for donor in donors:
        assert donor.spec is not None
        taken = _take_changes(spec, donor.spec, parent) + _take_features(spec, donor.spec, profile)
        if taken:
            notes.append(f"{', '.join(taken)} from candidate {donor.index + 1}")
            sources.append(donor.index)
    partner = next((d for d in donors if _can_pair(spec, d.spec, profile)), None)
    if partner is not None and partner.spec is not None:
        how = "voting" if profile.is_multi_target or rng.random() < 0.4 else "blend"
        spec.ensemble = {
            "family": partner.spec.family,
            "params": dict(partner.spec.params),
            "weight": 0.5,
            "how": how,
        }
        spec = normalize(spec, profile, budget=False)
        if spec.ensemble:
            spec = fit_budget(spec, profile, only="ensemble")
            title = FAMILY_TITLES.get(partner.spec.family, partner.spec.family)
            notes.append(
                f"{title} from candidate {partner.index + 1} as an equal-weight {how} partner"
            )
            if partner.index not in sources:
                sources.append(partner.index)
    else:
        spec = normalize(spec, profile, budget=False)
    if not notes:
        raise FusionError(
            "nothing to fuse: the other candidates add no feature or model the strongest lacks"
        )
    base_title = FAMILY_TITLES.get(base.spec.family, base.spec.family)
    plan = (
        f"Fuse the pool: keep candidate {base.index + 1}'s pipeline ({base_title}, the strongest "
        f"predicted) and add {'; '.join(notes)}."
    )
    return Fused(plan, spec, sources)


def _entries(request: CodeRequest) -> list[_Entry]:
    """The pool: ``extra["candidates"]``, else the parent and ``extra["programs"]``."""
    items: list[Any] = list(request.extra.get("candidates") or [])
    if not items:
        items = [request.parent_code] if request.parent_code else []
        items += list(request.extra.get("programs") or [])
    out: list[_Entry] = []
    for index, item in enumerate(items):
        if isinstance(item, str):
            code, plan, facts = item, "", OutcomeFacts()
        elif isinstance(item, Mapping) and isinstance(item.get("code"), str):
            code, plan = item["code"], str(item.get("plan") or "")
            if isinstance(item.get("facts"), Mapping):
                facts = OutcomeFacts.from_dict(item["facts"])
            else:
                facts = OutcomeFacts.from_prediction(item.get("prediction"))
        else:
            continue
        out.append(_Entry(index, plan, extract_spec(code), facts))
    return out


def _take_changes(spec: ProgramSpec, donor: ProgramSpec, parent: ProgramSpec | None) -> list[str]:
    """The donor's own changes to the step's parent, where the base kept the parent's choice.

    Candidates of an improve step each change one thing of the same parent; the
    fusion applies the others' changes on top of the strongest. A change of model
    family is not taken (the partner blend covers it), nor a hyperparameter of
    another family's model.
    """
    if parent is None:
        return []
    taken: list[str] = []
    if spec.family == donor.family == parent.family:
        for key, value in donor.params.items():
            if value != parent.params.get(key) and spec.params.get(key) == parent.params.get(key):
                spec.params[key] = value
                taken.append(f"{key}={value}")
    for name in _CHANGEABLE:
        mine, theirs, before = getattr(spec, name), getattr(donor, name), getattr(parent, name)
        if theirs != before and mine == before:
            setattr(spec, name, copy.deepcopy(theirs))
            taken.append(_CHANGEABLE[name])
    partner = donor.ensemble
    if partner and not spec.ensemble and not parent.ensemble and partner["family"] != spec.family:
        spec.ensemble = copy.deepcopy(partner)
        taken.append(f"the blend with {FAMILY_TITLES.get(partner['family'], partner['family'])}")
    return taken


def _take_features(spec: ProgramSpec, donor: ProgramSpec, profile: TaskProfile) -> list[str]:
    """Copy the donor's feature choices the base lacks into `spec`; what was taken, in words."""
    if not plan_columns(profile, spec).use_tabular:
        return []  # a text-only model: column features would not reach it
    taken: list[str] = []
    for block in donor.features:
        if block in spec.features:
            continue
        if block in _NEEDS_HARDCODED and spec.style.columns != "hardcoded":
            continue
        spec.features = [*spec.features, block]
        taken.append(FEATURE_TITLES.get(block, block))
    if donor.date_features and not spec.date_features and profile.date_columns:
        spec.date_features = True
        taken.append("calendar features")
    if donor.high_card == "frequency" and spec.high_card == "drop" and profile.high_card_columns:
        spec.high_card = "frequency"
        taken.append("frequency-encoded high-cardinality columns")
    return taken


def _can_pair(spec: ProgramSpec, other: ProgramSpec | None, profile: TaskProfile) -> bool:
    if other is None or spec.ensemble is not None:
        return False
    if "nb" in (spec.family, other.family) or other.family == spec.family:
        return False
    # sgd's hinge-like losses may lack calibrated probabilities (drafts.sample_ensemble)
    return not (profile.is_classification and other.family == "sgd")


__all__ = ["Fused", "FusionError", "fuse"]
