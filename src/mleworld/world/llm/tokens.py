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

    Every token is registered as an added token, so it is matched before the
    BPE merges run and always comes out as one token, whatever text follows it.
    A token the base vocabulary already had keeps its id and its row; a new
    one gets the mean of its class name's sub-token rows. Returns {class: id}.
    """
    import torch

    before = len(tokenizer)
    pieces = {cls: tokenizer(cls, add_special_tokens=False)["input_ids"] for cls in vocab.classes}
    tokenizer.add_tokens([vocab.token(cls) for cls in vocab.classes], special_tokens=False)
    model.resize_token_embeddings(len(tokenizer), mean_resizing=False)
    ids = exc_token_ids(tokenizer, vocab)
    with torch.no_grad():
        inputs = model.get_input_embeddings().weight
        output = model.get_output_embeddings()
        untied = output is not None and output.weight.data_ptr() != inputs.data_ptr()
        for cls, token_id in ids.items():
            sub = [i for i in pieces[cls] if i < before]
            if token_id < before or not sub:
                continue
            inputs[token_id] = inputs[sub].mean(dim=0)
            if untied:
                output.weight[token_id] = output.weight[sub].mean(dim=0)
    return ids


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
