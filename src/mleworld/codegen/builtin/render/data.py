"""Data sections: constants, reading ./input/, feature blocks, X / y / X_test.

Pipeline-style programs stop at column selection (the model's ColumnTransformer
does the rest); manual-style programs impute, encode, scale and vectorise here
with pandas, scikit-learn transformers and scipy.sparse.
"""

from __future__ import annotations

from mleworld.codegen.builtin.render.base import Refs, SectionBase
from mleworld.codegen.builtin.render.columns import COMBINED_TEXT
from mleworld.codegen.builtin.render.writer import Writer


class DataSections(SectionBase):
    # --- constants -------------------------------------------------------------------
    def constants(self, w: Writer) -> None:
        ctx, n, p, st = self.ctx, self.n, self.p, self.s.style
        if st.paths == "pathlib":
            ctx.imports.name("pathlib", "Path")
            w('INPUT_DIR = Path("./input")', site="input_dir")
            w('OUTPUT_DIR = Path("./submission")')
        elif st.paths == "osjoin":
            ctx.imports.module("os")
            w('INPUT_DIR = "./input"', site="input_dir")
            w('OUTPUT_DIR = "./submission"')
        elif st.paths == "const":
            w('INPUT_DIR = "./input/"', site="input_dir")
            w('OUTPUT_DIR = "./submission/"')
        if p.onehot_labels or p.is_multi_target:
            w(f"{n.targets} = {ctx.list_lit(p.label_columns)}", site="target_const")
        else:
            w(f"{n.target} = {p.target!r}", site="target_const")
        w(f"{n.id_col} = {p.id_column!r}", site="id_const")
        if p.output == "proba_classes":
            cols = (
                [p.class_columns[c] for c in p.classes]
                if not p.onehot_labels
                else list(p.label_columns)
            )
            w(f"CLASS_COLUMNS = {ctx.list_lit(cols)}")
        if p.output == "proba" and not self._binary_numeric():
            w(f"POSITIVE_LABEL = {p.positive_label}")
        w(f"{n.seed} = {self.s.seed}")
        if self.s.validation == "kfold":
            w(f"{n.n_splits} = {self.s.n_splits}")
        if self.s.max_train_rows:
            w(f"MAX_TRAIN_ROWS = {self.s.max_train_rows}")
        if self.cols.text_col:
            w(f"{n.text_col} = {self.cols.text_col!r}")
        if st.columns == "hardcoded":
            if self.cols.numeric:
                w(f"{n.num_cols} = {ctx.list_lit(self.cols.numeric)}", site="num_cols")
            if self.cols.cats:
                w(f"{n.cat_cols} = {ctx.list_lit(self.cols.cats)}", site="cat_cols")
        if self.s.ensemble and self.s.ensemble.get("how") == "blend":
            w(f"BLEND_WEIGHT = {self.s.ensemble['weight']}")

    def _binary_numeric(self) -> bool:
        return self.p.label_numeric and set(self.p.classes) <= {"0", "1"}

    # --- load -----------------------------------------------------------------------
    def load(self, w: Writer, r: Refs) -> None:
        ctx = self.ctx
        ctx.comment(w, "Load the competition data")
        w(f"{r.train} = {self.pd}.read_csv({self.path_in('train.csv')})", site="load_train")
        w(f"{r.test} = {self.pd}.read_csv({self.path_in('test.csv')})", site="load_test")
        w(
            f"{r.sample} = {self.pd}.read_csv({self.path_in('sample_submission.csv')})",
            site="load_sample",
        )
        if self.p.extra_train_columns:
            extra = ctx.list_lit(self.p.extra_train_columns)
            ctx.comment(w, "these columns are not available for the test rows")
            w(f"{r.train} = {r.train}.drop(columns={extra})")
        if self.s.max_train_rows:
            ctx.comment(w, "cap the training rows to keep the run within the time limit")
            with w.block(f"if len({r.train}) > MAX_TRAIN_ROWS:"):
                w(
                    f"{r.train} = {r.train}.sample(n=MAX_TRAIN_ROWS, random_state={self.n.seed})"
                    ".reset_index(drop=True)"
                )
        if self.s.time_order:
            ctx.comment(w, "oldest rows first: the validation rows are the latest dates")
            date = self.p.date_columns[0]
            w(
                f"{r.train} = {r.train}.sort_values({date!r}).reset_index(drop=True)",
                site="time_sort",
            )
        if self.s.style.chatty:
            ctx.say(
                w,
                [
                    "Train shape: ",
                    (f"{r.train}.shape", ""),
                    ", test shape: ",
                    (f"{r.test}.shape", ""),
                ],
            )

    # --- features -------------------------------------------------------------------
    def has_features(self) -> bool:
        return bool(self.cols.blocks)

    def feature_lines(self, w: Writer, d: str, inplace: bool) -> None:
        """The feature blocks applied to one frame `d`."""
        ctx, np_, pd_ = self.ctx, self.np, self.pd
        cols = self.cols
        for block in cols.blocks:
            if block == "dates":
                dates = cols.dates
                if self.s.date_features:
                    ctx.comment(w, "calendar parts of the date columns")
                    loop = "col" if d != "col" else "c"
                    with w.block(f"for {loop} in {ctx.list_lit(dates)}:"):
                        w(f'parsed = {pd_}.to_datetime({d}[{loop}], errors="coerce")')
                        w(f'{d}[{loop} + "_year"] = parsed.dt.year')
                        w(f'{d}[{loop} + "_month"] = parsed.dt.month')
                        w(f'{d}[{loop} + "_dayofweek"] = parsed.dt.day_of_week')
                else:
                    ctx.comment(w, "raw date strings are not used as features")
                self._drop(w, d, ctx.list_lit(dates), inplace)
            elif block == "missing_count":
                w(f'{d}["n_missing"] = {d}.isna().sum(axis=1)')
            elif block == "log_skewed":
                ctx.comment(w, "long-tailed positive columns on a log scale")
                with w.block(f"for col in {ctx.list_lit(self.p.skewed_columns)}:"):
                    w(f"{d}[col] = {np_}.log1p({d}[col].clip(lower=0))")
            elif block == "row_stats":
                base = ctx.list_lit(cols.base_numeric)
                w(f'{d}["num_mean"] = {d}[{base}].mean(axis=1)')
                w(f'{d}["num_std"] = {d}[{base}].std(axis=1)')
            elif block == "ratio":
                a, b = cols.base_numeric[:2]
                w(f'{d}["{a}_per_{b}"] = {d}[{a!r}] / ({d}[{b!r}].abs() + 1)')
            elif block == "combine_text":
                ctx.comment(w, "one text field for the vectorizer")
                parts = ' + " " + '.join(f'{d}[{c!r}].fillna("")' for c in cols.text)
                w(f'{d}["{COMBINED_TEXT}"] = {parts}')
            elif block == "text_stats":
                with w.block(f"for col in {ctx.list_lit(cols.text)}:"):
                    w(f'{d}[col + "_len"] = {d}[col].fillna("").str.len()')
                    w(f'{d}[col + "_words"] = {d}[col].fillna("").str.split().str.len()')

    def _drop(self, w: Writer, d: str, cols: str, inplace: bool) -> None:
        if inplace:
            with w.block(f"for col in {cols}:"):
                w(f"del {d}[col]")
        else:
            w(f"{d} = {d}.drop(columns={cols})")

    def features_function(self, w: Writer, name: str, self_arg: bool = False) -> None:
        """def add_features(df): ... return df"""
        d = "df" if self.n.train != "df" else "frame"
        args = f"self, {d}" if self_arg else d
        with w.block(f"def {name}({args}):"):
            self.ctx.doc(w, "Add engineered columns to one frame.")
            w(f"{d} = {d}.copy()")
            self.feature_lines(w, d, inplace=False)
            w(f"return {d}")

    def features_apply(self, w: Writer, r: Refs) -> None:
        """Apply the feature blocks to train and test in the spec's style."""
        ctx, st = self.ctx, self.s.style
        ctx.banner(w, "Feature engineering")
        if st.fe_style == "function":
            w(f"{r.train} = {r.add_features}({r.train})")
            w(f"{r.test} = {r.add_features}({r.test})")
        elif st.fe_style == "loop":
            d = "frame" if self.n.train != "frame" else "part"
            with w.block(f"for {d} in ({r.train}, {r.test}):"):
                self.feature_lines(w, d, inplace=True)
        else:
            full = self.n.full
            targets = self.target_list()
            w(f"n_train = len({r.train})")
            w(f"labels = {r.train}[{targets}].reset_index(drop=True)")
            w(
                f"{full} = {self.pd}.concat([{r.train}.drop(columns={targets}), {r.test}], ignore_index=True)"
            )
            self.feature_lines(w, full, inplace=False)
            w(
                f"{r.train} = {self.pd}.concat([{full}.iloc[:n_train].reset_index(drop=True), labels], axis=1)"
            )
            w(f"{r.test} = {full}.iloc[n_train:].reset_index(drop=True)")

    # --- X, y, X_test ---------------------------------------------------------------
    def prepare(self, w: Writer, r: Refs) -> None:
        ctx, n, st = self.ctx, self.n, self.s.style
        pd_ = self.pd
        cols = self.cols
        ctx.banner(w, "Build the feature matrices")
        if self.s.high_card == "frequency" and cols.high_card and cols.use_tabular:
            ctx.comment(w, "frequency-encode the high-cardinality string columns")
            with w.block(f"for col in {ctx.list_lit(cols.high_card)}:"):
                w(f"counts = {pd_}.concat([{r.train}[col], {r.test}[col]]).value_counts()")
                w(f'{r.train}[col + "_freq"] = {r.train}[col].map(counts).fillna(0)')
                w(f'{r.test}[col + "_freq"] = {r.test}[col].map(counts).fillna(0)')
        pipeline = st.prep_api == "pipeline"
        text = cols.text_col
        if st.columns == "hardcoded":
            feats = []
            if cols.numeric:
                feats.append(n.num_cols)
            if cols.cats:
                feats.append(n.cat_cols)
            if text:
                feats.append(f"[{n.text_col}]")
            w(f"feature_cols = {' + '.join(feats) if feats else '[]'}", site="feature_cols")
        else:
            self._infer_columns(w, r)
        w(f"{r.X} = {r.train}[feature_cols].copy()", site="build_X")
        w(f"{r.X_test} = {r.test}[feature_cols].copy()", site="build_X_test")
        if self.p.bool_columns and cols.use_tabular:
            ctx.comment(w, "True/False columns as 0/1")
            w(f'bool_cols = {r.X}.select_dtypes(include="bool").columns')
            w(f"{r.X}[bool_cols] = {r.X}[bool_cols].astype(int)")
            w(f"{r.X_test}[bool_cols] = {r.X_test}[bool_cols].astype(int)")
        if text:
            w(f'{r.X}[{n.text_col}] = {r.X}[{n.text_col}].fillna("")')
            w(f'{r.X_test}[{n.text_col}] = {r.X_test}[{n.text_col}].fillna("")')
        self._target(w, r)
        if pipeline:
            ctx.x_kind = "frame"
        else:
            self._manual_preprocessing(w, r)
        if st.chatty:
            ctx.say(
                w, ["Features: ", (f"{r.X}.shape[1]", "d"), ", rows: ", (f"{r.X}.shape[0]", "d")]
            )

    def num_ref(self) -> str:
        return self.n.num_cols if self.s.style.columns == "hardcoded" else "num_cols"

    def cat_ref(self) -> str:
        return self.n.cat_cols if self.s.style.columns == "hardcoded" else "cat_cols"

    def _infer_columns(self, w: Writer, r: Refs) -> None:
        ctx, n = self.ctx, self.n
        cols = self.cols
        text = cols.text_col
        ctx.comment(w, "infer column types from the data")
        w(f"candidates = [c for c in {r.test}.columns if c != {n.id_col}]")
        if not cols.use_tabular:
            w(f"feature_cols = [{n.text_col}]")
            return
        skip = f" and c != {n.text_col}" if text else ""
        raw = [c for c in self.p.text_columns if c != text]
        if raw:
            skip += f" and c not in {ctx.list_lit(raw)}"
        if ctx.defect == "string_feature":
            w(f"num_cols = [c for c in candidates if c != {n.id_col}{skip}]", site="infer_num")
        else:
            w(
                f"num_cols = [c for c in candidates if {self.pd}.api.types.is_numeric_dtype({r.train}[c]){skip}]",
                site="infer_num",
            )
        if text:
            # free text stays with the vectorizer; the other string columns are left out
            w(f"feature_cols = num_cols + [{n.text_col}]")
            return
        w(
            f"cat_cols = [c for c in candidates if c not in num_cols and {r.train}[c].nunique() <= 50]",
            site="infer_cat",
        )
        w("feature_cols = num_cols + cat_cols")

    def _target(self, w: Writer, r: Refs) -> None:
        ctx, n, p = self.ctx, self.n, self.p
        if p.onehot_labels:
            w(f"{r.y} = {r.train}[{n.targets}].to_numpy().argmax(axis=1)", site="build_y")
            ctx.y_kind = "array"
        elif p.is_multi_target:
            w(f"{r.y} = {r.train}[{n.targets}]", site="build_y")
            ctx.y_kind = "frame"
        elif p.output == "proba_classes":
            le = ctx.ref("sklearn.preprocessing", "LabelEncoder")
            w(f"label_encoder = {le}()")
            w(f"{r.y} = label_encoder.fit_transform({r.train}[{n.target}])", site="build_y")
            ctx.y_kind = "array"
        elif p.output == "proba" and not self._binary_numeric():
            w(f"{r.y} = ({r.train}[{n.target}] == POSITIVE_LABEL).astype(int)", site="build_y")
            ctx.y_kind = "series"
        else:
            w(f"{r.y} = {r.train}[{n.target}]", site="build_y")
            ctx.y_kind = "series"

    def _manual_preprocessing(self, w: Writer, r: Refs) -> None:
        ctx, s, cols = self.ctx, self.s, self.cols
        np_, pd_ = self.np, self.pd
        X, Xt = r.X, r.X_test
        num, cat = self.num_ref(), self.cat_ref()
        hard = s.style.columns == "hardcoded"
        has_num = bool(cols.numeric) or not hard
        text = cols.text_col
        has_cat = bool(cols.cats) or (not hard and cols.use_tabular and not text)
        if has_num and cols.use_tabular:
            ctx.comment(w, "fill missing numbers")
            if s.num_impute == "zero":
                w(f"{X}[{num}] = {X}[{num}].fillna(0)")
                w(f"{Xt}[{num}] = {Xt}[{num}].fillna(0)")
            else:
                w(f"fill_values = {X}[{num}].{s.num_impute}()")
                w(f"{X}[{num}] = {X}[{num}].fillna(fill_values)")
                w(f"{Xt}[{num}] = {Xt}[{num}].fillna(fill_values)")
        if text:
            vec = self.n.vec
            w(f"{vec} = {self.tfidf()}")
            w(f"text_train = {vec}.fit_transform({X}[{self.n.text_col}])")
            w(f"text_test = {vec}.transform({Xt}[{self.n.text_col}])")
            w(f"{X} = {X}.drop(columns=[{self.n.text_col}])")
            w(f"{Xt} = {Xt}.drop(columns=[{self.n.text_col}])")
        enc = s.cat_encoding
        if has_cat:
            if enc == "onehot":
                ctx.comment(w, "one-hot encode the categorical columns on train and test together")
                w(f'both = {pd_}.concat([{X}, {Xt}], keys=["train", "test"])')
                w(f"both = {pd_}.get_dummies(both, columns={cat}, dummy_na=True, dtype=float)")
                w(f'{X}, {Xt} = both.loc["train"], both.loc["test"]')
            elif enc == "category":
                ctx.comment(w, "LightGBM handles pandas categories natively")
                with w.block(f"for col in {cat}:"):
                    w(
                        f'levels = {pd_}.concat([{X}[col], {Xt}[col]]).astype("category").cat.categories'
                    )
                    w(f"{X}[col] = {pd_}.Categorical({X}[col], categories=levels)")
                    w(f"{Xt}[col] = {pd_}.Categorical({Xt}[col], categories=levels)")
            elif enc == "frequency":
                with w.block(f"for col in {cat}:"):
                    w(f"freq = {pd_}.concat([{X}[col], {Xt}[col]]).value_counts(normalize=True)")
                    w(f"{X}[col] = {X}[col].map(freq).fillna(0).astype(float)")
                    w(f"{Xt}[col] = {Xt}[col].map(freq).fillna(0).astype(float)")
            else:
                ctx.comment(w, "integer codes for the categorical columns")
                with w.block(f"for col in {cat}:"):
                    w(f"codes, _ = {pd_}.factorize({pd_}.concat([{X}[col], {Xt}[col]]))")
                    w(f"{X}[col] = codes[: len({X})]")
                    w(f"{Xt}[col] = codes[len({X}) :]")
        if enc == "category" and not text:
            ctx.x_kind = "frame"
            return
        if s.scale and cols.use_tabular:
            scaler = ctx.ref("sklearn.preprocessing", "StandardScaler")
            w(f"scaler = {scaler}()")
            w(f"{X} = scaler.fit_transform({X})")
            w(f"{Xt} = scaler.transform({Xt})")
            dense = "array"
        else:
            w(f"{X} = {X}.to_numpy(dtype={np_}.float32)", site="to_numpy")
            w(f"{Xt} = {Xt}.to_numpy(dtype={np_}.float32)")
            dense = "array"
        if text:
            hstack = ctx.ref("scipy.sparse", "hstack")
            csr = ctx.ref("scipy.sparse", "csr_matrix")
            if cols.use_tabular:
                w(f"{X} = {hstack}([text_train, {csr}({X})]).tocsr()")
                w(f"{Xt} = {hstack}([text_test, {csr}({Xt})]).tocsr()")
            else:
                w(f"{X}, {Xt} = text_train, text_test")
            dense = "sparse"
        ctx.x_kind = dense

    def tfidf(self) -> str:
        t = self.s.text
        vec = self.ctx.ref("sklearn.feature_extraction.text", "TfidfVectorizer")
        args = [f"max_features={t.get('max_features', 20000)}"]
        ngram = t.get("ngram_max", 1)
        if t.get("analyzer") == "char_wb":
            args.append('analyzer="char_wb"')
            args.append(f"ngram_range=(2, {max(3, ngram + 2)})")
        elif ngram > 1:
            args.append(f"ngram_range=(1, {ngram})")
        if t.get("sublinear_tf"):
            args.append("sublinear_tf=True")
        if t.get("min_df", 1) > 1:
            args.append(f"min_df={t['min_df']}")
        if t.get("stop_words") and t.get("analyzer") != "char_wb":
            args.append('stop_words="english"')
        return f"{vec}({', '.join(args)})"
