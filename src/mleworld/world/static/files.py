"""Files a program reads and writes, checked against its workspace and the task's data.

A program runs in a fresh workspace holding `input/` (the task's public files,
`data_dir` here), `submission/` and `working/`. A read of a path under
`./input/` that `data_dir` lacks, or of any other relative path the program
never writes, raises FileNotFoundError with the path as the program spelt it
(str() of a pathlib.Path drops a leading "./"). A write into a directory that
does not exist fails too (pandas' to_csv: OSError naming the directory). Paths
are followed through string constants, f-strings, `+`, `os.path.join` and
`Path / "name"`. Reads of files the program writes elsewhere, and writes into
directories it creates, are dropped when the walk ends (`FileState.finish`),
since the order the walk met them in may not be the order they run in.

This module also records whether ./submission/submission.csv is written
(submission.py turns that into the report's answer).
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from mleworld.world.static.program import ProgramIndex
from mleworld.world.static.report import Finding
from mleworld.world.static.values import UNKNOWN, Const, Method, PathIn, PathVal, Value, const_str

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

SUBMISSION = "submission/submission.csv"
WORKSPACE_DIRS = ("input", "submission", "working")
INPUT_CONFIDENCE = 0.97
ELSEWHERE_CONFIDENCE = 0.85  # another platform's path (../input, /kaggle/input, data/)
_PANDAS_WRITES = {"to_csv", "to_parquet", "to_json", "to_pickle", "to_feather", "to_excel"}


@dataclass
class FileState:
    """What the walk learned about the program's files."""

    call_funcs: set[int]  # ids of expressions that are called (`x.f` in `x.f(...)`)
    attr_stores: set[str]  # attribute names the program assigns (`np.thing = ...`)
    write_calls: set[int]  # ids of calls that may write the submission
    mkdir_calls: int  # calls named mkdir / makedirs anywhere
    written: dict[str, int] = field(default_factory=dict)  # normalized path -> line
    created: set[str] = field(default_factory=set)
    mkdirs_seen: int = 0
    unknown_writes: list[int] = field(default_factory=list)  # lines of writes to paths not followed
    writes_seen: set[int] = field(default_factory=set)
    submission_written: bool = False
    # How many findings the walk had made when it met a write of the submission that surely
    # runs: a crash found after that leaves the file behind. None: no such write.
    submission_at: int | None = None
    pending: list[tuple[Finding, str, str]] = field(default_factory=list)

    @classmethod
    def scan(cls, index: ProgramIndex) -> FileState:
        return cls(index.call_funcs, index.attr_stores, index.write_calls, index.mkdir_calls)

    def finish(self, walker: Walker) -> None:
        """Drop reads of files the program writes and writes into directories it creates."""
        drop: set[int] = set()
        for finding, norm, kind in self.pending:
            if kind == "read":
                if norm in self.written:
                    drop.add(id(finding))
                elif self.unknown_writes:
                    finding.confidence = round(finding.confidence * 0.6, 3)
            elif kind == "dir":
                if any(c == norm or c.startswith(norm + "/") for c in self.created):
                    drop.add(id(finding))
                elif self.mkdir_calls > self.mkdirs_seen:
                    finding.confidence = round(finding.confidence * 0.5, 3)
        if drop:
            walker.found[:] = [f for f in walker.found if id(f) not in drop]


def path_text(value: Value | None) -> str | None:
    """The path a value names, as str() of it would spell it."""
    if isinstance(value, PathVal):
        return value.text
    return const_str(value) if value is not None else None


def classify(text: str, data_dir: Path | None) -> tuple[str, Path | None]:
    """input | absolute | workspace | elsewhere | unknown, and the real path when there is one."""
    if not text or text.startswith("~") or "://" in text:
        return "unknown", None
    if text.startswith("/"):
        return "absolute", Path(text)
    parts = PurePosixPath(os.path.normpath(text)).parts
    if not parts or parts == (".",):
        return "workspace", None
    if parts[0] == "input":
        return (
            ("input", data_dir.joinpath(*parts[1:])) if data_dir is not None else ("unknown", None)
        )
    if parts[0] in WORKSPACE_DIRS or parts == ("runfile.py",):
        return "workspace", None
    return "elsewhere", None


def exists(walker: Walker, value: Value, kind: str = "any") -> bool | None:
    """Whether a path the program tests (os.path.exists, Path.is_file) exists, when knowable."""
    text = path_text(value)
    if text is None:
        return None
    where, real = classify(text, walker.data_dir)
    if where != "input" or real is None:
        return None
    if kind == "file":
        return real.is_file()
    if kind == "dir":
        return real.is_dir()
    return real.exists()


def check_read(
    walker: Walker, value: Value | None, node: ast.AST, style: str = "errno"
) -> Path | None:
    """Report a read of a missing file; the real file when it is an existing input file."""
    text = path_text(value)
    if text is None:
        return None
    where, real = classify(text, walker.data_dir)
    if where in ("input", "absolute") and real is not None:
        if real.exists():
            return real if where == "input" else None
        confidence = INPUT_CONFIDENCE if where == "input" else ELSEWHERE_CONFIDENCE
    elif where == "elsewhere":
        confidence = ELSEWHERE_CONFIDENCE
    else:
        return None
    message = (
        f"FileNotFoundError: [Errno 2] No such file or directory: {text!r}"
        if style == "errno"
        else f"FileNotFoundError: {text}"
    )
    if walker.index.chdir:
        confidence *= 0.5  # the program changes directory: relative paths may mean elsewhere
    finding = walker.emit("files", "FileNotFoundError", message, node, confidence)
    if finding is not None:
        walker.files.pending.append((finding, os.path.normpath(text), "read"))
    return None


def path_in(folder: str, name: ast.expr | None, *, pathlib: bool = False) -> PathIn:
    """A path into `folder` whose name the walk does not know (`os.path.join`, or pathlib's
    `/`, which drops a leading "./"); the name is guessed from the expression that makes it
    (an f-string's literal parts), for the message."""
    literal = name.values if isinstance(name, ast.JoinedStr) else []
    guess = "".join(str(p.value) for p in literal if isinstance(p, ast.Constant)) or "file"
    shown = str(PurePosixPath(folder, guess)) if pathlib else os.path.join(folder, guess)
    return PathIn(folder, shown)


def record_write(walker: Walker, target: Value | None, node: ast.Call, how: str | None) -> None:
    """A write to `target`; `how` names the error a missing directory gives (pandas | torch |
    open)."""
    state = walker.files
    state.writes_seen.add(id(node))
    if isinstance(target, PathIn):
        # its name is known only at run time, its folder decides (the name is a guess)
        _missing_folder(walker, target.shown, os.path.normpath(target.folder), node, how, 0.7)
        return
    text = path_text(target)
    if text is None:
        if target is not None and not isinstance(target, Const):
            state.unknown_writes.append(node.lineno)
        return
    norm = os.path.normpath(text)
    state.written.setdefault(norm, node.lineno)
    if norm == SUBMISSION:
        state.submission_written = True
        if state.submission_at is None and walker.certain:
            state.submission_at = len(walker.found)
    _missing_folder(walker, text, os.path.dirname(norm), node, how, 0.9)


def _missing_folder(
    walker: Walker, spelt: str, parent: str, node: ast.Call, how: str | None, named: float
) -> None:
    """A write of `spelt` into folder `parent`, when nothing made that folder: pandas'
    OSError and torch's RuntimeError name the folder, the others' FileNotFoundError the
    file (at confidence `named`, lower where the file's name is a guess)."""
    if how is None or walker.index.chdir or _dir_exists(walker, parent):
        return
    if how == "pandas":
        shown = str(PurePosixPath(spelt).parent)
        message = f"OSError: Cannot save file into a non-existent directory: '{shown}'"
        finding = walker.emit("files", "OSError", message, node, 0.9)
    elif how == "torch":  # torch.save: the folder as spelt, "./" and all
        message = f"RuntimeError: Parent directory {os.path.dirname(spelt)} does not exist."
        finding = walker.emit("files", "RuntimeError", message, node, named)
    else:
        message = f"FileNotFoundError: [Errno 2] No such file or directory: {spelt!r}"
        finding = walker.emit("files", "FileNotFoundError", message, node, named)
    if finding is not None:
        walker.files.pending.append((finding, parent, "dir"))


def _dir_exists(walker: Walker, parent: str) -> bool:
    if parent in ("", "."):
        return True
    if parent.startswith("/"):
        return os.path.isdir(parent)
    parts = PurePosixPath(parent).parts
    if parts[0] == "..":
        return True  # outside the workspace: cannot tell
    if len(parts) == 1 and parts[0] in WORKSPACE_DIRS:
        return True
    if parts[0] == "input" and walker.data_dir is not None:
        return walker.data_dir.joinpath(*parts[1:]).is_dir()
    return parent in walker.files.created


def record_mkdir(walker: Walker, target: Value | None) -> None:
    # a folder named at run time inside a known one (`makedirs(join(OUT, name))`) makes it too
    text = target.folder if isinstance(target, PathIn) else path_text(target)
    if text is None:
        return
    walker.files.mkdirs_seen += 1
    norm = os.path.normpath(text)
    walker.files.created.add(norm)


def on_method_write(
    walker: Walker,
    attr: str,
    func: Value,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
) -> None:
    """Writes named by a method, whatever the receiver: `x.to_csv(path)`, `p.write_text(...)`."""
    if attr in _PANDAS_WRITES:
        target = args[0] if args else kwargs.get("path_or_buf", kwargs.get("path"))
        if target is not None and not (isinstance(target, Const) and target.value is None):
            record_write(walker, target, node, "pandas" if attr == "to_csv" else None)
        elif id(node) in walker.files.write_calls:
            walker.files.writes_seen.add(id(node))
    elif attr == "savefig":  # plt.savefig / fig.savefig: matplotlib opens the file itself
        target = args[0] if args else kwargs.get("fname")
        if target is not None and path_text(target) is not None:
            record_write(walker, target, node, "open")
    elif isinstance(func, Method) and isinstance(func.owner, PathVal):
        if attr in ("write_text", "write_bytes", "touch"):
            record_write(walker, func.owner, node, "open")
        elif attr == "mkdir":
            record_mkdir(walker, func.owner)


def path_attribute(path: PathVal, attr: str) -> Value:
    pure = PurePosixPath(path.text)
    if attr == "parent":
        return PathVal(str(pure.parent))
    if attr in ("name", "stem", "suffix"):
        return Const(getattr(pure, attr))
    return Method(path, attr)


def path_method(walker: Walker, method: Method, args: list[Value], node: ast.Call) -> Value:
    path = method.owner
    assert isinstance(path, PathVal)
    name = method.name
    if name in ("exists", "is_file", "is_dir"):
        found = exists(walker, path, {"is_file": "file", "is_dir": "dir"}.get(name, "any"))
        return Const(found) if found is not None else UNKNOWN
    if name == "joinpath":
        texts = [path_text(a) for a in args]
        if all(t is not None for t in texts):
            return PathVal(str(PurePosixPath(path.text, *texts)))  # type: ignore[arg-type]
    if name in ("read_text", "read_bytes"):
        check_read(walker, path, node)
    if name == "open":
        mode = const_str(args[0]) if args else "r"
        if mode is not None and not any(c in mode for c in "wax"):
            check_read(walker, path, node)
    if name == "with_suffix" and args and const_str(args[0]) is not None:
        return PathVal(str(PurePosixPath(path.text).with_suffix(const_str(args[0]) or "")))
    return UNKNOWN
