"""World-model training (DESIGN.md "training" layer).

`fast.py` trains the CPU world model (`mleworld.world.fast`) from a corpus.
Nothing is imported here: import the submodule you need.
"""
