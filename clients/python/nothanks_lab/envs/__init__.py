"""The lab's games as learning environments (docs/learning.md).

One module per game, as PettingZoo's are: ``no_thanks``, ``six_nimmt``, ``no_thanks_specials``,
each with ``env``/``raw_env`` (PettingZoo AEC), ``gym_env`` (Gymnasium, one learner against lab
bots), ``vector_env`` (N games per call) and, for 6 nimmt!, ``parallel_env``. Every rule is the
lab's own engine, played by a ``nothanks serve`` process (docs/engine-server.md).

Here: ``decode`` (a tensor's named fields), ``random_actions`` (a random legal action per row of
a mask), ``append_record`` (a lab record onto a JSON Lines file) and ``Batch`` (what a vector
environment returns). They load on first use: importing this package needs no numpy, so that
``python -m unittest`` still discovers the package's other tests on a Python without it.
"""

from typing import Any

__all__ = ["append_record", "decode", "Batch", "random_actions"]


def __getattr__(name: str) -> Any:
    if name in ("append_record", "decode"):
        from . import _common

        return getattr(_common, name)
    if name in ("Batch", "random_actions"):
        from . import _vector

        return getattr(_vector, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
