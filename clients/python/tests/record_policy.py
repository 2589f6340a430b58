"""Test fixture: serves a policy (FILE.py:FUNCTION) as nothanks_lab.policy does, and copies to stderr
(which the lab keeps in the run's bot logs) each line it reads ("< ") and writes ("> "), and each
tensor and mask as the policy got them ("T " and JSON), for the lab's tests to check against the
protocol's JSON Schemas and against the game's own encoder."""

import json
import sys

from nothanks_lab import policy
from tee import Tee  # run as a script: this folder is on sys.path


class Recorded(policy.Policy):
    def act(self, obs, mask):
        sys.stderr.write("T " + json.dumps({"obs": obs.tolist(), "mask": mask.astype(int).tolist()}) + "\n")
        return super().act(obs, mask)


fn, name = policy.load(sys.argv[1])
policy.serve(Recorded(fn, name), stdin=Tee(sys.stdin, "<"), stdout=Tee(sys.stdout, ">"))
