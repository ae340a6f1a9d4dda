"""Rendering the tree and file summaries as text within a character budget.

Owns the wording of every line, the detail levels (`LEVELS`, from full column
statistics down to one line per file) and the budget rule: the first level whose
text fits is used, else the last one is cut at a line end with a marker. It
reads no files: it formats a scanned `tree.Dir` and the `summaries` records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from mleworld.tasks.overview.formatting import clip, human, plural, quote
from mleworld.tasks.overview.settings import MAX_CHILDREN, SMALL_TEXT_BYTES, file_kind
from mleworld.tasks.overview.summaries import (
    Arrays,
    Column,
    Json,
    Problem,
    Shape,
    Summary,
    Table,
    Text,
)
from mleworld.tasks.overview.tree import Dir, stand_ins


@dataclass(frozen=True)
class Level:
    files: str = "detail"  # detail | line | shape
    detail_columns: int = 40  # columns with full statistics; the rest by name and dtype
    top_k: int = 5
    other_names: int | None = None  # names listed per dtype among the other columns
    example_len: int = 60
    text_full: int = SMALL_TEXT_BYTES  # text files up to this size shown in full
    text_head: int = 5  # else this many first lines
    json_keys: int = 20
    json_depth: int = 5
    max_children: int = MAX_CHILDREN  # folders with more entries are summarised


# Each step gives up some detail; the first that fits the budget is used.
LEVELS = (
    Level(),
    Level(max_children=10),  # summarise folders of similar files before dropping statistics
    Level(
        detail_columns=20,
        top_k=3,
        other_names=120,
        example_len=40,
        text_full=1000,
        text_head=3,
        json_keys=12,
        json_depth=3,
        max_children=10,
    ),
    Level(
        detail_columns=8,
        top_k=2,
        other_names=30,
        example_len=30,
        text_full=400,
        text_head=2,
        json_keys=8,
        json_depth=2,
        max_children=6,
    ),
    Level(
        files="line",
        detail_columns=0,
        top_k=0,
        other_names=15,
        json_keys=8,
        json_depth=1,
        max_children=6,
    ),
    Level(files="shape", detail_columns=0, top_k=0, other_names=0, max_children=3),
)
_TRUNCATED = "[... overview truncated to fit {budget} characters]"


def render_within(tree: Dir, summaries: dict[str, Summary], budget: int) -> str:
    """The most detailed rendering that fits `budget` characters, else a truncated one."""
    text = ""
    for level in LEVELS:
        text = render(tree, summaries, level)
        if len(text) <= budget:
            return text
    return _truncate(text, budget)


def render(tree: Dir, summaries: dict[str, Summary], level: Level) -> str:
    """The tree, then a section per shown data file, at one detail level."""
    head = f"{plural(tree.n_files, 'file')}, {human(tree.size)}"
    out = [f"Data files ({head}; paths relative to the data folder):"]
    shown: list[tuple[str, str]] = []  # (file, note) in tree order
    if not tree.n_files and not tree.n_dirs:
        out.append("  (empty folder)")
    elif tree.collapsed:
        out.append(f"  ./ {_folder_summary(tree)}")
        shown.extend(_stand_in_notes(tree))
    else:
        _render_tree(tree, 1, level, out, shown)
    seen_columns: dict[tuple[tuple[str, str], ...], str] = {}
    missing = 0
    for rel, note in shown:
        summary = summaries.get(rel)
        if summary is None:
            missing += 1
            continue
        title = f"{rel} ({note})" if note else rel
        lines = _render_section(title, summary, level, seen_columns, rel)
        if lines:
            out.append("")
            out.extend(lines)
    if missing:
        out.append("")
        out.append(f"({plural(missing, 'more data file')} listed above not described)")
    return "\n".join(out)


def _truncate(text: str, budget: int) -> str:
    marker = "\n" + _TRUNCATED.format(budget=budget)
    if budget <= len(marker) + 20:
        return text[:budget]
    cut = text.rfind("\n", 0, budget - len(marker) + 1)
    if cut <= 0:
        cut = budget - len(marker)
    return text[:cut] + marker


# ---------------------------------------------------------------------------
# The tree


def _render_tree(
    node: Dir, depth: int, level: Level, out: list[str], shown: list[tuple[str, str]]
) -> None:
    pad = "  " * depth
    for f in node.files:
        name = f.rel.rsplit("/", 1)[-1]
        if f.error:
            out.append(f"{pad}{name} (unreadable: {f.error})")
            continue
        if f.lines is not None:
            approx = "" if f.lines[1] else "~"
            out.append(f"{pad}{name} ({human(f.size)}, {approx}{plural(f.lines[0], 'line')})")
        else:
            out.append(f"{pad}{name} ({human(f.size)})")
        if file_kind(f.rel) is not None:
            shown.append((f.rel, ""))
    for d in node.dirs:
        name = d.rel.rsplit("/", 1)[-1] + "/"
        if d.loop:
            out.append(f"{pad}{name} (link to a folder listed elsewhere)")
        elif not d.n_files and not d.n_dirs:
            out.append(f"{pad}{name} (empty)")
        elif d.collapsed or len(d.files) + len(d.dirs) > level.max_children:
            out.append(f"{pad}{name} {_folder_summary(d)}")
            shown.extend(_stand_in_notes(d))
        else:
            out.append(f"{pad}{name}")
            _render_tree(d, depth + 1, level, out, shown)


def _stand_in_notes(d: Dir) -> list[tuple[str, str]]:
    where = f" in {d.rel}/" if d.rel else ""
    return [(rel, f"one of {d.by_ext[ext]:,} {ext} files{where}") for ext, rel in stand_ins(d)]


def _folder_summary(d: Dir) -> str:
    exts = sorted(d.by_ext.items(), key=lambda kv: (-kv[1], kv[0]))
    kinds = ", ".join(f"{n:,} {ext}" for ext, n in exts[:4])
    if len(exts) > 4:
        kinds += f", {sum(n for _, n in exts[4:]):,} other"
    dirs = f"{d.n_dirs:,} folders, " if d.n_dirs else ""
    start = len(d.rel) + 1 if d.rel else 0
    examples = [f.rel[start:] for f in d.files[:2]]
    if not examples:
        examples = [rel[start:] for _, rel in sorted(d.first_of_ext.items())[:2]]
    return (
        f"({dirs}{plural(d.n_files, 'file')}: {kinds}; {human(d.size)}; e.g. {', '.join(examples)})"
    )


# ---------------------------------------------------------------------------
# File sections


def _render_section(
    title: str,
    s: Summary,
    level: Level,
    seen_columns: dict[tuple[tuple[str, str], ...], str],
    rel: str,
) -> list[str]:
    if isinstance(s, Problem):
        lines = [f"{title}: {s.message}"]
        if s.head and level.files == "detail":
            lines.append(f"  first line: {s.head}")
        return lines
    if isinstance(s, Table):
        signature = tuple((c.name, c.dtype) for c in s.columns)
        first = seen_columns.setdefault(signature, rel)
        if first != rel and len(signature) > 1:
            return [_table_head(title, s) + f"; same columns as {first}"]
        return _render_table(title, s, level)
    if isinstance(s, Json):
        return _render_json(title, s, level)
    if isinstance(s, Arrays):
        return _render_arrays(title, s, level)
    return _render_text(title, s, level)


def _in_parens(notes: list[str]) -> str:
    """' (a; b)' after a heading, or nothing when there are no notes."""
    return f" ({'; '.join(notes)})" if notes else ""


def _render_arrays(title: str, s: Arrays, level: Level) -> list[str]:
    shown = [
        f"{name + ': ' if name else ''}{dtype} {_shape_text(shape)}"
        for name, dtype, shape in s.arrays
    ]
    more = f"; +{s.total - len(s.arrays)} more" if s.total > len(s.arrays) else ""
    if level.files == "shape" and len(shown) > 3:
        shown, more = shown[:3], f"; +{s.total - 3} more"
    return [f"{title}: array{'s' if s.total != 1 else ''} {'; '.join(shown)}{more}"]


def _shape_text(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(n) for n in shape) + ")"


def _render_text(title: str, t: Text, level: Level) -> list[str]:
    if level.files != "detail":
        return []
    body = t.text.replace("\r\n", "\n").rstrip("\n")
    if t.size <= level.text_full and len(body) <= level.text_full:
        return [f"{title}, full text:", *("  " + line for line in body.split("\n"))]
    head = body.split("\n")[: level.text_head]
    return [
        f"{title}, first {len(head)} of {plural(t.lines, 'line')}:",
        *("  " + clip(line, 200) for line in head),
    ]


# Tables --------------------------------------------------------------------


def _table_head(title: str, t: Table) -> str:
    approx = "" if t.exact else "~"
    shape = f"{plural(t.rows, 'row')} x {plural(len(t.columns), 'column')}"
    return f"{title}: {t.fmt}, {approx}{shape}"


def _render_table(title: str, t: Table, level: Level) -> list[str]:
    head = _table_head(title, t)
    notes = list(t.notes)
    if level.files == "shape":
        return [head + _in_parens(notes)]
    if level.files == "line":
        names = [f"{c.name} ({c.dtype})" for c in t.columns]
        listed = ", ".join(names[: level.other_names])
        if len(names) > (level.other_names or 0):
            listed += f", ... +{len(names) - (level.other_names or 0):,} more"
        return [head + _in_parens(notes), f"  columns: {listed}"]
    if t.sampled:
        notes.append(f"column stats from the first {t.sampled:,} rows")
    if t.columns and not any(c.missing for c in t.columns):
        notes.append("no missing values" + (" in those rows" if t.sampled else ""))
    lines = [head + (f"; {'; '.join(notes)}" if notes else "")]
    detailed = t.columns[: level.detail_columns]
    for c in detailed:
        lines.append(f"  {clip(c.name, 40)}: {_describe_column(c, level, bool(t.sampled))}")
    rest = t.columns[level.detail_columns :]
    if rest:
        lines.extend(_other_columns(rest, level))
    return lines


def _describe_column(c: Column, level: Level, sampled: bool) -> str:
    parts = [c.dtype]
    if c.kind == "empty":
        return f"{c.dtype}, all missing" + (" in sample" if sampled else "")
    if c.missing:
        parts.append(f"{c.missing:,} missing" + (" in sample" if sampled else ""))
    distinct = c.unique == c.count and c.count > 1
    if c.kind == "number":
        if distinct and c.count > 20:
            parts.append("all distinct")
        elif c.unique == 1:
            parts.append(f"constant {c.lo}")
        elif c.top:
            parts.append(f"{c.unique:,} values: " + _pairs(c.top, level.top_k, c.unique))
        else:
            parts.append(f"{c.unique:,} unique")
        if c.dtype in ("str", "object", "string"):
            parts.append("numbers stored as text")
        if c.unique > 1:
            parts.append(f"min {c.lo}, max {c.hi}, mean {c.mean}")
    elif c.kind == "bool":
        parts.append(_pairs(c.top, 2, c.unique))
    elif c.kind == "date":
        shown = f"dates {c.lo} .. {c.hi}"
        if c.date_format:
            shown += f" (format {c.date_format}" + (
                f", {c.parsed:.0%} parse)" if c.parsed < 1 else ")"
            )
        parts.append(shown)
    elif c.kind == "nested":
        parts.append(
            f"nested values, {c.unique:,} unique, e.g. {clip(c.example, level.example_len)}"
        )
    elif c.kind == "mixed":
        parts.append(f"mixed: {c.numeric:,} numeric and {c.count - c.numeric:,} other values")
        parts.append("all distinct" if distinct else f"{c.unique:,} unique")
        others = len(c.top) if len(c.top) < 10 else c.count
        parts.append("non-numeric: " + _pairs(c.top, max(level.top_k, 1), others))
    elif c.kind == "text":
        example = quote(c.example, level.example_len)
        parts.append(
            f"text, avg {c.avg_len:.0f} chars (max {c.max_len:,}), {c.unique:,} unique, e.g. {example}"
        )
    elif distinct and c.count > 20:
        examples = ", ".join(label for label, _ in c.top[:2])
        parts.append(f"all distinct (id-like), e.g. {examples}")
    else:
        parts.append(f"{c.unique:,} unique")
        if level.top_k:
            parts.append("top " + _pairs(c.top, level.top_k, c.unique))
    return ", ".join(parts)


def _pairs(top: list[tuple[str, int]], k: int, unique: int) -> str:
    shown = ", ".join(f"{label} ({count:,})" for label, count in top[: max(k, 1)])
    return shown + (", ..." if unique > max(k, 1) else "")


def _other_columns(rest: list[Column], level: Level) -> list[str]:
    if level.other_names is None:
        return [f"  {clip(c.name, 40)}: {c.dtype}" for c in rest]
    groups: dict[str, list[str]] = {}
    for c in rest:
        groups.setdefault(c.dtype, []).append(clip(c.name, 40))
    lines = [f"  {len(rest):,} more columns, by dtype:"]
    for dtype, names in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        shown = ", ".join(names[: level.other_names])
        if len(names) > level.other_names:
            shown += f", ... +{len(names) - level.other_names:,}"
        lines.append(f"    {dtype} ({len(names):,}): {shown}")
    return lines


# JSON ----------------------------------------------------------------------


def _render_json(title: str, j: Json, level: Level) -> list[str]:
    notes = [j.partial] if j.partial else []
    if j.bad_lines:
        notes.append(f"{j.bad_lines:,} unparseable lines")
    suffix = _in_parens(notes)
    shape = j.shape
    if j.lines:
        head = f"{title}: JSON lines, {j.records:,} records{suffix}"
        if level.files == "shape":
            return [head]
        if shape.is_only("object"):
            return [head + ", each:", *_fields(shape, level)]
        return [head, f"  each: {_type_text(shape, 0, level)}"]
    if level.files == "shape":
        return [f"{title}: JSON {_type_text(shape, level.json_depth, level)}{suffix}"]
    if shape.is_only("object") and shape.keys:
        return [
            f"{title}: JSON object with {len(shape.keys):,} keys{suffix}:",
            *_fields(shape, level),
        ]
    items = shape.items
    if shape.is_only("list") and items is not None and items.is_only("object") and items.keys:
        head = f"{title}: JSON list of {_len_text(shape)} objects{suffix}, each:"
        return [head, *_fields(items, level)]
    return [f"{title}: JSON {_type_text(shape, 0, level)}{suffix}"]


def _fields(shape: Shape, level: Level) -> list[str]:
    """One line per key of an object shape."""
    lines = []
    for key in list(shape.keys)[: level.json_keys]:
        optional = " (optional)" if shape.is_optional(key) else ""
        sub = shape.keys[key]
        example = f", e.g. {sub.example}" if sub.is_only("str") and sub.example else ""
        lines.append(f"  {quote(key, 40)}: {_type_text(sub, 1, level)}{optional}{example}")
    if len(shape.keys) > level.json_keys:
        lines.append(f"  ... +{len(shape.keys) - level.json_keys:,} more keys")
    return lines


def _type_text(shape: Shape, depth: int, level: Level) -> str:
    """A compact type, e.g. `{"a": int, "b"?: [3 x str]}|null`, nested to json_depth."""
    parts = []
    for name, _ in sorted(shape.types.items(), key=lambda kv: (-kv[1], kv[0])):
        if name == "object" and shape.map_values is not None and shape.map_keys:
            keys = ", ".join(json.dumps(k, ensure_ascii=False) for k in shape.map_examples)
            inner = _type_text(shape.map_values, depth + 1, level)
            parts.append(f"{{<{shape.map_keys:,} keys, e.g. {keys}>: {inner}}}")
        elif name == "object":
            if not shape.keys:
                parts.append("{}")
            elif depth >= level.json_depth:
                parts.append(f"{{...{len(shape.keys)} keys}}")
            else:
                shown = []
                for key in list(shape.keys)[: level.json_keys]:
                    mark = "?" if shape.is_optional(key) else ""
                    sub = _type_text(shape.keys[key], depth + 1, level)
                    shown.append(f"{quote(key, 30)}{mark}: {sub}")
                if len(shape.keys) > level.json_keys:
                    shown.append(f"... +{len(shape.keys) - level.json_keys}")
                parts.append("{" + ", ".join(shown) + "}")
        elif name == "list":
            if shape.items is None:
                parts.append("[]")
            elif depth >= level.json_depth:
                parts.append(f"[{_len_text(shape)} items]")
            else:
                parts.append(f"[{_len_text(shape)} x {_type_text(shape.items, depth + 1, level)}]")
        else:
            parts.append(name)
    return "|".join(parts)


def _len_text(shape: Shape) -> str:
    if shape.len_min == shape.len_max:
        return f"{shape.len_max:,}"
    return f"{shape.len_min:,}-{shape.len_max:,}"
