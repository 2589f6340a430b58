"""The lab's games as learning environments (docs/learning.md).

One module per game, as PettingZoo's are: ``no_thanks``, ``six_nimmt``, ``no_thanks_specials``,
each with ``env``/``raw_env`` (PettingZoo AEC), ``gym_env`` (Gymnasium, one learner against lab
bots), ``vector_env`` (N games per call) and, for 6 nimmt!, ``parallel_env``. Every rule is the
lab's own engine, played by a ``nothanks serve`` process (docs/engine-server.md).

Importing this package imports numpy only; each game module imports PettingZoo and Gymnasium.
"""

from ._common import append_record, decode
from ._vector import Batch, random_actions

__all__ = ["append_record", "decode", "Batch", "random_actions"]
