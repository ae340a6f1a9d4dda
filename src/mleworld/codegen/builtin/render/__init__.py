"""Writing a program's text from its spec: names, sections, layout, imports."""

from mleworld.codegen.builtin.render.layout import Program, render

__all__ = ["Program", "render"]
