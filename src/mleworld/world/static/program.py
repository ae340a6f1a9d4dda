"""Facts about a parsed program gathered in one pass over its tree.

Several detectors need whole-program facts before or after the walk: which
expressions are called, which attributes the program assigns, which calls may
write files or create directories, every function with the functions around
it, which names are declared global, whether names can be bound dynamically.
Walking the tree once for all of them keeps analysis fast.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
WRITE_ATTRS = frozenset({"to_csv", "savetxt", "write_text"})
COPY_ATTRS = frozenset({"copy", "copyfile", "copy2", "move"})  # shutil's (src, dst)
_DYNAMIC_NAMES = frozenset({"exec", "globals", "__builtins__"})
_INTERESTING = frozenset(
    {
        ast.Name,
        ast.Attribute,
        ast.Call,
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.Lambda,
        ast.Yield,
        ast.YieldFrom,
        ast.Global,
        ast.Import,
        ast.ImportFrom,
        ast.Constant,
    }
)


_FIELDS: dict[type, tuple[str, ...]] = {}


def children(node: ast.AST) -> list[ast.AST]:
    """A node's child nodes, as ast.iter_child_nodes gives them, minus expression contexts.

    Faster than the generic iterator: field names are looked up once per node
    type, and the Load/Store/Del markers (a node on every name) are skipped.
    """
    kind = type(node)
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = tuple(f for f in kind._fields if f != "ctx")
    out: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, ast.AST):
            out.append(value)
        elif type(value) is list:
            out.extend(item for item in value if isinstance(item, ast.AST))
    return out


@dataclass
class FunctionInfo:
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    chain: tuple[ast.AST, ...]  # enclosing functions, outermost first
    generator: bool = False


@dataclass
class ProgramIndex:
    functions: dict[int, FunctionInfo] = field(default_factory=dict)
    call_funcs: set[int] = field(default_factory=set)  # ids of called expressions
    attr_stores: set[str] = field(default_factory=set)  # `x.attr = ...` anywhere
    write_calls: set[int] = field(default_factory=set)  # calls that may write the submission
    mkdir_calls: int = 0
    loaded: set[str] = field(default_factory=set)  # names read and attribute names used
    global_names: set[str] = field(default_factory=set)
    modules: list[str] = field(default_factory=list)  # top-level modules imported, first-seen order
    dynamic: bool = False  # star import, exec, globals(), builtins patched
    n_calls: int = 0
    py_files: set[str] = field(
        default_factory=set
    )  # module names of `.py` paths the program spells
    sys_path_changed: bool = False  # sys.path.append / insert / assignment
    chdir: bool = False  # os.chdir: relative paths no longer mean the workspace

    @classmethod
    def build(cls, tree: ast.Module) -> ProgramIndex:
        index = cls()
        stack: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(tree, ())]
        see = index._see
        while stack:
            node, chain = stack.pop()
            if type(node) in _INTERESTING:
                see(node, chain)
            inner = (*chain, node) if isinstance(node, _FUNCTIONS) else chain
            for child in children(node):
                stack.append((child, inner))
        return index

    def _see(self, node: ast.AST, chain: tuple[ast.AST, ...]) -> None:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) and node.value.endswith(".py"):
                self.py_files.add(node.value.rsplit("/", 1)[-1][:-3])
        elif isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                self.loaded.add(node.id)
                if node.id in _DYNAMIC_NAMES:
                    self.dynamic = True
        elif isinstance(node, ast.Attribute):
            self.loaded.add(node.attr)
            if node.attr == "chdir":
                self.chdir = True
            elif (
                node.attr == "path" and isinstance(node.value, ast.Name) and node.value.id == "sys"
            ):
                self.sys_path_changed = True  # read or written: a program rarely reads it idly
            if isinstance(node.ctx, ast.Store):
                self.attr_stores.add(node.attr)
                if isinstance(node.value, ast.Name) and node.value.id in (
                    "builtins",
                    "__builtins__",
                ):
                    self.dynamic = True
        elif isinstance(node, ast.Call):
            self._call(node)
        elif isinstance(node, _FUNCTIONS):
            self.functions[id(node)] = FunctionInfo(node, chain)
        elif isinstance(node, ast.Yield | ast.YieldFrom) and chain:
            self.functions[id(chain[-1])].generator = True
        elif isinstance(node, ast.Global):
            self.global_names.update(node.names)
        elif isinstance(node, ast.Import):
            self._modules(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if any(a.name == "*" for a in node.names) or node.module == "builtins":
                self.dynamic = True
            if node.level == 0 and node.module:
                self._modules([node.module])

    def _modules(self, names: object) -> None:
        for name in names:  # type: ignore[attr-defined]
            top = name.partition(".")[0]
            if top == "builtins":
                self.dynamic = True
            if top and top != "__future__" and top not in self.modules:
                self.modules.append(top)

    def _call(self, node: ast.Call) -> None:
        self.n_calls += 1
        self.call_funcs.add(id(node.func))
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if (
            name in WRITE_ATTRS
            or (name in COPY_ATTRS and len(node.args) >= 2)
            or (name == "open" and _may_write(node))
        ):
            self.write_calls.add(id(node))
        elif name in ("mkdir", "makedirs"):
            self.mkdir_calls += 1


def _may_write(node: ast.Call) -> bool:
    mode = node.args[1] if len(node.args) > 1 else None
    mode = mode or next((k.value for k in node.keywords if k.arg == "mode"), None)
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return any(c in mode.value for c in "wax")
    return True
