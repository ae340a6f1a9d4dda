"""Which columns a program uses, and the ones its feature blocks create.

`plan_columns` turns the task profile and the spec's preprocessing choices into
the lists a program with hard-coded columns writes out (numeric, categorical,
the text column) and records the engineered columns each feature block adds,
so that the hard-coded lists and the feature code agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.spec import ProgramSpec

COMBINED_TEXT = "text_all"


@dataclass
class ColumnPlan:
    base_numeric: list[str]
    categorical: list[str]
    high_card: list[str]
    text: list[str]  # raw text columns
    dates: list[str]
    blocks: list[str]  # the feature blocks that apply, in order
    engineered: list[str] = field(default_factory=list)  # new numeric columns
    use_text: bool = False
    use_tabular: bool = True

    @property
    def text_col(self) -> str | None:
        if not self.use_text or not self.text:
            return None
        return self.text[0] if len(self.text) == 1 else COMBINED_TEXT

    @property
    def numeric(self) -> list[str]:
        if not self.use_tabular:
            return []
        return self.base_numeric + self.engineered

    @property
    def cats(self) -> list[str]:
        return self.categorical if self.use_tabular else []

    @property
    def features(self) -> list[str]:
        cols = self.numeric + self.cats
        if self.text_col:
            cols.append(self.text_col)
        return cols


def plan_columns(profile: TaskProfile, spec: ProgramSpec) -> ColumnPlan:
    use_text = bool(profile.text_columns)
    use_tabular = not (use_text and (spec.family == "nb" or not spec.text.get("use_other", True)))
    plan = ColumnPlan(
        base_numeric=list(profile.numeric_columns + profile.bool_columns),
        categorical=list(profile.categorical_columns),
        high_card=list(profile.high_card_columns),
        text=list(profile.text_columns),
        dates=list(profile.date_columns),
        blocks=[],
        use_text=use_text,
        use_tabular=use_tabular,
    )
    wanted = set(spec.features)
    eng: list[str] = []
    if plan.dates:
        plan.blocks.append("dates")
        if spec.date_features:
            for col in plan.dates:
                eng += [f"{col}_year", f"{col}_month", f"{col}_dayofweek"]
    if "missing_count" in wanted and profile.has_missing:
        plan.blocks.append("missing_count")
        eng.append("n_missing")
    if "log_skewed" in wanted and profile.skewed_columns:
        plan.blocks.append("log_skewed")  # in place: names unchanged
    if "row_stats" in wanted and len(plan.base_numeric) >= 2:
        plan.blocks.append("row_stats")
        eng += ["num_mean", "num_std"]
    if "ratio" in wanted and len(plan.base_numeric) >= 2:
        plan.blocks.append("ratio")
        a, b = plan.base_numeric[:2]
        eng.append(f"{a}_per_{b}")
    if plan.text and (len(plan.text) > 1):
        plan.blocks.append("combine_text")
    if "text_stats" in wanted and plan.text:
        plan.blocks.append("text_stats")
        for col in plan.text:
            eng += [f"{col}_len", f"{col}_words"]
    if spec.high_card == "frequency" and plan.high_card:
        eng += [f"{col}_freq" for col in plan.high_card]
    plan.engineered = eng
    return plan
