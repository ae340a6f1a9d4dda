"""Experiments over the agent: grids of full runs (policies x gates x tasks x seeds), their
results with standard errors and plots (`mleworld experiment`), and fixed-state
diagnostics of single decisions (`mleworld diagnose`, appendix P of the paper).

Modules: grid (arms, trials, order), trial (one run and its summary), store (the
experiment directory), runner (parallel execution, progress), aggregate (rows and
comparisons), plots, markdown.
"""
