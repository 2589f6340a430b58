"""The cheapest possible program bot (for the benchmark): takes every card, reads nothing."""

from nothanks_bot import Bot, run


class Taker(Bot):
    name = "taker-py"

    def decide(self, obs):
        return "take"


if __name__ == "__main__":
    run(Taker)
