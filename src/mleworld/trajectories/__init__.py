"""Training data from harness trajectories (MLExpert section 4.1, appendix C.1).

`selection` decides which trajectories are kept and where each is cut
(quality threshold; the degradation cut at the first best submission plus a
random extension; otherwise up to the last submission); `samples` turns a kept
prefix into SFT samples in which only the model's own new outputs carry loss;
`windows` splits a trajectory into execution windows and gives each its
experiment's reward (WIRL; the loss is mleworld.training.wirl).
The trajectory format itself belongs to mleworld.harness.trajectory.
"""

from mleworld.trajectories.samples import build_samples
from mleworld.trajectories.selection import Selection, SelectionConfig, select, select_runs

__all__ = ["Selection", "SelectionConfig", "build_samples", "select", "select_runs"]
