"""No Thanks!: the built-in greedy bot, in Python. Takes when the card's run-aware cost, less the
chips on it, is at most 1 (the cost of passing), or when out of chips; it plays exactly the lab's
greedy moves (tested)."""

from nothanks_bot import Bot, run


def marginal_cost(display: list, card: int) -> int:
    """Points taking `card` adds to a display: runs count their lowest card only."""
    below, above = card - 1 in display, card + 1 in display
    if below and above:
        return -(card + 1)  # joins two runs: the upper run's lowest card stops counting
    if below:
        return 0  # extends a run upwards
    if above:
        return -1  # becomes the run's new lowest card, one less than the old
    return card


class Greedy(Bot):
    name = "greedy-py"

    def decide(self, obs):
        cost = marginal_cost(set(obs["displays"][obs["seat"]]), obs["card"])
        return "take" if obs["myChips"] == 0 or cost - obs["pot"] <= 1 else "pass"


if __name__ == "__main__":
    run(Greedy)
