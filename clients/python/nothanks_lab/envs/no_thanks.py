"""No Thanks! on the lab's engine (src/games/no-thanks/README.md: rules, tensor table, action ids).

``env(**rules)`` and ``raw_env``: PettingZoo AEC; ``gym_env(opponents=[...], seat=0, **rules)``:
Gymnasium, one learner against lab bots; ``vector_env(n, **rules)``: N games per call. Rules are
the lab's settings with underscores: players, chips, removed, min_card, max_card, open_chips,
known_removed. Also reward="score" (minus the final score) or "win" (the win share), and
render_mode ("ansi", "human") for the AEC and Gymnasium environments.

The taker of a card acts again (the official rules): the acting agent is whoever the lab says.
"""

from ._make import game_api

# vector_env needs numpy only; the PettingZoo and Gymnasium kinds load on first use (_make.py).
vector_env, __getattr__, _LAZY = game_api("no-thanks", "no_thanks_v0", parallel=False)

__all__ = ["env", "raw_env", "gym_env", "vector_env"]


def __dir__():
    return sorted([*globals(), *_LAZY])
