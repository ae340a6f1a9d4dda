"""Fuzz cases for every parser of outside input, shared by the property tests and benchmarks/fuzz.py.

Each module holds one family of parsers as `Target`s (harness.py): a hypothesis
strategy that draws inputs, and a check that runs the real parser on one input
and asserts what a correct result is. The tests run each target on a bounded
number of examples; `benchmarks/fuzz.py` runs 10,000 per target and counts
correct results, clear errors and crashes.
"""
