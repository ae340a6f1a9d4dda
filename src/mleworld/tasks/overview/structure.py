"""The structure of non-tabular files: JSON, JSON lines, short text files, .npy/.npz.

Owns merging JSON values into one `Shape` per place in a document (types, keys
and how often they appear, list lengths, many-keyed objects treated as maps),
reading a bounded prefix of big JSON files (complete top-level items only),
counting JSON-lines records, the head of a text file, and array headers (dtype
and shape, never the data). Tables are `tables`' job; wording is `render`'s.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from mleworld.tasks.overview.formatting import clip, human, quote
from mleworld.tasks.overview.settings import JSON_READ_BYTES, SMALL_TEXT_BYTES
from mleworld.tasks.overview.summaries import Arrays, Json, Problem, Shape, Summary, Text
from mleworld.tasks.overview.tree import count_lines, head_bytes

_MAP_KEYS = 50  # an object with more keys is a map (id -> record), not a record
_MERGE_ITEMS = 1000  # elements of one list examined
_MAX_DEPTH = 8


def describe_json(path: Path) -> Summary:
    """The shape of a JSON document; of its first complete items past JSON_READ_BYTES."""
    size = path.stat().st_size
    raw = head_bytes(path, JSON_READ_BYTES)
    text = raw.decode("utf-8", errors="replace")
    if not text.strip():
        return Problem("empty file")
    if len(raw) >= size:
        try:
            return Json(_shape_of(json.loads(text)), lines=False)
        except json.JSONDecodeError as exc:
            return Problem(f"could not parse: {exc}", clip(text.strip().splitlines()[0], 200))
    value, items = _parse_prefix(text)
    if value is None:
        return Problem(f"could not parse its first {human(JSON_READ_BYTES)}")
    kind = "items" if isinstance(value, list) else "keys"
    note = f"first {items:,} {kind}, from the first {human(JSON_READ_BYTES)}"
    return Json(_shape_of(value), lines=False, partial=note)


def describe_jsonl(path: Path, lines_known: tuple[int, bool] | None) -> Summary:
    """The merged shape of the records in the first JSON_READ_BYTES of a JSON-lines
    file; the record count is its line count (`lines_known` when the tree has it)."""
    raw = head_bytes(path, JSON_READ_BYTES)
    complete = len(raw) >= path.stat().st_size
    lines = raw.decode("utf-8", errors="replace").splitlines()
    if not complete:
        lines = lines[:-1]  # the last line may be cut
    shape: Shape | None = None
    bad = 0
    seen = 0
    for line in lines:
        if not line.strip():
            continue
        seen += 1
        try:
            shape = _shape_of(json.loads(line), shape)
        except json.JSONDecodeError:
            bad += 1
    if shape is None:
        return Problem("no JSON records" if not bad else f"could not parse any of {bad:,} lines")
    records, _ = lines_known or count_lines(path)
    partial = "" if complete else f"structure from the first {seen:,} records"
    return Json(shape, lines=True, records=records, partial=partial, bad_lines=bad)


def describe_text(path: Path, lines_known: tuple[int, bool] | None) -> Summary:
    """The first few KB of a text file and its line count."""
    raw = head_bytes(path, 4 * SMALL_TEXT_BYTES)
    lines = (lines_known or count_lines(path))[0]
    return Text(path.stat().st_size, raw.decode("utf-8", errors="replace"), lines)


def describe_arrays(path: Path) -> Summary:
    """Dtype and shape of a .npy array, or of the first 20 arrays in a .npz archive."""
    import numpy as np

    def header(fh: Any) -> tuple[str, tuple[int, ...]]:
        version = np.lib.format.read_magic(fh)
        read = (
            np.lib.format.read_array_header_1_0
            if version == (1, 0)
            else np.lib.format.read_array_header_2_0
        )
        shape, _fortran, dtype = read(fh)
        return str(dtype), tuple(shape)

    if path.name.lower().endswith(".npy"):
        with path.open("rb") as fh:
            dtype, shape = header(fh)
        return Arrays([("", dtype, shape)], 1)
    arrays = []
    with zipfile.ZipFile(path) as zf:
        names = sorted(n for n in zf.namelist() if n.endswith(".npy"))
        for name in names[:20]:
            with zf.open(name) as fh:
                dtype, shape = header(fh)
            arrays.append((name.removesuffix(".npy"), dtype, shape))
    return Arrays(arrays, len(names))


def _shape_of(value: Any, shape: Shape | None = None, depth: int = 0) -> Shape:
    """`shape` with `value` merged in (a new Shape when None)."""
    shape = shape or Shape()
    name = _json_type(value)
    shape.types[name] = shape.types.get(name, 0) + 1
    if depth >= _MAX_DEPTH:
        return shape
    if isinstance(value, dict):
        if len(value) > _MAP_KEYS:
            shape.map_keys = max(shape.map_keys, len(value))
            if not shape.map_examples:
                shape.map_examples = [clip(k, 24) for k in list(value)[:2]]
            for v in list(value.values())[:_MERGE_ITEMS]:
                shape.map_values = _shape_of(v, shape.map_values, depth + 1)
            return shape
        shape.objects += 1
        for k, v in value.items():
            shape.keys[k] = _shape_of(v, shape.keys.get(k), depth + 1)
            shape.key_seen[k] = shape.key_seen.get(k, 0) + 1
    elif isinstance(value, list):
        n = len(value)
        shape.len_min = n if shape.len_min < 0 else min(shape.len_min, n)
        shape.len_max = max(shape.len_max, n)
        for v in value[:_MERGE_ITEMS]:
            shape.items = _shape_of(v, shape.items, depth + 1)
    elif isinstance(value, str) and not shape.example:
        shape.example = quote(value, 40)
    return shape


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    return "list" if isinstance(value, list) else "object"


def _parse_prefix(text: str) -> tuple[Any, int]:
    """The complete top-level items (of an array) or entries (of an object) in a
    truncated JSON document; (None, 0) when it is neither."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip())
    if pos >= len(text) or text[pos] not in "[{":
        return None, 0
    is_list = text[pos] == "["
    out: Any = [] if is_list else {}
    pos += 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        try:
            if is_list:
                item, pos = decoder.raw_decode(text, pos)
                out.append(item)
            else:
                key, pos = decoder.raw_decode(text, pos)
                while pos < len(text) and text[pos] in " \t\r\n:":
                    pos += 1
                item, pos = decoder.raw_decode(text, pos)
                out[str(key)] = item
        except (json.JSONDecodeError, IndexError):
            return out, len(out)
