"""The WIRL window loss: ratio clipping, per-window normalisation, empty windows, raw rewards."""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")

from mleworld.training.wirl import wirl_loss  # noqa: E402


def _grad(logp_values, rollout_values, mask_values, rewards, **kw):
    logp = torch.tensor(logp_values, dtype=torch.float64, requires_grad=True)
    loss, stats = wirl_loss(
        logp,
        torch.tensor(rollout_values, dtype=torch.float64),
        torch.tensor(mask_values),
        torch.tensor(rewards, dtype=torch.float64),
        **kw,
    )
    loss.backward()
    return loss, logp.grad, stats


def test_tokens_inside_the_ratio_band_are_weighted_by_it_outside_excluded() -> None:
    # ratios: 1.0, 1.1 (inside), 0.5 (below 1-0.2), 2.0 (above 1+0.28)
    ratios = [1.0, 1.1, 0.5, 2.0]
    rollout = [-1.0] * 4
    logp = [-1.0 + math.log(r) for r in ratios]
    loss, grad, stats = _grad([logp], [rollout], [[1, 1, 1, 1]], [2.0])
    assert loss.item() == pytest.approx(-2.0 * (1.0 + 1.1) / 4)
    # d loss / d logp_t = -A * ratio_t / N inside the band, 0 outside
    assert grad[0].tolist() == pytest.approx([-2.0 * 1.0 / 4, -2.0 * 1.1 / 4, 0.0, 0.0])
    assert stats["clipped_share"] == pytest.approx(0.5)
    _, wider, _ = _grad([logp], [rollout], [[1, 1, 1, 1]], [2.0], eps_high=1.5, eps_low=0.6)
    assert all(g != 0 for g in wider[0].tolist())  # the band is what excludes them


def test_each_window_is_normalised_by_its_own_output_tokens() -> None:
    logp = [[-1.0, -1.0, -1.0, -1.0], [-1.0, -1.0, -1.0, -1.0]]
    mask = [[1, 1, 0, 0], [1, 1, 1, 1]]  # two and four output tokens; the rest padding
    loss, grad, _ = _grad(logp, logp, mask, [1.0, 1.0])
    assert loss.item() == pytest.approx(-1.0)  # each window's ratio mean is 1
    assert grad[0].tolist() == pytest.approx([-0.25, -0.25, 0.0, 0.0])  # 1/(2 tokens)/(2 windows)
    assert grad[1].tolist() == pytest.approx([-0.125] * 4)


def test_an_empty_window_contributes_zero_without_dividing_by_zero() -> None:
    logp = [[-1.0, -1.0], [-2.0, -2.0]]
    loss, grad, stats = _grad(logp, logp, [[1, 1], [0, 0]], [1.0, 5.0])
    assert math.isfinite(loss.item()) and loss.item() == pytest.approx(-0.5)
    assert grad[1].tolist() == [0.0, 0.0] and stats["empty_windows"] == 1
    loss, grad, _ = _grad([[-1.0]], [[-1.0]], [[0]], [3.0])
    assert loss.item() == 0.0 and grad.tolist() == [[0.0]]


def test_rewards_are_used_raw_without_group_normalisation() -> None:
    logp = [[-1.0, -1.0], [-1.0, -1.0]]
    one, _, _ = _grad(logp, logp, [[1, 1], [1, 1]], [1.0, 1.0])
    scaled, _, _ = _grad(logp, logp, [[1, 1], [1, 1]], [3.0, 3.0])
    assert scaled.item() == pytest.approx(3 * one.item())  # group-normalised, both would be 0
    _, grad, _ = _grad(logp, logp, [[1, 1], [1, 1]], [1.0, -1.0])
    assert grad[0, 0] < 0 < grad[1, 0]  # descending raises the rewarded window's tokens only


def test_shapes_must_match() -> None:
    with pytest.raises(ValueError, match="same"):
        wirl_loss(torch.zeros(2, 3), torch.zeros(2, 2), torch.ones(2, 3), torch.zeros(2))
    with pytest.raises(ValueError, match="one value per window"):
        wirl_loss(torch.zeros(2, 3), torch.zeros(2, 3), torch.ones(2, 3), torch.zeros(3))
