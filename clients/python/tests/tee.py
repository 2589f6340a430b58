"""Test fixture helper: a stream that copies every line read ("< ") and written ("> ") to stderr,
which the lab keeps in the run's bot logs, for the lab's tests to check the protocol's lines."""

import sys


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
