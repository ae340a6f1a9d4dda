"""Program layout: flat script, `main()`, helper functions, or a class.

`render(spec, profile)` writes the sections of sections.py / flow.py into the
structure the spec's style asks for, then the imports (collected while writing)
in the author's import style, and puts the spec line on top. `overrides` change
what is written without changing the embedded spec (used for injected defects);
`defect` names a render-level defect (see defects.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.render import flow
from mleworld.codegen.builtin.render.columns import plan_columns
from mleworld.codegen.builtin.render.context import Ctx
from mleworld.codegen.builtin.render.models import FAMILY_TITLES
from mleworld.codegen.builtin.render.sections import Refs, Sections
from mleworld.codegen.builtin.render.writer import Imports, Writer
from mleworld.codegen.builtin.spec import ProgramSpec

_STDLIB = {"os", "logging", "warnings", "pathlib", "sys", "json", "time", "random"}


@dataclass
class Program:
    code: str
    sites: dict[str, list[int]]  # site tag -> 1-based line numbers


def render(
    spec: ProgramSpec,
    profile: TaskProfile,
    overrides: dict[str, Any] | None = None,
    defect: str | None = None,
) -> Program:
    eff = spec.copy(**overrides) if overrides else spec
    ctx = Ctx(profile, eff)
    ctx.defect = defect
    cols = plan_columns(profile, eff)
    if defect == "string_feature":
        _string_feature(cols)
    S = Sections(ctx, cols)
    structure = eff.style.structure
    if structure == "class":
        out = _class_layout(S)
    elif structure == "helpers":
        out = _helpers_layout(S)
    else:
        out = _script_layout(S, main=structure == "main")

    head = Writer()
    head(spec.header())
    if eff.style.docstring:
        what = FAMILY_TITLES.get(eff.family, eff.family)
        how = "K-fold cross-validation" if eff.validation == "kfold" else "a hold-out split"
        if eff.time_order:
            how = "time-ordered " + ("folds" if eff.validation == "kfold" else "validation")
        head(f'"""{profile.task_id}: {what}, scored with {how}."""')
        head.blank()
    setup = Writer()
    if eff.style.warnings_off:
        ctx.imports.module("warnings")
        setup('warnings.filterwarnings("ignore")')
    if eff.style.log == "logging":
        ctx.imports.module("logging")
        fmt = ["%(message)s", "[%(levelname)s] %(message)s", "%(asctime)s %(message)s"]
        setup(f'logging.basicConfig(level=logging.INFO, format="{fmt[eff.style.name_seed % 3]}")')
        setup(f"{ctx.names.logger} = logging.getLogger(__name__)")
    full = Writer()
    full.extend(head)
    full.extend(_imports(ctx.imports, eff.style.imports, eff.style.import_order))
    full.blank()
    if setup.lines:
        full.extend(setup)
        full.blank()
    full.extend(out)
    code, sites = full.render()
    return Program(code, sites)


def _string_feature(cols: Any) -> None:
    """Defect: a string column is listed with the numeric columns (never encoded)."""
    if cols.categorical:
        col = cols.categorical.pop(0)
    elif cols.high_card:
        col = cols.high_card[0]
    else:
        return
    cols.base_numeric.append(col)


# --- structures ---------------------------------------------------------------


def _plain_refs(S: Sections, fit: bool, inline_model: bool) -> Refs:
    n = S.n
    use_score_fn = S.score_needs_function() or fit or S.s.style.name_seed % 2 == 0
    return Refs(
        train=n.train,
        test=n.test,
        sample=n.sample,
        X=n.X,
        y=n.y,
        X_test=n.X_test,
        test_pred=n.test_pred,
        score=n.score,
        make_model="<inline>" if inline_model else n.make_model,
        add_features=n.add_features,
        fit=n.fit if fit else None,
        predict=n.predict if fit else None,
        score_fn=n.score_fn if use_score_fn else None,
    )


def _inline_model(S: Sections) -> bool:
    s = S.s
    return (
        s.style.prep_api == "manual"
        and s.style.structure == "flat"
        and not s.ensemble
        and not S.wrapped_target
        and s.style.name_seed % 4 == 0
    )


def _constants(S: Sections) -> Writer:
    w = Writer()
    S.ctx.comment(w, "paths and settings", "verbose")
    S.constants(w)
    return w


def _defs(S: Sections, r: Refs, self_arg: bool = False) -> Writer:
    w = Writer()
    n, st = S.n, S.s.style
    if r.make_model != "<inline>":
        S.make_model_function(w, n.make_model, r.model_args, self_arg)
        w.blank(2)
    if S.has_features() and st.fe_style == "function":
        if self_arg:
            w("@staticmethod")
        S.features_function(w, n.add_features)
        w.blank(2)
    if r.score_fn:
        S.score_function(w, n.score_fn, self_arg)
        w.blank(2)
    return w


def _validation(S: Sections, w: Writer, r: Refs, keep: str | None) -> None:
    s = S.s
    if s.validation == "kfold":
        flow.kfold(S, w, r, average_test=s.final_fit == "fold_average")
    else:
        flow.holdout(S, w, r, keep_model=keep)


def _script_layout(S: Sections, main: bool) -> Writer:
    r = _plain_refs(S, fit=False, inline_model=_inline_model(S))
    reuse = S.n.model if S.s.validation == "holdout" and S.s.final_fit == "reuse" else None
    body = Writer()
    S.load(body, r)
    if S.has_features():
        S.features_apply(body, r)
    S.prepare(body, r)
    _validation(S, body, r, reuse)
    flow.final_fit(S, body, r, reuse)
    flow.submission(S, body, r)

    out = Writer()
    out.extend(_constants(S))
    out.blank(2)
    out.extend(_defs(S, r))
    if not main:
        out.extend(body)
        return out
    with out.block("def main():"):
        S.ctx.doc(out, "Train, validate and write the submission.")
        out.extend(body)
    out.blank(2)
    with out.block('if __name__ == "__main__":'):
        out("main()")
    return out


def _helpers_layout(S: Sections) -> Writer:
    n, s, st = S.n, S.s, S.s.style
    r = _plain_refs(S, fit=True, inline_model=False)
    fns = Writer()
    fns.extend(_defs(S, r))

    load = Writer()
    with load.block(f"def {n.load}():"):
        S.ctx.doc(load, "Read train, test and the sample submission.")
        S.load(load, r)
        load(f"return {r.train}, {r.test}, {r.sample}")

    engineer = Writer()
    fe_call: list[str] = []
    if S.has_features():
        if st.fe_style == "function":
            fe_call = [
                f"{r.train} = {n.add_features}({r.train})",
                f"{r.test} = {n.add_features}({r.test})",
            ]
        else:
            with engineer.block(f"def engineer({r.train}, {r.test}):"):
                S.features_apply(engineer, r)
                engineer(f"return {r.train}, {r.test}")
            fe_call = [f"{r.train}, {r.test} = engineer({r.train}, {r.test})"]

    prepare = Writer()
    with prepare.block(f"def {n.prepare}({r.train}, {r.test}):"):
        S.ctx.doc(prepare, "Feature matrices and the target.")
        S.prepare(prepare, r)
        prepare(f"return {r.X}, {r.y}, {r.X_test}")

    fit = Writer()
    with fit.block(f"def {n.fit}({n.X_tr}, {n.y_tr}):"):
        S.fit_lines(fit, r, n.model, n.X_tr, n.y_tr)
        fit(f"return {n.model}")
    pred = Writer()
    with pred.block(f"def {n.predict}({n.model}, data):"):
        S.predict_expr(pred, n.model, "data", "preds", "predict_body")
        pred("return preds")

    fold_avg = s.validation == "kfold" and s.final_fit == "fold_average"
    reuse = s.validation == "holdout" and s.final_fit == "reuse"
    validate = Writer()
    args = f"{r.X}, {r.y}, {r.X_test}" if fold_avg else f"{r.X}, {r.y}"
    with validate.block(f"def {n.validate}({args}):"):
        S.ctx.doc(validate, "Estimate the score on data the model did not see.")
        _validation(S, validate, r, n.model if reuse else None)
        if fold_avg:
            validate(f"return {r.score}, {r.test_pred}")
        elif reuse:
            validate(f"return {r.score}, {n.model}")
        else:
            validate(f"return {r.score}")

    submit = Writer()
    with submit.block(f"def {n.submit}({r.test}, {r.sample}, {r.test_pred}):"):
        flow.submission(S, submit, r)

    main = Writer()
    main(f"{r.train}, {r.test}, {r.sample} = {n.load}()")
    for line in fe_call:
        main(line)
    main(f"{r.X}, {r.y}, {r.X_test} = {n.prepare}({r.train}, {r.test})")
    if fold_avg:
        main(f"{r.score}, {r.test_pred} = {n.validate}({r.X}, {r.y}, {r.X_test})")
    elif reuse:
        main(f"{r.score}, {n.model} = {n.validate}({r.X}, {r.y})")
        main(f"{r.test_pred} = {n.predict}({n.model}, {r.X_test})", site="test_predict")
    else:
        main(f"{r.score} = {n.validate}({r.X}, {r.y})")
        main(f"final_model = {n.fit}({r.X}, {r.y})", site="fit_call")
        main(f"{r.test_pred} = {n.predict}(final_model, {r.X_test})", site="test_predict")
    main(f"{n.submit}({r.test}, {r.sample}, {r.test_pred})")

    out = Writer()
    out.extend(_constants(S))
    out.blank(2)
    for part in (load, engineer, prepare, fns, fit, pred, validate, submit):
        if part.lines:
            out.extend(part)
            out.blank(2)
    if st.name_seed % 2:
        with out.block("def main():"):
            out.extend(main)
        out.blank(2)
        with out.block('if __name__ == "__main__":'):
            out("main()")
    else:
        out.extend(main)
    return out


def _class_layout(S: Sections) -> Writer:
    n, s, st = S.n, S.s, S.s.style
    me = "self."
    use_score_fn = True
    r = Refs(
        train=me + n.train,
        test=me + n.test,
        sample=me + n.sample,
        X=me + n.X,
        y=me + n.y,
        X_test=me + n.X_test,
        test_pred=me + n.test_pred,
        score=me + n.score,
        make_model=me + n.make_model,
        add_features=me + n.add_features,
        fit=me + n.fit,
        predict=me + n.predict,
        score_fn=me + n.score_fn if use_score_fn else None,
    )
    fold_avg = s.validation == "kfold" and s.final_fit == "fold_average"
    reuse = s.validation == "holdout" and s.final_fit == "reuse"
    cls = Writer()
    with cls.block(f"class {n.cls}:"):
        if S.s.style.docstring:
            S.ctx.doc(cls, "Loads the data, validates a model and writes the submission.")
            cls.blank()
        with cls.block("def __init__(self):"):
            cls(f"{r.score} = None")
            cls(f"{r.test_pred} = None")
        cls.blank()
        with cls.block(f"def {n.load}(self):"):
            S.load(cls, r)
        cls.blank()
        if S.has_features():
            if st.fe_style == "function":
                cls("@staticmethod")
                S.features_function(cls, n.add_features)
                cls.blank()
            with cls.block("def engineer(self):"):
                S.features_apply(cls, r)
            cls.blank()
        with cls.block(f"def {n.prepare}(self):"):
            S.prepare(cls, r)
        cls.blank()
        S.make_model_function(cls, n.make_model, "", self_arg=True)
        cls.blank()
        with cls.block(f"def {n.fit}(self, {n.X_tr}, {n.y_tr}):"):
            S.fit_lines(cls, r, n.model, n.X_tr, n.y_tr)
            cls(f"return {n.model}")
        cls.blank()
        with cls.block(f"def {n.predict}(self, {n.model}, data):"):
            S.predict_expr(cls, n.model, "data", "preds", "predict_body")
            cls("return preds")
        cls.blank()
        S.score_function(cls, n.score_fn, self_arg=True)
        cls.blank()
        with cls.block(f"def {n.validate}(self):"):
            _validation(S, cls, r, "self.holdout_model" if reuse else None)
        cls.blank()
        if not fold_avg:
            with cls.block("def fit_full(self):"):
                flow.final_fit(S, cls, r, "self.holdout_model" if reuse else None)
            cls.blank()
        with cls.block(f"def {n.submit}(self):"):
            flow.submission(S, cls, r)
        cls.blank()
        with cls.block("def run(self):"):
            cls(f"self.{n.load}()")
            if S.has_features():
                cls("self.engineer()")
            cls(f"self.{n.prepare}()")
            cls(f"self.{n.validate}()")
            if not fold_avg:
                cls("self.fit_full()")
            cls(f"self.{n.submit}()")
            cls(f"return {r.score}")
    out = Writer()
    out.extend(_constants(S))
    out.blank(2)
    out.extend(cls)
    out.blank(2)
    with out.block('if __name__ == "__main__":'):
        out(f"{n.cls}().run()")
    return out


# --- imports --------------------------------------------------------------------


def _imports(imports: Imports, style: str, order: str) -> Writer:
    lines: list[tuple[str, str]] = []  # (sort key, text)
    for module, alias in imports.modules.items():
        text = f"import {module}" + (f" as {alias}" if alias else "")
        lines.append((module, text))
    for module, names in imports.names.items():
        ordered = sorted(names, key=lambda x: x.lower())
        if order == "loose" and len(ordered) > 1 and style != "module":
            for name in ordered:
                lines.append((module, f"from {module} import {name}"))
            continue
        text = f"from {module} import {', '.join(ordered)}"
        if len(text) > 99:
            inner = "".join(f"    {name},\n" for name in ordered)
            text = f"from {module} import (\n{inner})"
        lines.append((module, text))
    w = Writer()
    if order == "loose":
        first = [t for k, t in lines if k in ("numpy", "pandas")]
        rest = [t for k, t in lines if k not in ("numpy", "pandas")]
        for text in first + rest:
            w(text)
        return w
    if order == "sorted":
        for _, text in sorted(lines, key=lambda kt: (kt[1].startswith("from"), kt[0])):
            w(text)
        return w
    std = sorted((kt for kt in lines if kt[0].split(".")[0] in _STDLIB), key=lambda kt: kt[0])
    third = sorted((kt for kt in lines if kt[0].split(".")[0] not in _STDLIB), key=lambda kt: kt[0])
    for _, text in std:
        w(text)
    if std:
        w.blank()
    for _, text in third:
        w(text)
    return w
