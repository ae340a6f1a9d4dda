"""`mleworld run --scaffold harness`: which scaffold runs a new run, and which one a
--resume continues (a run directory with harness.yaml is a harness run).

run_cmd.py parses the flags; this module only routes the resolved config to
`mleworld.agent.loop` (AIDE) or `mleworld.harness` (the model-directed harness).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mleworld.errors import ConfigError

SCAFFOLDS = ("aide", "harness")


def start_run(
    scaffold: str | None,
    config: Any,
    run_dir: Path,
    harness_part: dict[str, Any] | None,
    progress: Any,
) -> dict[str, Any]:
    """Start `config` under the scaffold named (default aide; a config file's `harness:`
    section alone means harness)."""
    name = (scaffold or ("harness" if harness_part is not None else "aide")).strip()
    if name not in SCAFFOLDS:
        raise ConfigError(f"unknown scaffold {name!r}; use one of: {', '.join(SCAFFOLDS)}")
    if name == "aide":
        if harness_part is not None:
            raise ConfigError(
                "the config's harness: section only applies to --scaffold harness; "
                "drop it or pass --scaffold harness"
            )
        from mleworld.agent import loop

        return loop.start(config, run_dir, progress=progress)
    from mleworld import harness

    return harness.start(config, run_dir, harness_part, progress=progress)


def resume_run(run_dir: Path, overrides: dict[str, Any], progress: Any) -> dict[str, Any]:
    from mleworld.harness.config import is_harness_run

    if is_harness_run(run_dir):
        from mleworld import harness

        return harness.resume(run_dir, overrides=overrides, progress=progress)
    from mleworld.agent import loop

    return loop.resume(run_dir, overrides=overrides, progress=progress)
