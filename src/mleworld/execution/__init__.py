"""Running candidate programs for real, and reading their outcome."""

from mleworld.execution.outcome import CLEAN, TIMEOUT, Outcome

__all__ = ["CLEAN", "TIMEOUT", "Outcome"]
