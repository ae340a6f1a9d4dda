"""Reading YAML text safely: the one parser behind task.yaml and config YAML files.

`load_yaml` is `yaml.safe_load` through libyaml where PyYAML has it (its wheels
do): libyaml refuses nesting past a fixed depth at once, where the pure-Python
parser slows quadratically with depth (3 s for 1,000 brackets) and then
overflows the stack. Either way a document nested too deeply is a
`yaml.YAMLError`, like any other unreadable one.
"""

from __future__ import annotations

from typing import Any

import yaml

__all__ = ["load_yaml"]

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The document's value (None for an empty one); yaml.YAMLError when it is unreadable."""
    try:
        return yaml.load(text, Loader=_LOADER)
    except RecursionError:
        raise yaml.YAMLError("the document nests too deeply") from None
