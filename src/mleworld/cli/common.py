"""Small helpers shared by the CLI modules."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False, default=str) + "\n")
