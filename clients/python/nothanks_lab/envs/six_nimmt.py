"""6 nimmt! on the lab's engine (src/games/6-nimmt/README.md: rules, tensor table, action ids).

``env(**rules)`` and ``raw_env``: PettingZoo AEC (the simultaneous card choices made one seat at
a time, lowest seat first, none seeing another's card); ``parallel_env(**rules)``: PettingZoo
ParallelEnv (every seat's card in one step); ``gym_env(opponents=[...], seat=0, **rules)``:
Gymnasium, one learner against lab bots; ``vector_env(n, **rules)``: N games per call. Rules are
the lab's settings with underscores: players, variant ("base", "pro"), max_card, hand_size,
row_limit, end_score, max_rounds. Also reward="score" or "win", and render_mode.
"""

from ._make import game_api

# vector_env needs numpy only; the PettingZoo and Gymnasium kinds load on first use (_make.py).
vector_env, __getattr__, _LAZY = game_api("6-nimmt", "six_nimmt_v0", parallel=True)

__all__ = ["env", "raw_env", "parallel_env", "gym_env", "vector_env"]


def __dir__():
    return sorted([*globals(), *_LAZY])
