"""The model-directed interaction harness (MLExpert section 3.2, appendix B).

Instead of AIDE's fixed policy, a tool model (an LLM through an OpenAI-compatible
endpoint, the builtin strategy, or a scripted replay) directs the experiment
through tools over the run's tree of solution nodes: inspect_data, read_node,
history, write_solution (code or a unified diff), predict (the world model),
run, submit and invalidate. A run writes the same journal, report and run.json
as an AIDE run, plus its trajectory (trajectory.jsonl) for training data.

Modules: config (HarnessConfig), tools (schemas and call checking), workbench
(what each tool does), diffs, tree (the journal plus the model's marks),
context (budget and compaction), models (the ToolModel protocol and backends),
strategy (the builtin strategy), prompts, trajectory (the JSONL log), session
(the loop and resume), results (what the run leaves behind).
"""

from mleworld.harness.config import HarnessConfig, is_harness_run
from mleworld.harness.session import resume, start

__all__ = ["HarnessConfig", "is_harness_run", "resume", "start"]
