"""The package's one exception: a line of meaning, as the lab's own errors are."""

# LabError lives in bot.py, the standalone bot client (standard library only, one file a bot may
# copy), and is the same class here: one ``except LabError`` catches errors of either side.
from .bot import LabError

__all__ = ["LabError", "IllegalActionError", "LabNotFoundError"]


class IllegalActionError(LabError, ValueError):
    """An action that is not legal (or not an action id) for the seat that acts."""


class LabNotFoundError(LabError, FileNotFoundError):
    """No lab to run: the message says how to get one."""
