"""Drafts of one task differ in structure, not only in literals.

Near duplicates: MinHash Jaccard >= 0.9 over 5-token shingles of the program's
tokens, with every identifier that is not a keyword or builtin replaced by one
placeholder (so renaming variables does not count as a difference) and comments
and layout tokens dropped (so a comment does not either).
"""

from __future__ import annotations

import builtins
import io
import keyword
import tokenize
from collections import Counter

import pytest
from datasketch import MinHash

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.codegen.builtin.examples import make_example_task
from mleworld.codegen.builtin.spec import extract_spec
from mleworld.tasks.task import Task

_SKIP = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENCODING,
    tokenize.ENDMARKER,
}
_KEEP_NAMES = set(keyword.kwlist) | set(dir(builtins))


def normalized_tokens(code: str) -> list[str]:
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type in _SKIP:
            continue
        if tok.type == tokenize.NAME and tok.string not in _KEEP_NAMES:
            out.append("ID")
        else:
            out.append(tok.string)
    return out


def minhash(code: str, k: int = 5) -> MinHash:
    tokens = normalized_tokens(code)
    mh = MinHash(num_perm=128, seed=1)
    for i in range(max(1, len(tokens) - k + 1)):
        mh.update(" ".join(tokens[i : i + k]).encode("utf-8"))
    return mh


def near_duplicate_share(programs: list[str], threshold: float = 0.9) -> float:
    hashes = [minhash(p) for p in programs]
    dup = set()
    for i in range(len(hashes)):
        for j in range(i + 1, len(hashes)):
            if hashes[i].jaccard(hashes[j]) >= threshold:
                dup |= {i, j}
    return len(dup) / len(programs)


def test_renaming_alone_is_a_near_duplicate() -> None:
    a = "import numpy as np\ntrain = np.zeros(3)\nmodel = fit(train)\nprint(model)\n"
    b = "import numpy as np\n# a comment\ndf = np.zeros(3)\nclf = fit(df)\nprint(clf)\n"
    assert minhash(a).jaccard(minhash(b)) == 1.0


@pytest.mark.parametrize("kind", ["binary", "text"])
def test_fewer_than_half_of_twenty_drafts_are_near_duplicates(kind: str, tmp_path) -> None:
    task: Task = make_example_task(kind, tmp_path / kind, rows=120, seed=0)
    model = BuiltinCodeModel(seed=0)
    programs = [model.generate(CodeRequest("draft", "", task=task, seed=s)).code for s in range(20)]
    share = near_duplicate_share(programs)
    assert share < 0.5, share
    specs = [extract_spec(p) for p in programs]
    assert all(specs)
    # the variety is structural: layouts, validation schemes and model families all vary
    assert len(Counter(s.style.structure for s in specs)) >= 3  # type: ignore[union-attr]
    assert len(Counter(s.validation for s in specs)) == 2  # type: ignore[union-attr]
    assert len(Counter(s.family for s in specs)) >= 3  # type: ignore[union-attr]
