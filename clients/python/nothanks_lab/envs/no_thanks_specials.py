"""No Thanks! with special cards on the lab's engine (src/games/no-thanks-specials/README.md).

``env(**rules)`` and ``raw_env``: PettingZoo AEC; ``gym_env(opponents=[...], seat=0, **rules)``:
Gymnasium, one learner against lab bots; ``vector_env(n, **rules)``: N games per call. Rules are
the lab's settings with underscores: players, chips, removed, min_card, max_card, open_chips,
known_removed, specials ("standard", "none", or "joker,bonus15:3,..."), unbid_green, green_next.
Also reward="score" or "win", and render_mode.
"""

from ._make import game_api

# vector_env needs numpy only; the PettingZoo and Gymnasium kinds load on first use (_make.py).
vector_env, __getattr__, _LAZY = game_api("no-thanks-specials", "no_thanks_specials_v0", parallel=False)

__all__ = ["env", "raw_env", "gym_env", "vector_env"]


def __dir__():
    return sorted([*globals(), *_LAZY])
