"""The bot client of the line protocol under its historical name: ``from nothanks_bot import Bot, run``.

The client itself is ``nothanks_lab/bot.py`` (standard library only, one file): this module only
re-exports it, so bots written against ``nothanks_bot`` keep working wherever the package is on
the path (the lab puts clients/python on PYTHONPATH for every program it starts, sandboxed or not).
"""

from nothanks_lab.bot import (  # noqa: F401 (re-exported)
    PROTOCOL,
    Bot,
    Connection,
    GameStart,
    LabError,
    Observation,
    Random,
    _what,
    _where,
    run,
)

__all__ = ["PROTOCOL", "Bot", "Connection", "GameStart", "LabError", "Observation", "Random", "run"]
