"""The package's one exception: a line of meaning, as the lab's own errors are."""


class LabError(Exception):
    """Something the lab refused or could not do: the message says what, in one line."""


class IllegalActionError(LabError, ValueError):
    """An action that is not legal (or not an action id) for the seat that acts."""


class LabNotFoundError(LabError, FileNotFoundError):
    """No lab to run: the message says how to get one."""
