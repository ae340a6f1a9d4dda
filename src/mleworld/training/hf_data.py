"""Token-level SFT examples from corpus records: prompt ids, target ids, and the loss mask.

The prompt is `world.llm.prompting`'s (the ids inference will feed), the target
`world.format.render_target(y, vocab)`, which opens with the EXC token, closed
by the end-of-turn token. Only target tokens carry loss (`completion_mask`).

Lengths: the whole example fits `max_len`: the prompt gets `prompt_budget(max_len)`
tokens (the same cut inference makes), the target the rest. A longer target is
re-rendered with a narrower terminal-output window (first and last characters,
as `trim_output` does; the fields after the log are kept, since a cut from
the right would drop the metric and the submission flag). A long prompt is cut
by `world.llm.truncate` (middle of the program, tail of the overview).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from mleworld.world.format import TERM_HEAD, TERM_TAIL, render_target, trim_output
from mleworld.world.llm.prompting import (
    answer_room,
    fitted_prompt_ids,
    prompt_budget,
    target_ids,
)
from mleworld.world.vocab import Vocab


@dataclass
class Tokenized:
    input_ids: list[int]
    completion_mask: list[int]
    prompt_cut: dict[str, Any] | None

    @property
    def target_tokens(self) -> int:
        return sum(self.completion_mask)


def target_for(tokenizer: Any, y: Any, vocab: Vocab, limit: int) -> list[int]:
    """The target ids of y within `limit` tokens, narrowing the log window until it fits."""
    ids = target_ids(tokenizer, render_target(y, vocab))
    head, tail = TERM_HEAD, TERM_TAIL
    while len(ids) > limit and head > 50:
        head, tail = head // 2, tail // 2
        narrowed = replace(y, term_out=trim_output(y.term_out, head, tail))
        ids = target_ids(tokenizer, render_target(narrowed, vocab))
    return ids[:limit]


def tokenize_record(tokenizer: Any, record: Any, vocab: Vocab, max_len: int) -> Tokenized:
    target = target_for(tokenizer, record.y, vocab, answer_room(max_len))
    prompt, cut = fitted_prompt_ids(tokenizer, record.x, prompt_budget(max_len))
    return Tokenized(
        input_ids=prompt + target,
        completion_mask=[0] * len(prompt) + [1] * len(target),
        prompt_cut=cut,
    )


def tokenize_records(
    tokenizer: Any, records: Iterable[Any], vocab: Vocab, max_len: int
) -> list[Tokenized]:
    return [tokenize_record(tokenizer, record, vocab, max_len) for record in records]
