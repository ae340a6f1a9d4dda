"""Where mleworld keeps caches on disk (prepared suite tasks, default models)."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    """`$MLEWORLD_HOME`, or `~/.cache/mleworld`. Not created here: callers create what they write."""
    env = os.environ.get("MLEWORLD_HOME")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "mleworld"
