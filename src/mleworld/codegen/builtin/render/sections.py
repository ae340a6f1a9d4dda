"""The statements of a program, section by section.

Every program does the same things in the same order: read ./input/, add
features, build X / y / X_test, validate (hold-out or K-fold), fit the final
model, write ./submission/submission.csv. This module writes each step for the
spec's choices; layout.py decides whether a step is top-level code, the body of
`main()`, a helper function or a method, and passes the names of the state the
step reads and writes (``train`` or ``self.train``).

Sites: lines that defects.py may alter carry a tag (``load_train``,
``submission_write``, ``fit``, ``val_predict``, ``submission_build``, ...).
"""

from __future__ import annotations

from mleworld.codegen.builtin.render.base import Refs
from mleworld.codegen.builtin.render.data import DataSections
from mleworld.codegen.builtin.render.modeling import ModelSections


class Sections(DataSections, ModelSections):
    """Every section writer of one program (data steps and model steps)."""


__all__ = ["Refs", "Sections"]
