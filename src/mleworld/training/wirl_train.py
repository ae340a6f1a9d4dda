"""`mleworld train wirl`: a small WIRL trainer for a local causal LM over harness trajectories.

Each trajectory is split into execution windows with their rewards
(trajectories/windows.py). A window becomes one training example: the messages
the model saw when it made the window's last decision (rendered with the
policy's chat template), cut from the left to `max_tokens`, with the window's
own assistant messages as the output tokens. The loss is
training/wirl.py's (token-level policy correction, per-window normalisation,
raw rewards). Trajectories written by the builtin strategy or a scripted model
carry no token log-probabilities, so the rollout policy is the policy as loaded,
snapshotted before the first update (refreshed every `refresh_every` updates
when set): the importance ratio measures how far training has moved from it.
AdamW with cosine learning-rate decay and no warm-up (appendix C.3). The log
records, per update, the WIRL loss and the reward-weighted negative
log-likelihood of the windows' outputs (the mean over windows of A_w * mean NLL_w,
which falls as rewarded outputs grow likelier and penalised ones less likely).
The trained policy and its tokenizer are saved to OUT/model, the log to
OUT/wirl_log.json, each swapped in whole.
"""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mleworld.errors import ConfigError, MleWorldError
from mleworld.files import atomic_write_text, replace_directory
from mleworld.training.wirl import EPS_HIGH, EPS_LOW, wirl_loss

LOG_FILE = "wirl_log.json"


@dataclass
class WindowExample:
    run: str
    window: int
    reward: float
    input_ids: list[int]
    output_mask: list[int]  # 1 on the window's own assistant tokens


def render(message: dict[str, Any]) -> str:
    """A message's text as a policy reads it: its content, then its tool calls as JSON."""
    text = str(message.get("content") or "")
    calls = [
        {
            "name": (c.get("function") or {}).get("name"),
            "arguments": (c.get("function") or {}).get("arguments"),
        }
        for c in message.get("tool_calls") or []
    ]
    if calls:
        text = f"{text}\n<tool_calls>{json.dumps(calls, ensure_ascii=False)}</tool_calls>".strip()
    return text


def _piece(tokenizer: Any, role: str, text: str) -> list[int]:
    if getattr(tokenizer, "chat_template", None):
        rendered = tokenizer.apply_chat_template([{"role": role, "content": text}], tokenize=False)
    else:
        rendered = f"{role}: {text}\n"
    return list(tokenizer(rendered, add_special_tokens=False)["input_ids"])


def window_examples(
    runs: list[Path], tokenizer: Any, reward_config: Any = None, max_tokens: int = 512
) -> list[WindowExample]:
    """Every rewarded window of every run, tokenised."""
    from mleworld.agent.config import load_config
    from mleworld.harness.trajectory import load_trajectory
    from mleworld.tasks.suite import resolve_task
    from mleworld.trajectories.windows import grader_for, score_windows, split_windows

    examples: list[WindowExample] = []
    for run in runs:
        traj = load_trajectory(Path(run))
        task = resolve_task(load_config(Path(run)).task)
        windows = score_windows(split_windows(traj), grader_for(Path(run), task), reward_config)
        for window in windows:
            last = window.messages[-1]
            context = [*traj.context_before[last], last]
            ids: list[int] = []
            mask: list[int] = []
            own = set(window.messages)
            for index in context:
                message = traj.messages[index]
                piece = _piece(tokenizer, str(message.get("role")), render(message))
                ids.extend(piece)
                mask.extend([int(index in own)] * len(piece))
            examples.append(
                WindowExample(
                    str(run), window.index, window.reward, ids[-max_tokens:], mask[-max_tokens:]
                )
            )
    return examples


def _batch(examples: list[WindowExample], pad_id: int) -> tuple[Any, Any, Any, Any]:
    import torch

    width = max(len(e.input_ids) for e in examples)
    ids = torch.full((len(examples), width), pad_id, dtype=torch.long)
    attention = torch.zeros((len(examples), width), dtype=torch.long)
    outputs = torch.zeros((len(examples), width), dtype=torch.float32)
    for row, example in enumerate(examples):
        n = len(example.input_ids)
        ids[row, :n] = torch.tensor(example.input_ids)
        attention[row, :n] = 1
        outputs[row, :n] = torch.tensor(example.output_mask, dtype=torch.float32)
    rewards = torch.tensor([e.reward for e in examples], dtype=torch.float32)
    return ids, attention, outputs, rewards


def token_logprobs(model: Any, ids: Any, attention: Any) -> Any:
    """log p(token t | tokens < t) for t = 1..T-1: [batch, T-1]."""
    import torch

    logits = model(input_ids=ids, attention_mask=attention).logits[:, :-1, :].float()
    return torch.log_softmax(logits, dim=-1).gather(-1, ids[:, 1:, None]).squeeze(-1)


def _save(model: Any, tokenizer: Any, target: Path) -> None:
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    replace_directory(tmp, target)


def train_wirl(
    policy: str | Path,
    runs: list[Path],
    out: str | Path,
    *,
    steps: int = 30,
    lr: float = 2e-4,
    eps_low: float = EPS_LOW,
    eps_high: float = EPS_HIGH,
    max_tokens: int = 512,
    refresh_every: int | None = None,
    seed: int = 0,
    reward_config: Any = None,
) -> dict[str, Any]:
    """Train `policy` (a local causal-LM directory) on the windows of `runs`; return the log."""
    try:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as exc:
        raise MleWorldError(
            f"mleworld train wirl needs torch and transformers ({exc.name} is not installed); "
            "install them with: pip install 'mleworld[hf]'"
        ) from None

    if steps < 1 or lr <= 0 or max_tokens < 8:
        raise ConfigError("--steps must be >= 1, --lr > 0 and --max-tokens >= 8")
    if not Path(policy).is_dir():
        raise ConfigError(f"policy {policy} is not a model directory; pass a local causal LM")
    torch.manual_seed(seed)
    tokenizer = AutoTokenizer.from_pretrained(str(policy))
    model = AutoModelForCausalLM.from_pretrained(str(policy), dtype=torch.float32)
    examples = window_examples(runs, tokenizer, reward_config, max_tokens)
    if not examples:
        raise MleWorldError("the trajectories hold no execution window with trusted feedback")
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    ids, attention, outputs, rewards = _batch(examples, pad)
    mask = outputs[:, 1:] * attention[:, 1:]

    def rollout() -> Any:
        model.eval()
        with torch.no_grad():
            return token_logprobs(model, ids, attention)

    old = rollout()
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: 0.5 * (1 + math.cos(math.pi * step / steps))
    )
    log: list[dict[str, Any]] = []
    tokens = mask.sum(dim=1).clamp(min=1.0)
    for step in range(steps):
        if refresh_every and step and step % refresh_every == 0:
            old = rollout()
        model.train()
        logp = token_logprobs(model, ids, attention)
        loss, stats = wirl_loss(logp, old, mask, rewards, eps_low, eps_high)
        nll = -((logp.detach() * mask).sum(dim=1) / tokens)
        weighted_nll = float((rewards * nll).mean())
        log.append(
            {
                "step": step,
                "loss": round(float(loss), 6),
                "reward_weighted_nll": round(weighted_nll, 6),
                "lr": optimizer.param_groups[0]["lr"],
                "clipped_share": round(stats["clipped_share"], 4),
            }
        )
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        schedule.step()
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.eval()
    _save(model, tokenizer, out_dir / "model")
    result = {
        "policy": str(policy),
        "runs": [str(r) for r in runs],
        "windows": len(examples),
        "rewards": [e.reward for e in examples],
        "tokens_per_window": [int(t) for t in mask.sum(dim=1).tolist()],
        "steps": steps,
        "lr": lr,
        "eps_low": eps_low,
        "eps_high": eps_high,
        "log": log,
    }
    atomic_write_text(out_dir / LOG_FILE, json.dumps(result, indent=2) + "\n")
    return result
