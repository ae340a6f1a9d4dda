"""The `fast` world model: static analysis, learned heads and output synthesis, on a CPU.

A prediction composes three parts. Static analysis (world/static.py) reads the
program against the installed packages and the real data and names the crashes
it can prove (a syntax error, a missing column) with the message Python would
print; learned heads (LightGBM, trained on a corpus) give a calibrated
distribution over the exception vocabulary, the runtime and so the chance of a
timeout, the metric relative to the task, and the submission flag; output
synthesis (world/terminal.py) writes the terminal output those predict.

Modules: `code.py` (facts read off the program text), `tfidf.py` (code tokens
as TF-IDF vectors), `neighbours.py` (per-task pools of similar programs),
`features.py` (one feature row per query), `heads.py` (the four learned heads),
`edits.py` (what a child changed relative to its parent, and the head that
prices it), `persist.py` (the safe on-disk format), `model_files.py` (the
model directory and its schema version), `model.py` (`FastWorldModel`),
`default.py` (the default model, trained from the default corpus on first use).
Training lives in `mleworld.training.fast`. Nothing is imported here: import
the submodule you need.
"""
