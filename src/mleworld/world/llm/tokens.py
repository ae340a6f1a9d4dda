"""The EXC tokens in a tokenizer and a model: adding them, initialising them, finding their ids.

Every class of the vocabulary becomes one added token `EXC_<name>` (appendix
C). A new embedding row starts as the mean of the rows of the sub-tokens the
base tokenizer splits the class name into (`ValueError` -> `Value`, `Error`),
so the model starts from what it already knows about the name rather than from
noise; an untied output head gets the same rows.
"""

from __future__ import annotations

from typing import Any

from mleworld.errors import MleWorldError
from mleworld.world.vocab import PREFIX, Vocab


def add_exc_tokens(tokenizer: Any, model: Any, vocab: Vocab) -> dict[str, int]:
    """Add the vocabulary's EXC tokens, resize the model, initialise the new rows.

    Returns {class: token id}. Tokens the tokenizer already has as single tokens
    keep their rows (a checkpoint trained before).
    """
    import torch

    names = {cls: vocab.token(cls) for cls in vocab.classes}
    pieces = {cls: tokenizer(cls, add_special_tokens=False)["input_ids"] for cls in vocab.classes}
    new = [tok for tok in names.values() if not _is_single_token(tokenizer, tok)]
    if new:
        tokenizer.add_tokens(new, special_tokens=False)
    model.resize_token_embeddings(len(tokenizer), mean_resizing=False)
    ids = exc_token_ids(tokenizer, vocab)
    new_set = set(new)
    with torch.no_grad():
        inputs = model.get_input_embeddings().weight
        output = model.get_output_embeddings()
        untied = output is not None and output.weight.data_ptr() != inputs.data_ptr()
        for cls, tok in names.items():
            if tok not in new_set:
                continue
            sub = [i for i in pieces[cls] if i < inputs.shape[0] and i != ids[cls]]
            if not sub:
                continue
            inputs[ids[cls]] = inputs[sub].mean(dim=0)
            if untied:
                output.weight[ids[cls]] = output.weight[sub].mean(dim=0)
    return ids


def _is_single_token(tokenizer: Any, token: str) -> bool:
    return len(tokenizer(token, add_special_tokens=False)["input_ids"]) == 1 and token in (
        tokenizer.get_vocab()
    )


def exc_token_ids(tokenizer: Any, vocab: Vocab) -> dict[str, int]:
    """{class: id} of each class's EXC token; a class that is not one token is an error."""
    table = tokenizer.get_vocab()
    ids: dict[str, int] = {}
    for cls in vocab.classes:
        tok = vocab.token(cls)
        if tok not in table:
            raise MleWorldError(
                f"the tokenizer has no single token {tok!r}; this model was not trained with "
                "mleworld's EXC tokens: fine-tune it with `mleworld wm train --backend hf` first"
            )
        ids[cls] = table[tok]
    return ids


def class_of_token(text: str) -> str | None:
    """The class an `EXC_<name>` token string names ('EXC_None' -> 'None'), else None."""
    stripped = text.strip()
    if stripped.startswith(PREFIX) and len(stripped) > len(PREFIX):
        return stripped[len(PREFIX) :]
    return None


def load_tokenizer(path: Any) -> Any:
    """The tokenizer a checkpoint declares, left padded.

    transformers maps a model type to its tokenizer class, which rebuilds the
    pre-tokenizer its family uses; a checkpoint whose tokenizer_config.json
    declares the generic `TokenizersBackend` (as the tiny model does) is loaded
    from its tokenizer.json exactly as written instead.
    """
    import json
    from pathlib import Path

    from transformers import AutoTokenizer, TokenizersBackend

    config = Path(path) / "tokenizer_config.json"
    declared = None
    if config.is_file():
        try:
            declared = json.loads(config.read_text(encoding="utf-8")).get("tokenizer_class")
        except (OSError, ValueError, AttributeError):
            declared = None
    loader = TokenizersBackend if declared == "TokenizersBackend" else AutoTokenizer
    tokenizer = loader.from_pretrained(path)
    tokenizer.padding_side = "left"
    return tokenizer
