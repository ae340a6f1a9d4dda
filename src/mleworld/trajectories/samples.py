"""SFT samples from a kept trajectory prefix: the context the model saw, with a loss mask.

A compaction replaces part of the context, so one trajectory gives one sample
per context segment (the stretch between two compactions). A segment's sample
is the message list the model saw at its last turn in that segment, which
every earlier turn's context is a prefix of. Loss falls only on the model's
own outputs generated in that segment (its assistant messages: reasoning,
text and tool calls); the system and task messages, the summary, tool results
and the history a compaction kept from earlier segments are masked. So the
summary and the kept history condition the later samples without being
trained on twice. The mask is stored per message in each sample.
"""

from __future__ import annotations

from typing import Any

from mleworld.harness.trajectory import Trajectory
from mleworld.trajectories.selection import Selection


def _segments(traj: Trajectory, cut: int) -> list[tuple[int, list[int]]]:
    """(first new message index, context indices) per segment, up to message `cut`."""
    starts = [(c["summary_index"], c) for c in traj.compactions if c["summary_index"] <= cut]
    bounds = [0] + [index for index, _ in starts] + [cut + 1]
    segments = []
    for k in range(len(bounds) - 1):
        first, last = bounds[k], bounds[k + 1] - 1  # this segment adds messages first..last
        context = [*traj.context_before[last], last] if last >= first else []
        segments.append((first, [i for i in context if i <= cut]))
    return segments


def build_samples(traj: Trajectory, selection: Selection) -> list[dict[str, Any]]:
    """The SFT samples of a kept trajectory (none for an excluded one)."""
    if not selection.kept or selection.cut is None:
        return []
    start = traj.start
    samples = []
    for k, (first, context) in enumerate(_segments(traj, selection.cut)):
        mask = [int(traj.messages[i].get("role") == "assistant" and i >= first) for i in context]
        if not any(mask):
            continue
        samples.append(
            {
                "id": f"{selection.run}#{k}",
                "run": selection.run,
                "task": start.get("task"),
                "segment": k,
                "quality": selection.quality,
                "rule": selection.rule,
                "tools": start.get("tools", []),
                "messages": [traj.messages[i] for i in context],
                "message_index": context,
                "loss_mask": mask,
            }
        )
    return samples
