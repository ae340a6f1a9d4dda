"""The world-model step policies of paper appendix J, and the real-execution reference.

Each turns a step's request into candidates and picks one (the `Policy`
protocol of agent/search.py, where `POLICIES` names them):

=============  ============================================================
`bon`          best predicted metric of N draws (greedy.py)
`ucb`          predicted gain plus an uncertainty bonus, equation 4 (greedy.py)
`bon-real`     runs all N for real, keeps the best observed (greedy.py)
`sequential`   each draw revises the previous from its prediction (sequential.py)
`pairwise`     successive elimination by a judge (judged.py)
`fusion`       a new program written from the pool (judged.py)
=============  ============================================================

What they share (drawing, predicting, BoN's fallbacks, the failed-pool judge)
is in pool.py; the judges' and the fusion's prompts in codegen/selection_prompts.py.
The chosen candidate's `meta["reason"]` says why it was chosen.
"""

from mleworld.agent.policies.greedy import BestOfN, BestOfNReal, Ucb
from mleworld.agent.policies.judged import Fusion, Pairwise
from mleworld.agent.policies.sequential import Sequential

__all__ = ["BestOfN", "BestOfNReal", "Fusion", "Pairwise", "Sequential", "Ucb"]
