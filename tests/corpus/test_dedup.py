"""Deduplication (paper appendix E): token keys, identifier-normalised AST keys, MinHash LSH, the streaming pass."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import numpy as np
import pytest

import mleworld.execution
from conftest import make_record, ml_program
from mleworld.corpus.dedup import (
    DedupReport,
    ast_key,
    dedup,
    near_duplicate_pairs,
    outcome_key,
    token_key,
)
from mleworld.corpus.fingerprint import (
    DEDENT,
    INDENT,
    NEWLINE,
    fingerprint,
    jaccard,
    minhash,
    normalized_tokens,
    permutations,
    scan,
    shingle_hashes,
)

BASE = ml_program(11)


# --- exact keys --------------------------------------------------------------------


def test_comment_whitespace_and_layout_variants_share_a_token_key() -> None:
    variants = [
        "# baseline: LightGBM with CV\n" + BASE,
        BASE.replace("\n\n", "\n\n\n\n"),  # more blank lines
        BASE.replace("    ", "  "),  # 2-space indentation
        BASE.replace("    ", "\t"),  # tabs
        BASE.replace("\n", "   \n"),  # trailing spaces
        BASE.replace("\n", "\r\n"),  # Windows line ends
        BASE.replace("oof = np.zeros(len(train))", "oof = np.zeros(len(train))  # out-of-fold"),
        BASE.replace("= add_features(", "=   add_features(  "),
        BASE.replace(
            'test = add_features(pd.read_csv("./input/test.csv"))',
            'test = add_features(\n    pd.read_csv(\n        "./input/test.csv"\n    )\n)',
        ),
        BASE.rstrip("\n"),  # no final newline
    ]
    key = token_key(BASE)
    assert len(key) == 16
    for variant in variants:
        assert variant != BASE
        assert token_key(variant) == key


def test_identifier_literal_and_structure_changes_change_the_token_key() -> None:
    key = token_key(BASE)
    assert token_key(BASE.replace("n_splits=", "n_splits=1 + ")) != key
    assert token_key(BASE.replace('"./input/train.csv"', '"./input/test.csv"')) != key
    assert token_key(BASE.replace("oof", "out_of_fold")) != key
    assert token_key(BASE.replace("print(", "print (", 1)) == key  # spacing only
    assert token_key(BASE.replace("a = 1", "a=1")) == key


def test_untokenizable_code_falls_back_to_raw_bytes() -> None:
    broken = 'x = (1,\n  2\nprint("unclosed")\n'
    assert token_key(broken) == token_key(broken)
    assert token_key(broken) != token_key(broken + "# comment\n")  # raw bytes: comments count
    assert not fingerprint(broken).tokenized and fingerprint(BASE).tokenized
    assert token_key('s = """never closed\nprint(1)\n') != token_key(
        's = """never closed\nprint(2)\n'
    )


def _reference_stream(code: str) -> list[str]:
    out: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER):
            continue
        if tok.type == tokenize.NEWLINE:
            out.append(NEWLINE)
        elif tok.type == tokenize.INDENT:
            out.append(INDENT)
        elif tok.type == tokenize.DEDENT:
            out.append(DEDENT)
        else:
            out.append(tok.string)
    return out


def test_scanner_agrees_with_the_standard_tokenizer_on_real_code() -> None:
    sources = sorted(Path(mleworld.execution.__file__).parent.glob("*.py"))
    codes = [p.read_text() for p in sources] + [ml_program(i) for i in range(5)]
    codes.append(
        'x = f"{a!r:>10}" + rb"\\x00" + """multi\nline""" \\\n    + 1_000.5e-3j\nif x:\n\tpass\n'
    )
    for code in codes:
        assert [text or kind for kind, text in scan(code)] == _reference_stream(code)


# --- AST keys ------------------------------------------------------------------------

ORIGINAL = """
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, values):
        return values * self.factor


def train_model(frame, n_trees=100):
    scaler = Scaler(2.0)
    features = scaler.apply(frame[["Age", "Fare"]].fillna(0))
    model = RandomForestClassifier(n_estimators=n_trees, random_state=0)
    model.fit(features, frame["Survived"])
    return model


data = pd.read_csv("./input/train.csv")
for i, col in enumerate(data.columns):
    print(i, col)
clf = train_model(data, n_trees=300)
print("done", np.mean(clf.feature_importances_))
"""

RENAMED = """
import numpy as numpy_lib
import pandas as pandas_lib
from sklearn.ensemble import RandomForestClassifier


class Multiplier:
    def __init__(self, k):
        self.k = k

    def run(self, arr):
        return arr * self.k


def fit(df, trees=100):
    m = Multiplier(2.0)
    X = m.run(df[["Age", "Fare"]].fillna(0))
    est = RandomForestClassifier(n_estimators=trees, random_state=0)
    est.fit(X, df["Survived"])
    return est


frame = pandas_lib.read_csv("./input/train.csv")
for j, name in enumerate(frame.columns):
    print(j, name)
result = fit(frame, trees=300)
print("done", numpy_lib.mean(result.feature_importances_))
"""


def test_a_renamed_copy_is_an_ast_duplicate_but_not_an_exact_one() -> None:
    assert token_key(ORIGINAL) != token_key(RENAMED)
    assert ast_key(ORIGINAL) is not None
    assert ast_key(ORIGINAL) == ast_key(RENAMED)
    assert ast_key("# note\n" + ORIGINAL.replace("    ", "  ")) == ast_key(ORIGINAL)
    assert ast_key(ORIGINAL.replace("'", '"')) == ast_key(ORIGINAL)  # quote style is not structure


@pytest.mark.parametrize(
    "old, new",
    [
        ("random_state=0", "random_state=1"),  # a literal
        ("n_estimators=n_trees", "max_depth=n_trees"),  # a library keyword
        ("fillna(0)", "dropna()"),  # a library method
        ('"./input/train.csv"', '"./input/test.csv"'),  # a path
        ("np.mean(", "np.median("),  # a library function
        ("values * self.factor", "values + self.factor"),  # an operator
    ],
)
def test_a_one_token_change_is_not_an_ast_duplicate(old: str, new: str) -> None:
    changed = ORIGINAL.replace(old, new)
    assert changed != ORIGINAL
    assert ast_key(changed) != ast_key(ORIGINAL)


def test_unparsable_code_has_no_ast_key() -> None:
    assert ast_key("def f(:\n    pass\n") is None
    assert ast_key("x = (1,\n") is None


# --- MinHash and LSH -------------------------------------------------------------------


def test_signature_is_datasketch_minhash_of_the_same_shingles() -> None:
    from datasketch import MinHash

    hashes = shingle_hashes(normalized_tokens(scan(BASE)))
    ours = minhash(hashes)
    ref = MinHash(num_perm=128, seed=1, hashfunc=lambda v: v)
    ref.update_batch([int(h) for h in hashes])
    assert ours.dtype == np.uint32 and np.array_equal(ours, ref.hashvalues)
    a, b = permutations()
    assert a.shape == b.shape == (128,)


def test_identifier_normalised_shingles_ignore_renames_keep_api_names() -> None:
    texts = normalized_tokens(
        scan("import pandas as pd\ndf = pd.read_csv(path)\nmodel.fit(X, y, verbose=0)\n")
    )
    assert "pandas" in texts and "read_csv" in texts and "fit" in texts and "verbose" in texts
    assert "df" not in texts and "pd" not in texts and "X" not in texts
    assert jaccard(fingerprint(ORIGINAL).signature, fingerprint(RENAMED).signature) > 0.8


def _near_copy(program: str) -> str:
    return (
        program.replace("SEED = ", "SEED = 1 + ")
        .replace('print("Saved submission")', 'print("Saved submission", len(submission))')
        .replace("oof = np.zeros(len(train))", "oof = np.zeros(len(train), dtype=float)")
    )


def test_lsh_finds_a_near_copy_and_matches_datasketch() -> None:
    from datasketch import MinHash, MinHashLSH

    long_program = (
        ml_program(21)
        + "\n"
        + "\n".join(
            f"print('diagnostic {i}', train.shape[{i % 2}], np.mean(oof))" for i in range(60)
        )
    )
    programs = [long_program, _near_copy(long_program)] + [ml_program(1000 + i) for i in range(40)]
    sigs = np.stack([fingerprint(p).signature for p in programs])
    assert jaccard(sigs[0], sigs[1]) >= 0.9
    pairs = {tuple(p) for p in near_duplicate_pairs(sigs).tolist()}
    assert (0, 1) in pairs
    for i, j in pairs:
        assert jaccard(sigs[i], sigs[j]) >= 0.9
    assert (0, 2) not in pairs

    lsh = MinHashLSH(num_perm=128, params=(16, 8))
    for i, sig in enumerate(sigs):
        lsh.insert(i, MinHash(num_perm=128, seed=1, hashvalues=sig, scheme="affine32"))
    expected = set()
    for i, sig in enumerate(sigs):
        for j in lsh.query(MinHash(num_perm=128, seed=1, hashvalues=sig, scheme="affine32")):
            if i < j and jaccard(sigs[i], sigs[j]) >= 0.9:
                expected.add((i, j))
    assert pairs == expected


def test_large_buckets_are_verified_block_by_block() -> None:
    rng = np.random.default_rng(0)
    base = rng.integers(0, 2**32, size=128, dtype=np.uint64).astype(np.uint32)
    sigs = np.tile(base, (400, 1))  # 400 identical signatures: one bucket of 400 in every band
    sigs[200:, 64:] = rng.integers(0, 2**32, size=(200, 64), dtype=np.uint64).astype(np.uint32)
    pairs = near_duplicate_pairs(sigs)
    assert len(pairs) == 200 * 199 // 2  # only the first 200 agree on >= 90% of positions
    assert pairs.max() < 200


# --- the streaming pass ------------------------------------------------------------------


def test_dedup_counts_each_step_and_keeps_one_record_per_outcome() -> None:
    a = ml_program(3)
    near = a.replace("SEED = ", "SEED = 1 + ")  # one edit in a 40-line program
    records = [
        make_record(a, node="a1"),
        make_record("# second attempt\n" + a, node="a2"),  # same program, same outcome: dropped
        make_record(a, node="a3", exc="TimeoutError", runtime_s=600.0),  # same program, new outcome
        make_record(a.replace("\n", "\n\n"), node="a4", exc="TimeoutError"),  # dropped
        make_record(a, node="a5", exc="None", submission=False, term_out="CV accuracy: 0.8204\n"),
        make_record(
            a.replace("oof", "oof_pred").replace("preds", "test_pred"), node="b"
        ),  # AST dup
        make_record(near, node="c"),  # near copy
        make_record(ml_program(4), node="d"),
        make_record(a, node="e", task="spaceship"),  # same program on another task: kept
    ]
    kept: list[str] = []
    report = dedup(records, lambda r: kept.append(r.node_id))
    assert isinstance(report, DedupReport)
    assert report.input == 9
    assert report.after_exact == 7
    assert kept == ["a1", "a3", "a5", "b", "c", "d", "e"]
    assert report.after_ast == 6  # b collapses onto a1 at the AST level
    assert report.programs == 5 and report.multi_outcome_programs == 1
    assert report.ast_groups == 1 and report.ast_duplicate_programs == 2
    assert report.near_clusters == 1
    a_id, b_id, c_id, d_id = (records[i].id for i in (0, 5, 6, 7))
    assert {("titanic", a_id), ("titanic", b_id), ("titanic", c_id)} <= report.duplicated
    assert ("titanic", d_id) not in report.duplicated
    assert ("spaceship", a_id) not in report.duplicated
    assert (
        report.by_task["titanic"]["input"] == 8 and report.by_task["spaceship"]["after_exact"] == 1
    )
    assert report.to_dict()["params"] == {
        "num_perm": 128, "bands": 16, "rows": 8, "threshold": 0.9, "shingle_size": 5,
    }  # fmt: skip

    ast_kept: list[str] = []
    ast_report = dedup(records, lambda r: ast_kept.append(r.node_id), level="ast")
    assert "b" not in ast_kept and ast_report.kept == ast_report.after_ast == 6


def test_dedup_in_a_process_pool_decides_the_same() -> None:
    records = [
        make_record(ml_program(i % 12), node=str(i), exc="None" if i % 3 else "KeyError")
        for i in range(40)
    ]
    one: list[str] = []
    two: list[str] = []
    r1 = dedup(records, lambda r: one.append(r.node_id))
    r2 = dedup(records, lambda r: two.append(r.node_id), workers=2, batch_size=7)
    assert one == two and r1.to_dict() == r2.to_dict()


def test_outcome_key_distinguishes_class_and_submission() -> None:
    assert outcome_key("None", True) != outcome_key("None", False)
    assert outcome_key("None", True) != outcome_key("TimeoutError", True)
