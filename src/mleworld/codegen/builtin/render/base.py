"""Shared state of the section writers: the context, the column plan, small helpers.

`Refs` says how a section spells the state it shares with the others (``train``
or ``self.train``) and the helpers it calls; `SectionBase` holds the context
and the helpers every section uses (paths, indexing, target handling flags).
"""

from __future__ import annotations

from dataclasses import dataclass

from mleworld.codegen.builtin.render.columns import ColumnPlan
from mleworld.codegen.builtin.render.context import Ctx


@dataclass
class Refs:
    """How a section spells the state it shares and the helpers it calls."""

    train: str
    test: str
    sample: str
    X: str
    y: str
    X_test: str
    test_pred: str
    score: str
    make_model: str  # callable expression, e.g. "make_model" or "self.make_model"
    add_features: str
    fit: str | None  # None: fitting is written inline
    predict: str | None
    score_fn: str | None  # None: the metric is an inline expression
    model_args: str = ""  # arguments make_model takes


class SectionBase:
    def __init__(self, ctx: Ctx, cols: ColumnPlan) -> None:
        self.ctx = ctx
        self.cols = cols
        self.p = ctx.profile
        self.s = ctx.spec
        self.n = ctx.names

    # --- small helpers -------------------------------------------------------------
    @property
    def np(self) -> str:
        return self.ctx.np

    @property
    def pd(self) -> str:
        return self.ctx.pd

    def path_in(self, file: str) -> str:
        style = self.s.style.paths
        if style == "inline":
            return repr(f"./input/{file}")
        if style == "pathlib":
            return f'INPUT_DIR / "{file}"'
        if style == "osjoin":
            return f'os.path.join(INPUT_DIR, "{file}")'
        return f'INPUT_DIR + "{file}"'

    def path_out(self) -> str:
        style = self.s.style.paths
        if style == "inline":
            return '"./submission/submission.csv"'
        if style == "pathlib":
            return 'OUTPUT_DIR / "submission.csv"'
        if style == "osjoin":
            return 'os.path.join(OUTPUT_DIR, "submission.csv")'
        return 'OUTPUT_DIR + "submission.csv"'

    def target_list(self) -> str:
        """An expression for the list of label columns."""
        if self.p.onehot_labels or self.p.is_multi_target:
            return self.n.targets
        return f"[{self.n.target}]"

    def n_rows(self, var: str) -> str:
        """How the program counts the rows of prepared features `var`."""
        return f"len({var})" if self.ctx.x_kind == "frame" else f"{var}.shape[0]"

    def idx(self, var: str, index: str, kind: str) -> str:
        if kind in ("frame", "series"):
            return f"{var}.iloc[{index}]"
        return f"{var}[{index}]"

    @property
    def classification(self) -> bool:
        return self.p.is_classification

    @property
    def log_target(self) -> bool:
        return self.s.log_target and not self.classification

    @property
    def wrapped_target(self) -> bool:
        return self.log_target and self.s.style.target_wrap == "transformed"

    @property
    def n_classes_expr(self) -> str:
        return "len(CLASS_COLUMNS)"
