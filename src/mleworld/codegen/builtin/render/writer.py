"""A line writer with indentation and tagged sites, plus the import registry.

Sections write statements into a `Writer`; layout.py moves them into functions,
methods or `main()` by shifting their depth. A line may carry a site tag (e.g.
"submission_write") so defects.py can find the statement it needs without
parsing the program.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

INDENT = "    "


@dataclass
class Line:
    depth: int
    text: str
    site: str | None = None


@dataclass
class Writer:
    lines: list[Line] = field(default_factory=list)
    depth: int = 0

    def __call__(self, text: str = "", site: str | None = None) -> None:
        for i, part in enumerate(text.split("\n")):
            self.lines.append(Line(self.depth, part, site if i == 0 else None))

    def blank(self, count: int = 1) -> None:
        """End with at least `count` blank lines (none at the very start)."""
        if not self.lines or self.lines[-1].text.rstrip().endswith(":"):
            return  # never right after a block header
        trailing = 0
        for line in reversed(self.lines):
            if line.text:
                break
            trailing += 1
        for _ in range(count - trailing):
            self.lines.append(Line(0, ""))

    @contextmanager
    def block(self, header: str, site: str | None = None) -> Iterator[None]:
        self(header, site)
        self.depth += 1
        start = len(self.lines)
        yield
        body = self.lines[start:]
        if not any(line.text and not line.text.lstrip().startswith("#") for line in body):
            self("pass")
        self.depth -= 1

    def extend(self, other: Writer | list[Line], depth: int = 0) -> None:
        items = other.lines if isinstance(other, Writer) else other
        for line in items:
            extra = self.depth + depth if line.text else 0
            self.lines.append(Line(line.depth + extra, line.text, line.site))

    def render(self) -> tuple[str, dict[str, list[int]]]:
        """The program text and, per site tag, the 1-based numbers of its lines."""
        out: list[str] = []
        sites: dict[str, list[int]] = {}
        blanks = 0
        for line in self.lines:
            if not line.text:
                blanks += 1
                if blanks > 2 or not out:
                    continue
                out.append("")
                continue
            blanks = 0
            out.append(INDENT * line.depth + line.text)
            if line.site:
                sites.setdefault(line.site, []).append(len(out))
        while out and not out[-1]:
            out.pop()
        return "\n".join(out) + "\n", sites


@dataclass
class Imports:
    """What the program imports; rendered in the author's style at the end."""

    modules: dict[str, str | None] = field(default_factory=dict)  # module -> alias
    names: dict[str, set[str]] = field(default_factory=dict)  # module -> names

    def module(self, module: str, alias: str | None = None) -> str:
        self.modules.setdefault(module, alias)
        return alias or module

    def name(self, module: str, name: str) -> str:
        self.names.setdefault(module, set()).add(name)
        return name
