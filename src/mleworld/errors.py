"""The project's error types.

`MleWorldError` is a user mistake (bad task, CSV, submission, config, model
response): the CLI prints its one-line message and exits 2, without a traceback.
A program's own crash is never one of these: it is data (an Outcome).
"""

from __future__ import annotations


class MleWorldError(Exception):
    """A problem the user can fix; the message names the thing and the fix."""

    exit_code = 2


class TaskError(MleWorldError):
    """A task directory or task.yaml is malformed or incomplete."""


class InvalidSubmission(MleWorldError):
    """A submission cannot be graded (wrong ids, columns, rows, values)."""


class ConfigError(MleWorldError):
    """A configuration value or file is invalid."""
