"""mleworld: an ML-engineering agent and a learned execution world model.

The public API is what the `mleworld` command calls; each layer's subpackage
re-exports its own part of it.
"""

__version__ = "0.1.0"
