"""Validation, the final fit and the submission: the second half of every program.

Hold-out or (repeated) K-fold with a line per fold and an overall score (on a
date task possibly time-ordered: the latest rows held out, or TimeSeriesSplit), the
refit on all rows (or the average of the fold models, or the hold-out model
reused), and the write of ./submission/submission.csv. The score line is
always one a metric parser reads: ``Validation <metric>: <v>``,
``CV <metric>: <v>`` or ``Final validation score: <v>``.
"""

from __future__ import annotations

from mleworld.codegen.builtin.render.sections import Refs, Sections
from mleworld.codegen.builtin.render.writer import Writer


def fit_unit(S: Sections, w: Writer, r: Refs, model: str, Xa: str, ya: str) -> None:
    if r.fit:
        w(f"{model} = {r.fit}({Xa}, {ya})", site="fit_call")
    else:
        S.fit_lines(w, r, model, Xa, ya)


def predict_unit(S: Sections, w: Writer, r: Refs, model: str, Xb: str, out: str, site: str) -> None:
    if r.predict:
        w(f"{out} = {r.predict}({model}, {Xb})", site=site)
    else:
        S.predict_expr(w, model, Xb, out, site)


def stratify_ok(S: Sections) -> bool:
    p = S.p
    return (
        p.is_classification
        and not p.is_multi_target
        and (p.min_class_count >= 2 or p.onehot_labels)
    )


def score_line(S: Sections, w: Writer, value: str, kfold: bool) -> None:
    ctx = S.ctx
    label = ctx.metric_label()
    form = ctx.spec.style.score_line
    if form == "cv" and kfold:
        ctx.say(w, [f"CV {label}: ", (value, ".4f")], site="score_print", always_print=True)
    elif form == "final":
        ctx.say(w, [f"{label} on held-out data: ", (value, ".5f")])
        ctx.say(
            w, ["Final validation score: ", (value, ".4f")], site="score_print", always_print=True
        )
    else:
        ctx.say(w, [f"Validation {label}: ", (value, ".4f")], site="score_print", always_print=True)


def holdout(S: Sections, w: Writer, r: Refs, keep_model: str | None) -> None:
    """Split once, fit, score. `keep_model`: the name the fitted model keeps for reuse."""
    ctx, n, s = S.ctx, S.n, S.s
    ctx.banner(w, "Hold-out validation")
    share = int(s.val_size * 100)
    ctx.comment(
        w,
        f"the latest {share}% of the rows estimate the score"
        if s.time_order
        else f"keep {share}% of the rows aside to estimate the score",
    )
    if s.time_order and s.style.name_seed % 2:
        # the same tail cut, written out by hand
        w(f"cut = int({S.n_rows(r.X)} * {1 - s.val_size:g})")
        xk, yk = ctx.x_kind, ctx.y_kind
        w(f"{n.X_tr}, {n.X_va} = {S.idx(r.X, ':cut', xk)}, {S.idx(r.X, 'cut:', xk)}", site="split")
        w(f"{n.y_tr}, {n.y_va} = {S.idx(r.y, ':cut', yk)}, {S.idx(r.y, 'cut:', yk)}")
    else:
        tts = ctx.ref("sklearn.model_selection", "train_test_split")
        how = f"random_state={n.seed}" + (f", stratify={r.y}" if stratify_ok(S) else "")
        w(
            f"{n.X_tr}, {n.X_va}, {n.y_tr}, {n.y_va} = {tts}("
            f"{r.X}, {r.y}, test_size={s.val_size}, {'shuffle=False' if s.time_order else how})",
            site="split",
        )
    model = keep_model or n.model
    fit_unit(S, w, r, model, n.X_tr, n.y_tr)
    predict_unit(S, w, r, model, n.X_va, n.val_pred, "val_predict")
    w(f"{r.score} = {S.score_call(r, n.y_va, n.val_pred)}", site="score")
    score_line(S, w, r.score, kfold=False)


def kfold(S: Sections, w: Writer, r: Refs, average_test: bool) -> None:
    ctx, n, s, p, np_ = S.ctx, S.n, S.s, S.p, S.np
    ctx.banner(w, "Cross-validation")
    stratified = stratify_ok(S) and p.min_class_count >= s.n_splits
    if s.time_order:
        ctx.comment(w, "each fold trains on earlier dates and validates on the next ones")
        cls = "TimeSeriesSplit"
        splitter = f"{ctx.ref('sklearn.model_selection', cls)}(n_splits={n.n_splits})"
    elif s.n_repeats > 1:
        cls = "RepeatedStratifiedKFold" if stratified else "RepeatedKFold"
        splitter = (
            f"{ctx.ref('sklearn.model_selection', cls)}(n_splits={n.n_splits}, "
            f"n_repeats={s.n_repeats}, random_state={n.seed})"
        )
    else:
        cls = "StratifiedKFold" if stratified else "KFold"
        splitter = (
            f"{ctx.ref('sklearn.model_selection', cls)}(n_splits={n.n_splits}, "
            f"shuffle=True, random_state={n.seed})"
        )
    w(f"{n.splitter} = {splitter}", site="splitter")
    rows, train_rows = S.n_rows(r.X_test), S.n_rows(r.X)
    width = _pred_width(S)
    use_oof = s.cv_score == "oof" and p.output not in ("label", "label_columns")
    if use_oof:
        shape = train_rows if width is None else f"({train_rows}, {width})"
        w(f"{n.oof} = {np_}.zeros({shape})")
    if average_test:
        shape = rows if width is None else f"({rows}, {width})"
        w(f"{r.test_pred} = {np_}.zeros({shape})")
    w(f"{n.scores} = []")
    split_y = r.y
    head = f"for {n.fold}, ({n.tr_idx}, {n.va_idx}) in enumerate({n.splitter}.split({r.X}, {split_y})):"
    with w.block(head, site="fold_loop"):
        xk, yk = ctx.x_kind, ctx.y_kind
        w(f"{n.X_tr}, {n.X_va} = {S.idx(r.X, n.tr_idx, xk)}, {S.idx(r.X, n.va_idx, xk)}")
        w(f"{n.y_tr}, {n.y_va} = {S.idx(r.y, n.tr_idx, yk)}, {S.idx(r.y, n.va_idx, yk)}")
        fit_unit(S, w, r, n.model, n.X_tr, n.y_tr)
        predict_unit(S, w, r, n.model, n.X_va, n.val_pred, "val_predict")
        if use_oof:
            w(f"{n.oof}[{n.va_idx}] = {n.val_pred}")
        if average_test:
            predict_unit(S, w, r, n.model, r.X_test, "fold_test", "test_predict")
            total = f"{n.splitter}.get_n_splits()" if s.n_repeats > 1 else n.n_splits
            w(f"{r.test_pred} += fold_test / {total}")
        w(f"{n.fold_score} = {S.score_call(r, n.y_va, n.val_pred)}")
        w(f"{n.scores}.append({n.fold_score})")
        label = ctx.metric_label()
        k = (f"{n.fold} + 1", "d")
        form = s.style.name_seed % 3
        if form == 0:
            parts = ["Fold ", k, f": {label} = ", (n.fold_score, ".4f")]
        elif form == 1:
            parts = ["[fold ", k, f"] {label}=", (n.fold_score, ".5f")]
        else:
            parts = ["fold ", k, " - ", f"{label} = ", (n.fold_score, ".4f")]
        ctx.say(w, parts)
    if use_oof:
        w(f"{r.score} = {S.score_call(r, r.y, n.oof)}", site="score")
    else:
        w(f"{r.score} = float({np_}.mean({n.scores}))", site="score")
    if s.style.chatty or s.style.comments == "verbose":
        ctx.say(w, ["Fold scores std: ", (f"{np_}.std({n.scores})", ".4f")])
    score_line(S, w, r.score, kfold=True)


def _pred_width(S: Sections) -> str | None:
    p = S.p
    if p.output == "proba_classes":
        return S.n_classes_expr
    if p.is_multi_target:
        return f"len({S.n.targets})"
    return None


def final_fit(S: Sections, w: Writer, r: Refs, reuse: str | None) -> None:
    ctx, n, s = S.ctx, S.n, S.s
    if s.validation == "kfold" and s.final_fit == "fold_average":
        ctx.comment(w, "the test predictions are the average of the fold models")
        return
    ctx.banner(w, "Final model")
    if reuse:
        ctx.comment(w, "predict the test set with the model fitted on the training split")
        predict_unit(S, w, r, reuse, r.X_test, r.test_pred, "test_predict")
        return
    ctx.comment(w, "refit on every training row before predicting the test set")
    final = "final_model" if n.model != "final_model" else "full_model"
    fit_unit(S, w, r, final, r.X, r.y)
    predict_unit(S, w, r, final, r.X_test, r.test_pred, "test_predict")


def submission(S: Sections, w: Writer, r: Refs) -> None:
    ctx, n, p, st = S.ctx, S.n, S.p, S.s.style
    ctx.banner(w, "Submission")
    sub = n.sub
    cols = _submission_cols(S)
    if st.sub_style == "sample":
        w(f"{sub} = {r.sample}.copy()")
        w(f"{sub}[{cols}] = {r.test_pred}", site="submission_build")
    elif p.output in ("proba_classes",) or p.is_multi_target:
        w(f"{sub} = {S.pd}.DataFrame({r.test_pred}, columns={cols})", site="submission_build")
        w(f"{sub}.insert(0, {n.id_col}, {r.test}[{n.id_col}].to_numpy())", site="submission_ids")
        w(f"{sub} = {sub}[{r.sample}.columns]")
    else:
        w(
            f"{sub} = {S.pd}.DataFrame({{{n.id_col}: {r.test}[{n.id_col}], {cols}: {r.test_pred}}})",
            site="submission_build",
        )
    if st.paths == "pathlib":
        w("OUTPUT_DIR.mkdir(parents=True, exist_ok=True)")
    else:
        os_ = ctx.imports.module("os")
        target = '"./submission"' if st.paths == "inline" else "OUTPUT_DIR"
        w(f"{os_}.makedirs({target}, exist_ok=True)")
    w(f"{sub}.to_csv({S.path_out()}, index=False)", site="submission_write")
    ctx.say(w, ["Saved submission with shape ", (f"{sub}.shape", "")])


def _submission_cols(S: Sections) -> str:
    p, n = S.p, S.n
    if p.output == "proba_classes":
        return "CLASS_COLUMNS"
    if p.is_multi_target:
        if tuple(p.submission_columns) == tuple(p.label_columns):
            return n.targets
        return S.ctx.list_lit(p.submission_columns)
    col = p.submission_columns[0]
    return n.target if col == p.target else repr(col)
