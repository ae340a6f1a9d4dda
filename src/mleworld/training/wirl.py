"""The WIRL window loss with token-level policy correction (MLExpert section 4.2, appendix C.2).

For a batch of execution windows, each with its reward A_w (window rewards:
mleworld.trajectories.windows) and, per output token t of the main model, the
log-probability under the current policy (`logp`) and under the rollout policy
that generated it (`logp_rollout`):

    ratio_t = exp(logp_t - logp_rollout_t)
    in_t    = 1 when 1 - eps_low <= ratio_t <= 1 + eps_high (else the token is excluded)
    L_w     = -A_w * sum_t(mask_t * in_t * ratio_t) / sum_t(mask_t)
    loss    = mean over the batch's windows of L_w

The ratio carries the gradient (d ratio = ratio * d logp, the importance-weighted
policy gradient), the rollout log-probabilities carry none. A window is normalised
by its own valid output tokens (the mask: tokens the model wrote), so an excluded
token still counts there and lowers its window's weight; a window with no output
tokens contributes zero, without dividing by zero. The reward is used as it is: no
group-relative normalisation. eps_low 0.2 and eps_high 0.28 (a wider upper side, so
improbable tokens that were rewarded can still grow) are our defaults; the paper gives
the rule, not the constants.
"""

from __future__ import annotations

from typing import Any

EPS_LOW = 0.2
EPS_HIGH = 0.28


def wirl_loss(
    logp: Any,
    logp_rollout: Any,
    mask: Any,
    rewards: Any,
    eps_low: float = EPS_LOW,
    eps_high: float = EPS_HIGH,
) -> tuple[Any, dict[str, float]]:
    """The batch loss (a 0-d tensor) and its statistics.

    `logp`, `logp_rollout`, `mask`: [windows, tokens] (mask 1 on the model's output tokens,
    0 on padding, prompts and tool results); `rewards`: [windows].
    """
    import torch

    if logp.shape != logp_rollout.shape or logp.shape != mask.shape:
        raise ValueError("logp, logp_rollout and mask must have the same [windows, tokens] shape")
    if rewards.shape != logp.shape[:1]:
        raise ValueError("rewards must have one value per window")
    mask = mask.to(logp.dtype)
    ratio = torch.exp(logp - logp_rollout.detach())
    inside = ((ratio >= 1.0 - eps_low) & (ratio <= 1.0 + eps_high)).to(logp.dtype)
    kept = mask * inside
    tokens = mask.sum(dim=1)
    per_window = (kept * ratio).sum(dim=1) / tokens.clamp(min=1.0)
    per_window = torch.where(tokens > 0, per_window, torch.zeros_like(per_window))
    loss = -(rewards.to(logp.dtype) * per_window).mean()
    valid = mask.sum().clamp(min=1.0)
    stats = {
        "tokens": float(mask.sum()),
        "clipped_share": float(((1 - inside) * mask).sum() / valid),
        "empty_windows": int((tokens == 0).sum()),
        "mean_ratio": float((ratio.detach() * mask).sum() / valid),
    }
    return loss, stats
