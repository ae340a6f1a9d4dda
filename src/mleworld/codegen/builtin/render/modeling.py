"""Model sections: the model factory (with its ColumnTransformer), fitting,
predicting in the submission's layout, and the competition metric.
"""

from __future__ import annotations

from mleworld.codegen.builtin.render.base import Refs, SectionBase
from mleworld.codegen.builtin.render.models import DENSE_ONLY, estimator
from mleworld.codegen.builtin.render.writer import Writer


class ModelSections(SectionBase):
    # --- the model factory ----------------------------------------------------------
    def base_estimator(self, family: str, params: dict) -> str:
        return estimator(self.ctx, family, params, self.classification)

    def model_expr_lines(self, w: Writer, kind_arg: str | None = None) -> str:
        """Lines that build the model (pipeline included); returns the final expression."""
        s, ctx = self.s, self.ctx
        ens = s.ensemble
        if ens and ens.get("how") == "voting":
            first = self.base_estimator(s.family, s.params)
            second = self.base_estimator(ens["family"], ens["params"])
            cls = "VotingClassifier" if self.classification else "VotingRegressor"
            voter = ctx.ref("sklearn.ensemble", cls)
            extra = ', voting="soft"' if self.classification else ""
            wt = ens["weight"]
            w(
                f'members = [("{s.family}", {first}), ("{ens["family"]}", {second})]',
                site="estimator",
            )
            est = f"{voter}(members{extra}, weights=[{wt}, {round(1 - wt, 3)}])"
        elif ens and kind_arg:
            w(f"if {kind_arg} == {ens['family']!r}:")
            w.depth += 1
            w(f"est = {self.base_estimator(ens['family'], ens['params'])}", site="estimator")
            w.depth -= 1
            with w.block("else:"):
                w(f"est = {self.base_estimator(s.family, s.params)}", site="estimator")
            est = "est"
        else:
            est = self.base_estimator(s.family, s.params)
        if s.style.prep_api == "pipeline":
            prep = self.preprocessor_lines(w)
            if est != "est" and len(est) > 60:
                w(f"est = {est}", site="estimator")
                est = "est"
            if s.style.pipeline_ctor == "helper":
                mp = ctx.ref("sklearn.pipeline", "make_pipeline")
                expr = f"{mp}({prep}, {est})"
            else:
                pl = ctx.ref("sklearn.pipeline", "Pipeline")
                expr = f'{pl}([("prep", {prep}), ("model", {est})])'
        else:
            expr = est
        if self.wrapped_target:
            ttr = ctx.ref("sklearn.compose", "TransformedTargetRegressor")
            expr = f"{ttr}(regressor={expr}, func={self.np}.log1p, inverse_func={self.np}.expm1)"
        return expr

    def preprocessor_lines(self, w: Writer) -> str:
        """Write the ColumnTransformer into `w`; return its variable name."""
        ctx, s, cols = self.ctx, self.s, self.cols
        hard = s.style.columns == "hardcoded"
        helper = s.style.pipeline_ctor == "helper"
        mk_pipe = ctx.ref("sklearn.pipeline", "make_pipeline") if helper else None
        pipe = None if helper else ctx.ref("sklearn.pipeline", "Pipeline")
        imputer = ctx.ref("sklearn.impute", "SimpleImputer")
        steps_num: list[tuple[str, str]] = []
        if s.num_impute == "zero":
            steps_num.append(("imputer", f'{imputer}(strategy="constant", fill_value=0)'))
        else:
            steps_num.append(("imputer", f'{imputer}(strategy="{s.num_impute}")'))
        if s.scale:
            steps_num.append(("scaler", f"{ctx.ref('sklearn.preprocessing', 'StandardScaler')}()"))
        dense = s.family in DENSE_ONLY or (s.ensemble or {}).get("family") in DENSE_ONLY
        if s.cat_encoding == "onehot":
            ohe = ctx.ref("sklearn.preprocessing", "OneHotEncoder")
            extra = ", sparse_output=False" if dense else ""
            enc = f'{ohe}(handle_unknown="ignore"{extra})'
            if cols.text_col and not dense:
                enc = f'{ohe}(handle_unknown="ignore", min_frequency=2)'
        else:
            oe = ctx.ref("sklearn.preprocessing", "OrdinalEncoder")
            enc = f'{oe}(handle_unknown="use_encoded_value", unknown_value=-1)'
        fill = (
            '"most_frequent"'
            if self.ctx.spec.style.name_seed % 2
            else '"constant", fill_value="missing"'
        )
        steps_cat = [("imputer", f"{imputer}(strategy={fill})"), ("encoder", enc)]

        def chain(steps: list[tuple[str, str]]) -> str:
            if len(steps) == 1:
                return steps[0][1]
            if helper:
                return f"{mk_pipe}(" + ", ".join(e for _, e in steps) + ")"
            inner = ", ".join(f'("{k}", {e})' for k, e in steps)
            return f"{pipe}([{inner}])"

        parts: list[tuple[str, str, str]] = []
        has_num = bool(cols.numeric) or (not hard and cols.use_tabular)
        has_cat = bool(cols.cats) or (not hard and cols.use_tabular and not cols.text_col)
        passthrough = False
        if not hard:
            sel = ctx.ref("sklearn.compose", "make_column_selector")
            num_sel, cat_sel = f'{sel}(dtype_include="number")', f'{sel}(dtype_exclude="number")'
            if ctx.defect == "string_feature" and has_cat:
                has_cat, passthrough = False, True
        else:
            num_sel, cat_sel = self.n.num_cols, self.n.cat_cols
        if has_num:
            w(f"numeric = {chain(steps_num)}")
            parts.append(("num", "numeric", num_sel))
        if has_cat:
            w(f"categorical = {chain(steps_cat)}")
            parts.append(("cat", "categorical", cat_sel))
        if cols.text_col:
            parts.append(("text", self.tfidf(), self.n.text_col))
        name = self.n.prep
        if helper:
            mct = ctx.ref("sklearn.compose", "make_column_transformer")
            inner = ", ".join(f"({t}, {c})" for _, t, c in parts)
            rest = ', remainder="passthrough"' if passthrough else ""
            w(f"{name} = {mct}({inner}{rest})", site="column_transformer")
        else:
            ct = ctx.ref("sklearn.compose", "ColumnTransformer")
            inner = ", ".join(f'("{k}", {t}, {c})' for k, t, c in parts)
            rest = ', remainder="passthrough"' if passthrough else ""
            w(f"{name} = {ct}([{inner}]{rest})", site="column_transformer")
        return name

    def make_model_function(self, w: Writer, name: str, args: str, self_arg: bool = False) -> None:
        kind = "kind" if self.s.ensemble and self.s.ensemble.get("how") == "blend" else None
        params = ([("self")] if self_arg else []) + ([args] if args else [])
        if kind:
            params.append(f"{kind}={self.s.family!r}")
        with w.block(f"def {name}({', '.join(params)}):"):
            self.ctx.doc(w, "A fresh, unfitted model.")
            body = Writer(depth=0)
            expr = self.model_expr_lines(body, kind)
            w.extend(body)
            w(f"return {expr}", site="model_return")

    # --- fitting and predicting -----------------------------------------------------
    def blend(self) -> bool:
        return bool(self.s.ensemble) and self.s.ensemble.get("how") == "blend"

    def new_model(self, r: Refs, kind: str | None = None) -> str:
        if r.make_model == "<inline>":
            return self.base_estimator(self.s.family, self.s.params)
        args = r.model_args
        if kind:
            args = f"{args}, {kind!r}" if args else repr(kind)
        return f"{r.make_model}({args})"

    def fit_lines(self, w: Writer, r: Refs, model: str, Xa: str, ya: str) -> None:
        """Fit `model` (one estimator, a pair for a blend, a list per target) on Xa, ya."""
        ctx, s, p = self.ctx, self.s, self.p
        yfit = f"{self.np}.log1p({ya})" if self.log_target and not self.wrapped_target else ya
        if p.is_multi_target:
            if s.style.multi_style == "wrapper":
                cls = "MultiOutputClassifier" if self.classification else "MultiOutputRegressor"
                wrap = ctx.ref("sklearn.multioutput", cls)
                w(f"{model} = {wrap}({self.new_model(r)})")
                w(f"{model}.fit({Xa}, {yfit})", site="fit")
                return
            w(f"{model} = []")
            with w.block(f"for col in {self.n.targets}:"):
                w(f"member = {self.new_model(r)}")
                w(f"member.fit({Xa}, {yfit}[col])", site="fit")
                w(f"{model}.append(member)")
            return
        if self.blend():
            first, second = s.family, s.ensemble["family"]  # type: ignore[index]
            w(f"model_a = {self.new_model(r, first)}")
            w(f"model_a.fit({Xa}, {yfit})", site="fit")
            w(f"model_b = {self.new_model(r, second)}")
            w(f"model_b.fit({Xa}, {yfit})")
            w(f"{model} = (model_a, model_b)")
            return
        w(f"{model} = {self.new_model(r)}")
        w(f"{model}.fit({Xa}, {yfit})", site="fit")

    def predict_expr(self, w: Writer, model: str, Xb: str, out: str, site: str) -> None:
        """Assign the predictions of `model` for Xb, in the submission's layout, to `out`."""
        p, np_ = self.p, self.np
        post = self._post
        if p.is_multi_target:
            if self.s.style.multi_style == "wrapper":
                if p.output == "proba_columns":
                    w(
                        f"{out} = {np_}.column_stack([pr[:, 1] for pr in {model}.predict_proba({Xb})])",
                        site=site,
                    )
                else:
                    w(f"{out} = {post(f'{model}.predict({Xb})')}", site=site)
                return
            if p.output == "proba_columns":
                w(
                    f"{out} = {np_}.column_stack([mm.predict_proba({Xb})[:, 1] for mm in {model}])",
                    site=site,
                )
            else:
                w(
                    f"{out} = {post(f'{np_}.column_stack([mm.predict({Xb}) for mm in {model}])')}",
                    site=site,
                )
            return
        if self.blend():
            wt = "BLEND_WEIGHT"
            w(f"model_a, model_b = {model}")
            if p.output == "label":
                w(
                    f"proba = {wt} * model_a.predict_proba({Xb}) + (1 - {wt}) * model_b.predict_proba({Xb})"
                )
                w(f"{out} = model_a.classes_[proba.argmax(axis=1)]", site=site)
            elif p.output == "proba":
                w(
                    f"{out} = {wt} * model_a.predict_proba({Xb})[:, 1] + (1 - {wt}) * model_b.predict_proba({Xb})[:, 1]",
                    site=site,
                )
            elif p.output == "proba_classes":
                w(
                    f"{out} = {wt} * model_a.predict_proba({Xb}) + (1 - {wt}) * model_b.predict_proba({Xb})",
                    site=site,
                )
            else:
                w(
                    f"{out} = {post(f'{wt} * model_a.predict({Xb}) + (1 - {wt}) * model_b.predict({Xb})')}",
                    site=site,
                )
            return
        if p.output == "label":
            w(f"{out} = {model}.predict({Xb})", site=site)
        elif p.output == "proba":
            w(f"{out} = {model}.predict_proba({Xb})[:, 1]", site=site)
        elif p.output == "proba_classes":
            if p.min_class_count and p.min_class_count < max(10, self.s.n_splits * 2):
                # a rare class can be missing from a training fold; keep the columns aligned
                w(f"{out} = {np_}.zeros(({Xb}.shape[0], {self.n_classes_expr}))")
                w(f"{out}[:, {model}.classes_] = {model}.predict_proba({Xb})", site=site)
            else:
                w(f"{out} = {model}.predict_proba({Xb})", site=site)
        else:
            w(f"{out} = {post(f'{model}.predict({Xb})')}", site=site)

    def _post(self, expr: str) -> str:
        np_ = self.np
        if self.log_target and not self.wrapped_target:
            expr = f"{np_}.expm1({expr})"
        if self.p.metric in ("rmsle", "rmsle_columnwise") or (
            self.p.nonnegative_target and self.log_target
        ):
            expr = f"{np_}.clip({expr}, 0, None)"
        return expr

    # --- the metric -----------------------------------------------------------------
    def score_needs_function(self) -> bool:
        return (
            self.p.metric in ("auc_columnwise", "rmsle_columnwise")
            or self.p.output == "label_columns"
        )

    def score_expr(self, yt: str, yp: str) -> str:
        ctx, np_, m = self.ctx, self.np, self.p.metric
        skm = "sklearn.metrics"
        alt = self.s.style.name_seed % 3
        if m == "accuracy":
            return f"{ctx.ref(skm, 'accuracy_score')}({yt}, {yp})"
        if m == "balanced_accuracy":
            return f"{ctx.ref(skm, 'balanced_accuracy_score')}({yt}, {yp})"
        if m == "f1_macro":
            return f'{ctx.ref(skm, "f1_score")}({yt}, {yp}, average="macro")'
        if m == "qwk":
            return f'{ctx.ref(skm, "cohen_kappa_score")}({yt}, {yp}, weights="quadratic")'
        if m == "auc":
            return f"{ctx.ref(skm, 'roc_auc_score')}({yt}, {yp})"
        if m == "logloss":
            if self.p.output == "proba_classes":
                return f"{ctx.ref(skm, 'log_loss')}({yt}, {yp}, labels=list(range({self.n_classes_expr})))"
            return f"{ctx.ref(skm, 'log_loss')}({yt}, {yp})"
        if m == "rmse":
            if alt == 0:
                return f"{ctx.ref(skm, 'root_mean_squared_error')}({yt}, {yp})"
            return f"{np_}.sqrt({ctx.ref(skm, 'mean_squared_error')}({yt}, {yp}))"
        if m == "rmsle":
            if alt == 0:
                return f"{np_}.sqrt({ctx.ref(skm, 'mean_squared_log_error')}({yt}, {yp}))"
            if alt == 1:
                return f"{ctx.ref(skm, 'root_mean_squared_log_error')}({yt}, {yp})"
            return f"{np_}.sqrt({np_}.mean(({np_}.log1p({yp}) - {np_}.log1p({yt})) ** 2))"
        if m == "mae":
            return f"{ctx.ref(skm, 'mean_absolute_error')}({yt}, {yp})"
        if m == "r2":
            return f"{ctx.ref(skm, 'r2_score')}({yt}, {yp})"
        raise ValueError(f"metric {m} needs a score function")

    def score_function(self, w: Writer, name: str, self_arg: bool = False) -> None:
        ctx, np_, m = self.ctx, self.np, self.p.metric
        args = "self, y_true, y_pred" if self_arg else "y_true, y_pred"
        with w.block(f"def {name}({args}):"):
            ctx.doc(w, f"The competition metric ({m}).")
            if m == "auc_columnwise":
                auc = ctx.ref("sklearn.metrics", "roc_auc_score")
                w(f"y_true = {np_}.asarray(y_true)")
                w(
                    f"return float({np_}.mean([{auc}(y_true[:, j], y_pred[:, j]) for j in range(y_true.shape[1])]))"
                )
            elif m == "rmsle_columnwise":
                w(f"y_true = {np_}.asarray(y_true, dtype=float)")
                w(
                    f"per_column = {np_}.sqrt({np_}.mean(({np_}.log1p(y_pred) - {np_}.log1p(y_true)) ** 2, axis=0))"
                )
                w(f"return float({np_}.mean(per_column))")
            elif self.p.output == "label_columns":
                w(f"y_true = {np_}.asarray(y_true)")
                inner = self.score_expr("y_true[:, j]", "y_pred[:, j]")
                w(f"return float({np_}.mean([{inner} for j in range(y_true.shape[1])]))")
            else:
                w(f"return {self.score_expr('y_true', 'y_pred')}")

    def score_call(self, r: Refs, yt: str, yp: str) -> str:
        if r.score_fn:
            return f"{r.score_fn}({yt}, {yp})"
        return self.score_expr(yt, yp)
