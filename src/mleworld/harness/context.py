"""The model's context: how big it is, and what a compaction keeps, drops and summarises.

The context is a list of indices into the trajectory's messages. The system
message and the task message are always kept; so are the most recent
`keep_messages` messages, widened so that a tool result never loses the
assistant call it answers (the chat format requires the pair). Everything in
between is replaced by one summary message. Sizes are in characters of the
messages' JSON (about four to a token), so no tokenizer is needed offline.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

PINNED = 2  # the system message and the task message
SUMMARY_PREFIX = "[context summary]"


def message_chars(message: dict[str, Any]) -> int:
    return len(json.dumps(message, ensure_ascii=False))


def context_chars(messages: list[dict[str, Any]], context: list[int]) -> int:
    return sum(message_chars(messages[i]) for i in context)


def split_context(
    messages: list[dict[str, Any]], context: list[int], keep: int
) -> tuple[list[int], list[int], list[int]] | None:
    """(pinned, dropped, kept) for a compaction keeping about `keep` recent messages,
    or None when there is nothing between the pinned head and the kept tail to drop."""
    pinned, rest = context[:PINNED], context[PINNED:]
    start = max(len(rest) - keep, 0)
    while start < len(rest) and messages[rest[start]].get("role") == "tool":
        start -= 1  # keep the assistant message whose calls these results answer
        if start < 0:
            return None
    dropped, kept = rest[:start], rest[start:]
    if not dropped:
        return None
    return pinned, dropped, kept


def _call_lines(messages: list[dict[str, Any]], dropped: list[int]) -> list[str]:
    """One line per dropped tool call: what was asked and the first words of the answer."""
    results = {
        m.get("tool_call_id"): str(m.get("content") or "")
        for m in (messages[i] for i in dropped)
        if m.get("role") == "tool"
    }
    lines = []
    for i in dropped:
        message = messages[i]
        if message.get("role") == "assistant":
            for call in message.get("tool_calls") or []:
                function = call.get("function") or {}
                args = " ".join(str(function.get("arguments") or "").split())[:90]
                answer = " ".join(results.get(call.get("id"), "(no result)").split())[:110]
                lines.append(f"- {function.get('name')}({args}) -> {answer}")
            text = " ".join(str(message.get("content") or "").split())
            if text:
                lines.append(f"- said: {text[:160]}")
        elif message.get("role") == "user" and str(message.get("content", "")).startswith(
            SUMMARY_PREFIX
        ):
            lines.append("- (an earlier summary, folded into this one)")
    return lines


def digest(
    messages: list[dict[str, Any]], dropped: list[int], tree: dict[str, Any], max_chars: int
) -> str:
    """The harness's own summary: the calls dropped, then the tree as it stands now."""
    counts = Counter(
        (call.get("function") or {}).get("name")
        for i in dropped
        for call in messages[i].get("tool_calls") or []
    )
    tally = ", ".join(f"{name} x{n}" for name, n in counts.most_common()) or "none"
    calls = _call_lines(messages, dropped)
    head = (
        f"{SUMMARY_PREFIX} {len(dropped)} earlier messages were summarised to fit the context "
        f"budget. Calls among them: {tally}."
    )
    state = "The tree now (the history tool shows it again at any time):\n" + json.dumps(
        tree, ensure_ascii=False
    )
    room = max_chars - len(head) - len(state) - 40
    shown: list[str] = []
    for line in reversed(calls):  # the latest calls matter most
        if room - len(line) - 1 < 0:
            shown.insert(0, f"- ... {len(calls) - len(shown)} earlier calls not listed")
            break
        shown.insert(0, line)
        room -= len(line) + 1
    return "\n".join([head, *shown, state])
