"""The Python side of the nothanks card-game strategy lab.

- ``nothanks_lab.envs.no_thanks``, ``.six_nimmt``, ``.no_thanks_specials``: PettingZoo and Gymnasium
  environments on the lab's own engines (docs/learning.md);
- ``nothanks_lab.server``: the engine server's client, what the environments are made of
  (docs/engine-server.md);
- ``nothanks_lab.bot`` (standard library only, one file; also importable as ``nothanks_bot``): the
  bot client of the line protocol (docs/protocol.md);
- ``nothanks_lab.policy``: a numpy policy on observation tensors, served as a bot program
  (``python -m nothanks_lab.policy FILE.py:FUNCTION``).

Importing this package imports nothing heavy: a bot program in the sandbox, with the system's
Python and no numpy, can still use the bot client.
"""

from .errors import LabError

__all__ = ["LabError"]
__version__ = "0.4.0"
