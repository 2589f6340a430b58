"""Test fixture: runs an example bot (by module name, e.g. no_thanks_greedy) with every event on,
and copies each line it reads ("< ") and writes ("> ") to stderr, which the lab keeps in the
run's bot logs, for the lab's tests to check against the protocol's JSON Schemas."""

import importlib
import sys

import nothanks_bot


class Tee:
    def __init__(self, stream, mark):
        self.stream, self.mark = stream, mark

    def readline(self):
        line = self.stream.readline()
        if line:
            sys.stderr.write(f"{self.mark} {line}")
        return line

    def write(self, text):
        sys.stderr.write(f"{self.mark} {text}")
        return self.stream.write(text)

    def flush(self):
        sys.stderr.flush()
        self.stream.flush()


module = importlib.import_module(f"examples.{sys.argv[1]}")
bot_class = next(v for v in vars(module).values() if isinstance(v, type) and issubclass(v, nothanks_bot.Bot) and v is not nothanks_bot.Bot)
bot_class.events = True
nothanks_bot.run(bot_class, stdin=Tee(sys.stdin, "<"), stdout=Tee(sys.stdout, ">"))
