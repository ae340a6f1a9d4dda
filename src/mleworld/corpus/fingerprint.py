"""Program fingerprints for deduplication (paper appendix E): token keys, AST keys, MinHash.

* `token_key(code)`: a hash of the Python token stream with comments and blank
  lines removed and indentation and line breaks normalised. Programs that
  differ only in comments, spacing, blank lines or indentation width share a
  key; any change to an identifier, literal or structure changes it. Code the
  scanner cannot tokenize (an unclosed bracket or triple-quoted string, an
  inconsistent dedent) falls back to a hash of its raw bytes.
* `ast_key(code)`: a hash of the abstract syntax tree with the identifiers the
  program binds (variables, functions, classes, parameters, import aliases,
  attributes it sets on `self`, its own methods) replaced by placeholders in
  order of appearance. A consistently renamed copy collides; a changed literal,
  library call, attribute or keyword of a library call does not. None when the
  code does not parse.
* `signature(code)`: a 128-permutation MinHash over shingles of 5 consecutive
  tokens of the identifier-normalised token stream (names the program binds
  become `ID`; keywords, builtins, attribute names, imported module and
  library names, keyword-argument names and literals stay). It is bit-for-bit
  the signature `datasketch.MinHash(num_perm=128, seed=1)` computes from the
  same 32-bit shingle hashes, so it can be fed to `datasketch.MinHashLSH`.

The token scanner is a regular-expression scanner equivalent to the standard
`tokenize` module for these purposes (tested against it) and several times
faster, which matters at hundreds of thousands of programs.

Not here: deciding what is a duplicate (dedup.py).
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import keyword
import pickle
import re
import zlib
from dataclasses import dataclass
from functools import cache

import numpy as np

# Bump when any fingerprint of the same program could change (scanner, AST
# normalisation, shingles, MinHash): cached fingerprints of older versions are
# then recomputed.
FINGERPRINT_VERSION = 1
NUM_PERM = 128
SEED = 1
SHINGLE_SIZE = 5
KEY_HEX = 16  # 64-bit keys: collision odds at a million programs are ~3e-8

NEWLINE = "\u23ce"  # tokens that stand for structure, not text
INDENT = "\u21e5"
DEDENT = "\u21e4"
ID = "ID"

_SCAN = re.compile(
    r"""
    (?P<ws>[ \t\f]+)
  | (?P<comment>\#[^\r\n]*)
  | (?P<cont>\\\r?\n)
  | (?P<nl>\r?\n|\r)
  | (?P<string>(?:[rRbBuUfF]{1,3})?(?:
        '''(?:[^'\\]|\\.|'(?!''))*'''
      | \"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
      | '(?:[^'\\\r\n]|\\.)*'
      | "(?:[^"\\\r\n]|\\.)*"
    ))
  | (?P<number>
        0[xX](?:_?[0-9a-fA-F])+
      | 0[bB](?:_?[01])+
      | 0[oO](?:_?[0-7])+
      | (?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][-+]?\d(?:_?\d)*)?[jJ]?
    )
  | (?P<name>\w+)
  | (?P<op>\*\*=|//=|>>=|<<=|\.\.\.|->|:=|[-+*/%&|^@<>=!]=|\*\*|//|<<|>>|[-+*/%&|^~@<>=(){}\[\].,:;])
  | (?P<error>'''|\"\"\"|.)
    """,
    re.VERBOSE | re.DOTALL,
)
_OPEN = {"(", "[", "{"}
_CLOSE = {")", "]", "}"}


class ScanError(Exception):
    """The code cannot be split into Python tokens."""


def scan(code: str) -> list[tuple[str, str]]:
    """Significant tokens as (kind, text); kind is name/number/string/op/error or a structure marker.

    NEWLINE ends a logical line, INDENT/DEDENT mark block changes (any
    indentation width); comments, blank lines, line continuations and line
    breaks inside brackets are dropped.
    """
    tokens: list[tuple[str, str]] = []
    append = tokens.append
    indents = [0]
    depth = 0
    line_has_tokens = False
    column = 0  # indentation width of the current physical line so far
    at_line_start = True
    for match in _SCAN.finditer(code):
        kind = match.lastgroup
        text = match.group()
        if kind == "ws":
            if at_line_start:
                for ch in text:
                    column = (column // 8 + 1) * 8 if ch == "\t" else column + 1
            continue
        if kind == "comment" or kind == "cont":
            continue
        if kind == "nl":
            if depth == 0 and line_has_tokens:
                append((NEWLINE, ""))
                line_has_tokens = False
            if depth == 0:
                at_line_start = True
                column = 0
            continue
        if kind == "error" and text in ("'''", '"""'):
            raise ScanError("unterminated triple-quoted string")
        if at_line_start and depth == 0 and not line_has_tokens:
            if column > indents[-1]:
                indents.append(column)
                append((INDENT, ""))
            else:
                while column < indents[-1]:
                    indents.pop()
                    append((DEDENT, ""))
                if column != indents[-1]:
                    raise ScanError("unindent does not match any outer indentation level")
        at_line_start = False
        line_has_tokens = True
        if kind == "op":
            if text in _OPEN:
                depth += 1
            elif text in _CLOSE:
                depth = max(0, depth - 1)
        append((kind, text))  # type: ignore[arg-type]
    if depth > 0:
        raise ScanError("EOF in multi-line statement")
    if line_has_tokens:
        append((NEWLINE, ""))
    for _ in indents[1:]:
        append((DEDENT, ""))
    return tokens


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:KEY_HEX]


def _token_digest(tokens: list[tuple[str, str]]) -> str:
    return _digest(
        "\x00".join(text or kind for kind, text in tokens).encode("utf-8", "surrogatepass")
    )


def raw_key(code: str) -> str:
    """The fallback key: a hash of the program's bytes."""
    return _digest(b"raw\x00" + code.encode("utf-8", "surrogatepass"))


def token_key(code: str) -> str:
    """The exact-duplicate key of a program (16 hex characters)."""
    try:
        return _token_digest(scan(code))
    except ScanError:
        return raw_key(code)


# ---------------------------------------------------------------------------
# Identifier-normalised AST
# ---------------------------------------------------------------------------

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def ast_key(code: str) -> str | None:
    """The identifier-normalised AST hash of a program, or None when it does not parse."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None
    try:
        return _digest(b"ast\x00" + _normalized_pickle(tree))
    except RecursionError:
        return None


def _all_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node, breadth first (ast.walk's order, without its per-field generators)."""
    nodes = [tree]
    index = 0
    base = ast.AST
    while index < len(nodes):
        for value in nodes[index].__dict__.values():
            if type(value) is list:
                nodes.extend(item for item in value if isinstance(item, base))
            elif isinstance(value, base):
                nodes.append(value)
        index += 1
    return nodes


def _normalized_pickle(tree: ast.AST) -> bytes:
    nodes = _all_nodes(tree)
    bound: set[str] = set()
    params: set[str] = set()
    own_attrs: set[str] = set()
    callables: set[str] = set()
    for node in nodes:
        kind = type(node)
        if kind is ast.Name:
            if not isinstance(node.ctx, ast.Load):
                bound.add(node.id)
        elif kind is ast.arg:
            bound.add(node.arg)
            params.add(node.arg)
        elif kind in _DEFS:
            name = node.name  # type: ignore[attr-defined]
            if not _is_dunder(name):
                bound.add(name)
                callables.add(name)
            if kind is ast.ClassDef:
                for item in node.body:  # type: ignore[attr-defined]
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and not _is_dunder(
                        item.name
                    ):
                        own_attrs.add(item.name)
        elif kind is ast.alias:
            if node.asname:
                bound.add(node.asname)
        elif kind is ast.Attribute:
            if (
                not isinstance(node.ctx, ast.Load)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                own_attrs.add(node.attr)
        elif kind is ast.ExceptHandler:
            if node.name:
                bound.add(node.name)
        elif kind in (ast.Global, ast.Nonlocal):
            bound.update(node.names)  # type: ignore[attr-defined]
        elif kind in (ast.MatchAs, ast.MatchStar):
            if node.name:  # type: ignore[attr-defined]
                bound.add(node.name)  # type: ignore[attr-defined]
        elif kind is ast.MatchMapping and node.rest:
            bound.add(node.rest)
    callables |= own_attrs

    names: dict[str, str] = {}

    def placeholder(name: str) -> str:
        found = names.get(name)
        if found is None:
            found = names[name] = f"_{len(names)}"
        return found

    for node in nodes:
        fields = node.__dict__
        if "lineno" in fields:
            fields["lineno"] = fields["col_offset"] = 0
            fields["end_lineno"] = fields["end_col_offset"] = 0
        kind = type(node)
        if kind is ast.Name:
            if node.id in bound:
                node.id = placeholder(node.id)
        elif kind is ast.arg:
            node.arg = placeholder(node.arg)
        elif kind in _DEFS:
            if node.name in bound:  # type: ignore[attr-defined]
                node.name = placeholder(node.name)  # type: ignore[attr-defined]
        elif kind is ast.alias:
            if node.asname:
                node.asname = placeholder(node.asname)
        elif kind is ast.Attribute:
            if node.attr in own_attrs:
                node.attr = placeholder(node.attr)
        elif kind is ast.Call:
            if _callee_name(node.func) in callables:
                for kw in node.keywords:
                    if kw.arg is not None and kw.arg in params:
                        kw.arg = placeholder(kw.arg)
        elif kind is ast.ExceptHandler:
            if node.name:
                node.name = placeholder(node.name)
        elif kind in (ast.Global, ast.Nonlocal):
            node.names = [placeholder(n) for n in node.names]  # type: ignore[attr-defined]
        elif kind in (ast.MatchAs, ast.MatchStar):
            if node.name:  # type: ignore[attr-defined]
                node.name = placeholder(node.name)  # type: ignore[attr-defined]
        elif kind is ast.MatchMapping and node.rest:
            node.rest = placeholder(node.rest)
    return pickle.dumps(tree, protocol=4)


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _callee_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


# ---------------------------------------------------------------------------
# Shingles and MinHash
# ---------------------------------------------------------------------------

_KEEP_NAMES = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins))


def normalized_tokens(tokens: list[tuple[str, str]]) -> list[str]:
    """The token texts with program-bound names replaced by `ID` (see the module docstring)."""
    out: list[str] = []
    prev = ""
    in_import = False
    in_def = False  # between `def` and the colon ending its signature
    after_as = False
    depth = 0
    n = len(tokens)
    for i, (kind, text) in enumerate(tokens):
        if kind == NEWLINE:
            in_import = in_def = False
            out.append(NEWLINE)
            prev = ""
            continue
        if kind in (INDENT, DEDENT):
            out.append(kind)
            continue
        if kind == "name":
            if text in ("import", "from") and prev in ("", ";"):
                in_import = True
                out.append(text)
            elif text in _KEEP_NAMES or prev == "." or (in_import and not after_as):
                out.append(text)
                in_def = in_def or text == "def"
            elif (
                not in_def
                and depth > 0
                and i + 1 < n
                and tokens[i + 1][1] == "="
                and prev in ("(", ",")
            ):
                out.append(text)  # a keyword argument: part of the callee's API
            else:
                out.append(ID)
            after_as = text == "as"
        else:
            if kind == "op":
                if text in _OPEN:
                    depth += 1
                elif text in _CLOSE:
                    depth = max(0, depth - 1)
                elif text == ":" and depth == 0:
                    in_def = False
            after_as = False
            out.append(text)
        prev = text
    return out


_FMIX_1 = np.uint32(0x85EBCA6B)
_FMIX_2 = np.uint32(0xC2B2AE35)
_MIX = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93,
                 0xFF51AFD7ED558CCD, 0xC4CEB9FE1A85EC53, 0x94D049BB133111EB, 0xBF58476D1CE4E5B9],
                dtype=np.uint64)  # fmt: skip


@cache
def permutations(num_perm: int = NUM_PERM, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """The affine permutation parameters (a, b) datasketch draws for (num_perm, seed)."""
    from datasketch import MinHash

    a, b = MinHash(num_perm=num_perm, seed=seed).permutations
    return np.asarray(a, dtype=np.uint32), np.asarray(b, dtype=np.uint32)


def shingle_hashes(texts: list[str], size: int = SHINGLE_SIZE) -> np.ndarray:
    """Distinct 32-bit hashes of the runs of `size` consecutive tokens (one run if shorter)."""
    if not texts:
        return np.zeros(0, dtype=np.uint32)
    if size > len(texts) or size > len(_MIX):
        size = min(len(texts), len(_MIX))
    base = np.fromiter(
        (zlib.crc32(t.encode("utf-8", "surrogatepass")) for t in texts),
        dtype=np.uint64,
        count=len(texts),
    )
    count = len(texts) - size + 1
    with np.errstate(over="ignore"):
        acc = np.zeros(count, dtype=np.uint64)
        for j in range(size):
            acc = (
                acc * np.uint64(0x100000001B3) + (base[j : j + count] + np.uint64(j + 1)) * _MIX[j]
            )
        folded = (acc ^ (acc >> np.uint64(32))) & np.uint64(0xFFFFFFFF)
    return np.unique(folded.astype(np.uint32))


def minhash(hashes: np.ndarray, num_perm: int = NUM_PERM, seed: int = SEED) -> np.ndarray:
    """MinHash signature (uint32[num_perm]) of a set of 32-bit hashes, as datasketch's affine32 scheme.

    An empty set gives the all-max signature datasketch gives an empty MinHash.
    """
    a, b = permutations(num_perm, seed)
    if hashes.size == 0:
        return np.full(num_perm, 0xFFFFFFFF, dtype=np.uint32)
    with np.errstate(over="ignore"):
        hv = hashes.astype(np.uint32)
        hv = hv ^ (hv >> np.uint32(16))
        hv = hv * _FMIX_1
        hv = hv ^ (hv >> np.uint32(13))
        hv = hv * _FMIX_2
        hv = hv ^ (hv >> np.uint32(16))
        return (hv[:, None] * a[None, :] + b[None, :]).min(axis=0)


def jaccard(sig_a: np.ndarray, sig_b: np.ndarray) -> float:
    """The MinHash estimate of the Jaccard similarity of two signatures."""
    return float(np.count_nonzero(sig_a == sig_b)) / float(sig_a.shape[-1])


@dataclass(frozen=True)
class Fingerprint:
    token_key: str
    ast_key: str | None
    signature: np.ndarray  # uint32[NUM_PERM]
    tokenized: bool  # False: the token key is the raw-bytes fallback


def fingerprint(code: str, shingle_size: int = SHINGLE_SIZE) -> Fingerprint:
    """All three fingerprints of a program from one scan."""
    try:
        tokens = scan(code)
    except ScanError:
        tokens = None
    if tokens is None:
        # Untokenizable code: shingle the whitespace-split words so a near copy is still found.
        words = code.split()
        return Fingerprint(raw_key(code), None, minhash(shingle_hashes(words, shingle_size)), False)
    return Fingerprint(
        _token_digest(tokens),
        ast_key(code),
        minhash(shingle_hashes(normalized_tokens(tokens), shingle_size)),
        True,
    )


def fingerprint_many(codes: list[str], shingle_size: int = SHINGLE_SIZE) -> list[Fingerprint]:
    """`fingerprint` over a batch (the unit of work a process pool receives)."""
    return [fingerprint(code, shingle_size) for code in codes]
