"""Test fixture: runs an example bot (by module name, e.g. no_thanks_greedy) with every event on,
and copies each line it reads ("< ") and writes ("> ") to stderr, which the lab keeps in the
run's bot logs, for the lab's tests to check against the protocol's JSON Schemas."""

import importlib
import sys

import nothanks_bot
from tee import Tee  # run as a script: this folder is on sys.path


module = importlib.import_module(f"examples.{sys.argv[1]}")
bot_class = next(v for v in vars(module).values() if isinstance(v, type) and issubclass(v, nothanks_bot.Bot) and v is not nothanks_bot.Bot)
bot_class.events = True
nothanks_bot.run(bot_class, stdin=Tee(sys.stdin, "<"), stdout=Tee(sys.stdout, ">"))
