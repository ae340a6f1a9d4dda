"""`hf:PATH`: a fine-tuned causal LM run locally with transformers, batched.

One generate call per batch, greedy. The first step is restricted to the EXC
tokens, so the answer always opens with the class the distribution ranks
first; the distribution itself is read from that step's raw logits over the
whole vocabulary, renormalised over the EXC tokens (decode.probs_from_logits).
The rest is decoded greedily and parsed into the Prediction's fields.

A checkpoint is what `mleworld wm train --backend hf` writes: model, tokenizer,
`exc_vocab.json` and `mleworld_model.json` (the prompt budget it was trained
with). A long prompt is cut to that budget (truncate.py) and the cut recorded.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.world.llm.decode import build_prediction, probs_from_logits
from mleworld.world.llm.deps import require
from mleworld.world.prediction import Prediction, Query
from mleworld.world.vocab import Vocab

MODEL_INFO = "mleworld_model.json"
VOCAB_FILE = "exc_vocab.json"


def read_model_info(path: Path) -> dict[str, Any]:
    info_path = path / MODEL_INFO
    if not info_path.is_file():
        return {}
    try:
        data = json.loads(info_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise MleWorldError(f"{info_path} is not valid JSON ({exc}); retrain or fix it") from None
    return data if isinstance(data, dict) else {}


def resolve_device(device: str | None) -> str:
    import torch

    if device:
        return device
    return "cuda" if torch.cuda.is_available() else "cpu"


class HFWorldModel:
    """A world model over a local checkpoint directory (see the module docstring)."""

    def __init__(
        self,
        path: str | Path,
        *,
        device: str | None = None,
        dtype: str | None = None,
        max_len: int | None = None,
        max_new_tokens: int | None = None,
        batch_size: int = 8,
    ) -> None:
        require("hf", "torch", "transformers", what="the hf world model")
        import torch
        from transformers import AutoModelForCausalLM

        from mleworld.world.llm.tokens import exc_token_ids, load_tokenizer

        self.path = Path(path).expanduser()
        if not (self.path / "config.json").is_file():
            raise MleWorldError(
                f"{self.path} is not a model checkpoint (no config.json); pass the --out "
                "directory of `mleworld wm train --backend hf`"
            )
        if not (self.path / VOCAB_FILE).is_file():
            raise MleWorldError(
                f"{self.path} has no {VOCAB_FILE}: it is not an mleworld world model; "
                "fine-tune it with `mleworld wm train --backend hf --base-model "
                f"{self.path}` first"
            )
        if batch_size < 1 or (max_new_tokens is not None and max_new_tokens < 1):
            raise MleWorldError("batch_size and max_new_tokens must be at least 1")
        self.name = f"hf:{self.path}"
        self.info = read_model_info(self.path)
        self.vocab = Vocab.load(self.path / VOCAB_FILE)
        self.device = resolve_device(device)
        torch_dtype = getattr(torch, dtype) if dtype else torch.float32
        if dtype is None and self.device.startswith("cuda") and torch.cuda.is_bf16_supported():
            torch_dtype = torch.bfloat16
        self.tokenizer = load_tokenizer(self.path)
        self.model = AutoModelForCausalLM.from_pretrained(self.path, dtype=torch_dtype)
        self.model.to(self.device)
        self.model.eval()
        self.exc_ids = exc_token_ids(self.tokenizer, self.vocab)
        positions = int(getattr(self.model.config, "max_position_embeddings", 0) or 0)
        self.max_len = int(max_len or self.info.get("max_len") or positions or 4096)
        from mleworld.world.llm.prompting import answer_room

        # The answer is never longer than what training left room for.
        self.max_new_tokens = int(max_new_tokens or answer_room(self.max_len))
        self.batch_size = int(batch_size)
        self._lock = threading.Lock()  # one generate at a time: the model is not re-entrant

    @classmethod
    def load(cls, path: str, **opts: Any) -> HFWorldModel:
        return cls(path, **opts)

    def observe(self, record: Any) -> None:
        """A fine-tuned LM learns only by retraining; a single observation is ignored."""

    # ------------------------------------------------------------------ predict
    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        out: list[Prediction] = []
        for start in range(0, len(queries), self.batch_size):
            out.extend(self._predict_chunk(queries[start : start + self.batch_size]))
        return out

    def prompt_budget(self) -> int:
        """Prompt tokens allowed: the same budget the model was trained with."""
        from mleworld.world.llm.prompting import prompt_budget

        return prompt_budget(self.max_len)

    def _predict_chunk(self, queries: Sequence[Query]) -> list[Prediction]:
        from mleworld.world.llm.prompting import fitted_prompt_ids

        started = time.perf_counter()
        prompts, cuts = [], []
        for query in queries:
            ids, cut = fitted_prompt_ids(self.tokenizer, query.x, self.prompt_budget())
            prompts.append(ids)
            cuts.append(cut)
        texts, firsts, finishes, _ = self.generate(prompts, max_new_tokens=self.max_new_tokens)
        latency = (time.perf_counter() - started) * 1000.0 / max(len(queries), 1)
        return [
            build_prediction(
                text,
                probs_from_logits(first, self.exc_ids),
                self.vocab,
                backend=self.name,
                latency_ms=latency,
                evidence=[cut] if cut else None,
                finish_reason=finish,
            )
            for text, first, cut, finish in zip(texts, firsts, cuts, finishes, strict=True)
        ]

    # ----------------------------------------------------------------- generate
    def generate(
        self,
        prompts: Sequence[Sequence[int]],
        *,
        max_new_tokens: int,
        force_exc_first: bool = True,
        top_logprobs: int = 0,
    ) -> tuple[list[str], list[list[float]], list[str], list[list[dict[str, Any]]]]:
        """Greedy continuations of token-id prompts.

        Returns the decoded texts, the first step's raw logits per prompt, each
        finish reason (`stop` at the end-of-turn token, else `length`) and, with
        `top_logprobs`, per prompt and step the chosen token, its logprob and
        the top alternatives (what /v1/completions reports; else empty lists).
        """
        import torch

        eos = self.tokenizer.eos_token_id
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else eos
        width = max(len(p) for p in prompts)
        ids = torch.full((len(prompts), width), pad, dtype=torch.long)
        mask = torch.zeros((len(prompts), width), dtype=torch.long)
        for row, prompt in enumerate(prompts):
            if prompt:
                ids[row, width - len(prompt) :] = torch.tensor(list(prompt), dtype=torch.long)
                mask[row, width - len(prompt) :] = 1
        processors = []
        if force_exc_first:
            processors.append(_first_step_only(sorted(self.exc_ids.values()), width))
        with self._lock, torch.inference_mode():
            result = self.model.generate(
                input_ids=ids.to(self.device),
                attention_mask=mask.to(self.device),
                max_new_tokens=max_new_tokens,
                do_sample=False,
                logits_processor=processors or None,
                output_logits=True,
                return_dict_in_generate=True,
                pad_token_id=pad,
                eos_token_id=eos,
            )
        new = result.sequences[:, width:].cpu()
        logits = [step.float().cpu() for step in result.logits]
        texts, finishes, steps = [], [], []
        for row in range(len(prompts)):
            tokens = new[row].tolist()
            length = len(tokens)
            finish = "length"
            if eos in tokens:
                length = tokens.index(eos)
                finish = "stop"
            texts.append(self.tokenizer.decode(tokens[:length], skip_special_tokens=True))
            finishes.append(finish)
            steps.append(
                self._steps(tokens[:length], logits, row, top_logprobs) if top_logprobs else []
            )
        return texts, [logits[0][row].tolist() for row in range(len(prompts))], finishes, steps

    def _steps(
        self, tokens: list[int], logits: list[Any], row: int, k: int
    ) -> list[dict[str, Any]]:
        import torch

        steps = []
        for t, token in enumerate(tokens):
            logprobs = torch.log_softmax(logits[t][row], dim=-1)
            values, indices = torch.topk(logprobs, min(k, logprobs.shape[-1]))
            steps.append(
                {
                    "token": self.tokenizer.decode([token]),
                    "logprob": float(logprobs[token]),
                    "top": [
                        (self.tokenizer.decode([int(i)]), float(v))
                        for v, i in zip(values.tolist(), indices.tolist(), strict=True)
                    ],
                }
            )
        return steps


def _first_step_only(allowed: list[int], prompt_width: int) -> Any:
    """A logits processor that allows only `allowed` at the first generated position."""
    import torch
    from transformers import LogitsProcessor

    class FirstStepOnly(LogitsProcessor):
        def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
            if input_ids.shape[1] != prompt_width:
                return scores
            keep = torch.full_like(scores, float("-inf"))
            keep[:, allowed] = 0.0
            return scores + keep

    return FirstStepOnly()
