"""The builtin offline code model: real programs for a task without any LLM.

`BuiltinCodeModel(seed, defect_rate)` implements the `CodeModel` protocol
(codegen/base.py). Modules: profile.py (what the task's data looks like),
spec.py (the structured program record), drafts.py (the space of drafts),
render/ (writing the program text), improve.py (one atomic change),
debug.py (repairs chosen from the traceback), defects.py (realistic
defects at a chosen rate), review.py (answers to free-form requests),
examples.py (small hand-made tasks).
"""

from mleworld.codegen.builtin.model import BuiltinCodeModel

__all__ = ["BuiltinCodeModel"]
