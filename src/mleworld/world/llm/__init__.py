"""Language-model world models: a causal LM that emits `EXC_<class>` first (paper section 4).

`hf_model.HFWorldModel` runs a fine-tuned checkpoint locally with transformers;
`openai_model.OpenAIWorldModel` asks any OpenAI-compatible server. Both read the
outcome distribution off the first generated token (`decode.py`) and the rest of
the answer with `world.format.parse_prediction_text`. `tiny.py` builds a small
randomly initialised model offline, for tests and benchmarks.

Nothing here imports torch or transformers at import time: `deps.require`
imports them inside the functions that need them and names the `pip install`
line when they are missing.
"""
