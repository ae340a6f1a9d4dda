"""Running the real `mleworld` entry point in-process and capturing what it printed.

Shared by the CLI tests; pytest puts this folder on sys.path (it holds the suite's conftest.py).
"""

from __future__ import annotations

import pytest

from mleworld.cli import main


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of `mleworld ARGS`."""
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    else:
        code = 0
    captured = capsys.readouterr()
    return code, captured.out, captured.err
