"""The rendering context: the task profile, the spec, the names and the imports.

Also owns the small style decisions every section shares: how a class or
function is referenced (import style), how a message is formatted (f-string,
``str.format`` or ``%``), whether it is printed or logged, and which comments
an author of this style writes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.render.names import Names, pick_names
from mleworld.codegen.builtin.render.writer import Imports, Writer
from mleworld.codegen.builtin.spec import ProgramSpec

# `from sklearn import <sub>` spellings used by the module import style
_SUBMODULE_ALIAS = {
    "sklearn.ensemble": "ensemble",
    "sklearn.linear_model": "linear_model",
    "sklearn.neighbors": "neighbors",
    "sklearn.model_selection": "model_selection",
    "sklearn.metrics": "skm",
    "sklearn.preprocessing": "preprocessing",
    "sklearn.impute": "impute",
    "sklearn.naive_bayes": "naive_bayes",
}

METRIC_LABELS: dict[str, list[str]] = {
    "accuracy": ["Accuracy", "accuracy", "ACC"],
    "balanced_accuracy": ["BalancedAccuracy", "balanced_accuracy", "BAcc"],
    "f1_macro": ["F1", "macro_F1", "f1_macro"],
    "qwk": ["QWK", "kappa", "qwk"],
    "auc": ["AUC", "ROC_AUC", "auc"],
    "auc_columnwise": ["AUC", "mean_AUC", "ColumnAUC"],
    "logloss": ["LogLoss", "logloss", "log_loss"],
    "rmse": ["RMSE", "rmse", "RMSE"],
    "rmsle": ["RMSLE", "rmsle", "RMSLE"],
    "rmsle_columnwise": ["RMSLE", "mean_RMSLE", "RMSLE"],
    "mae": ["MAE", "mae", "MAE"],
    "r2": ["R2", "r2", "R2"],
}


@dataclass
class Ctx:
    profile: TaskProfile
    spec: ProgramSpec
    defect: str | None = None  # a render-level defect (defects.py); never in the spec
    names: Names = field(init=False)
    imports: Imports = field(default_factory=Imports)
    rng: random.Random = field(init=False)
    x_kind: str = "frame"  # frame | array | sparse: how X is indexed after preparation
    y_kind: str = "series"  # series | array | frame (multi-target DataFrame)

    def __post_init__(self) -> None:
        self.names = pick_names(self.spec.style.name_seed, not self.profile.is_classification)
        # comment wording and other cosmetic draws; seeded from the spec so re-renders match
        self.rng = random.Random(f"cosmetic|{self.spec.style.name_seed}|{self.spec.seed}")
        self.np = self.imports.module("numpy", "np")
        self.pd = self.imports.module("pandas", "pd")

    # --- references -----------------------------------------------------------
    @property
    def st(self) -> Any:
        return self.spec.style

    def ref(self, module: str, name: str) -> str:
        """How the program names `module.name`, registering the import it needs."""
        style = self.st.imports
        if module == "lightgbm":
            if style == "from":
                return self.imports.name("lightgbm", name)
            return f"{self.imports.module('lightgbm', 'lgb')}.{name}"
        alias = _SUBMODULE_ALIAS.get(module)
        use_module = alias is not None and (
            style == "module"
            or (style == "mixed" and module in ("sklearn.metrics", "sklearn.ensemble"))
        )
        if use_module:
            sub = module.rsplit(".", 1)[1]
            if alias != sub:
                self.imports.names.setdefault("sklearn", set()).add(f"{sub} as {alias}")
            else:
                self.imports.name("sklearn", sub)
            return f"{alias}.{name}"
        return self.imports.name(module, name)

    def metric_label(self) -> str:
        labels = METRIC_LABELS[self.profile.metric]
        return labels[self.st.metric_label % len(labels)]

    # --- messages -------------------------------------------------------------
    def fmt(self, parts: list[Any]) -> str:
        """A string expression from literal parts and (expression, spec) pairs."""
        style = self.st.fmt
        if style == "f":
            body = "".join(
                _esc_brace(p)
                if isinstance(p, str)
                else "{" + p[0] + (":" + p[1] if p[1] else "") + "}"
                for p in parts
            )
            return 'f"' + body + '"'
        args = [p[0] for p in parts if not isinstance(p, str)]
        if style == "format":
            body = "".join(
                _esc_brace(p) if isinstance(p, str) else "{" + (":" + p[1] if p[1] else "") + "}"
                for p in parts
            )
            return '"' + body + '".format(' + ", ".join(args) + ")"
        body = "".join(p.replace("%", "%%") if isinstance(p, str) else _pct(p[1]) for p in parts)
        if not args:
            return '"' + body + '"'
        if len(args) == 1:
            spec = next(p[1] for p in parts if not isinstance(p, str))
            # a bare %s may receive a tuple (a shape), which % would unpack
            return '"' + body + '" % ' + (f"({args[0]},)" if not spec else _paren(args[0]))
        return '"' + body + '" % (' + ", ".join(args) + ")"

    def say(
        self, w: Writer, parts: list[Any], site: str | None = None, always_print: bool = False
    ) -> None:
        """Print (or log) a message."""
        if self.st.log == "logging" and not always_print:
            args = [p[0] for p in parts if not isinstance(p, str)]
            body = "".join(
                p.replace("%", "%%") if isinstance(p, str) else _pct(p[1]) for p in parts
            )
            call = f'{self.names.logger}.info("{body}"' + "".join(", " + a for a in args) + ")"
            w(call, site)
            return
        w(f"print({self.fmt(parts)})", site)

    def comment(self, w: Writer, text: str, level: str = "sparse") -> None:
        """A comment, written only by authors whose style comments this much."""
        order = {"none": 0, "sparse": 1, "verbose": 2}
        if order[self.st.comments] >= order[level]:
            w(f"# {text}")

    def banner(self, w: Writer, text: str) -> None:
        if self.st.comments == "verbose":
            mark = "-" * 4 if self.spec.style.name_seed % 2 else "=" * 4
            w.blank()
            w(f"# {mark} {text} {mark}")

    def doc(self, w: Writer, text: str) -> None:
        if self.st.docstring:
            w(f'"""{text}"""')

    def list_lit(self, values: list[str] | tuple[str, ...]) -> str:
        return "[" + ", ".join(repr(v) for v in values) + "]"


def _esc_brace(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}").replace('"', '\\"')


def _pct(spec: str) -> str:
    if not spec:
        return "%s"
    if spec == "d":
        return "%d"
    return "%" + spec


def _paren(expr: str) -> str:
    simple = expr.replace("_", "").replace(".", "").isalnum()
    return expr if simple else f"({expr})"
