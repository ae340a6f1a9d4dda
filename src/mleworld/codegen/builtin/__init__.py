"""The builtin offline code model: real programs for a task without any LLM.

`BuiltinCodeModel(seed, defect_rate)` implements the `CodeModel` protocol
(codegen/base.py). Modules:

* profile.py: what the task's public data looks like (kind, layout, column roles)
* spec.py: the structured program record embedded in every program
* drafts.py, plans.py: the space of first programs and their plans
* render/: writing the program text (names, sections, layouts, imports)
* improve.py: one atomic change of a parent
* debug.py, fixes.py, failures.py, known.py: repairs chosen from the traceback
* defects.py, mistakes.py: realistic defects at a chosen rate
* edits.py: precise source edits shared by the above
* review.py: honest answers to free-form requests (`complete`)
* examples.py: small hand-made tasks of every supported kind
"""

from mleworld.codegen.builtin.model import BuiltinCodeModel

__all__ = ["BuiltinCodeModel"]
