"""The token ids a chat LM reads for one input x: the one place training and inference build them.

The messages are `world.format.render_messages(x)`, put through the
tokenizer's own chat template with the assistant turn opened, so the next
token the model writes is the EXC token. Training appends the target after
exactly these ids; inference generates after them.
"""

from __future__ import annotations

from typing import Any

from mleworld.world.format import WorldInput, render_messages
from mleworld.world.llm.truncate import fit_input


def prompt_budget(max_len: int) -> int:
    """Prompt tokens of a model trained with `max_len`: two thirds; the rest is the answer's.

    Training and inference cut a long prompt to this same budget, so a model
    reads at prediction time exactly what it was trained on.
    """
    return max_len - answer_room(max_len)


def answer_room(max_len: int) -> int:
    return max_len // 3


def prompt_text(tokenizer: Any, x: WorldInput) -> str:
    return tokenizer.apply_chat_template(
        render_messages(x), tokenize=False, add_generation_prompt=True
    )


def prompt_ids(tokenizer: Any, x: WorldInput) -> list[int]:
    return list(tokenizer(prompt_text(tokenizer, x), add_special_tokens=False)["input_ids"])


def fitted_prompt_ids(
    tokenizer: Any, x: WorldInput, budget: int | None
) -> tuple[list[int], dict[str, Any] | None]:
    """The prompt ids of x cut to `budget` tokens (None: no limit), and what was cut."""
    if budget is None:
        return prompt_ids(tokenizer, x), None
    fitted, cut = fit_input(x, lambda item: len(prompt_ids(tokenizer, item)), budget)
    return prompt_ids(tokenizer, fitted), cut


def target_ids(tokenizer: Any, target_text: str) -> list[int]:
    """The ids of the assistant's answer, closed by the end-of-turn token the model must learn."""
    eos = tokenizer.eos_token or ""
    return list(tokenizer(target_text + eos, add_special_tokens=False)["input_ids"])
