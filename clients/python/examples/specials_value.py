"""No Thanks! with special cards: the built-in value bot (src/games/no-thanks-specials/bots/value.ts), in
Python, move for move (tested). The exact scoring it needs (a card's effect on a display with
jokers, double-highest and the rest) it asks of the lab through obs.call(): the real
observation's own methods, as an in-process bot calls them."""

from nothanks_bot import Bot, run

SPECIAL_BASE = 100
KINDS = [
    "bonus5", "bonus10", "bonus15", "bonus20", "joker", "plus-per-card", "sit-out", "give-left", "look", "remove",
    "double-chips", "fetch", "chips-minus", "double-highest", "half-chips", "forty", "minus-per-card",
]
CODE = {name: SPECIAL_BASE + i for i, name in enumerate(KINDS)}
BONUS = {CODE["bonus5"]: 5, CODE["bonus10"]: 10, CODE["bonus15"]: 15, CODE["bonus20"]: 20}
RED = [CODE[k] for k in ["fetch", "chips-minus", "double-highest", "half-chips", "minus-per-card"]]

DEFAULTS = {
    "margin": 4, "potWeight": 1.5, "reserve": 2, "bonus": 6, "greed": 0.7, "bidReserve": 1,
    "sitOutAt": 10, "jokerHope": 3, "sitOutValue": 4, "lookValue": 1, "fetchCost": 15,
}


class Value(Bot):
    name = "value-py"

    def __init__(self, params):
        super().__init__(params)
        self.p = {k: float(params.get(k, v)) for k, v in DEFAULTS.items()}

    def held(self, obs, seat, code):
        return obs["specials"][seat][code - SPECIAL_BASE]

    def has(self, obs, seat, card):
        return card in obs["displays"][seat]

    def worth(self, obs, seat, code):
        """Points a card would save its receiver now, with guesses for what the future decides."""
        p = self.p
        if code < SPECIAL_BASE:
            if self.held(obs, seat, CODE["joker"]) == 0 and self.held(obs, seat, CODE["double-highest"]) == 0:
                return -obs.call("marginalCost", seat, code)
            return obs["scores"][seat] - obs.call("scoreWith", seat, code)
        if code in BONUS:
            return BONUS[code] + self.held(obs, seat, CODE["plus-per-card"]) - self.held(obs, seat, CODE["minus-per-card"])
        now = obs["scores"][seat]
        coming = obs["cardsLeft"] / len(obs["displays"])
        if code == CODE["joker"]:
            return now - obs.call("scoreWith", seat, code) + p["jokerHope"]
        if code == CODE["plus-per-card"]:
            return obs.call("displaySize", seat) + 1 + coming
        if code == CODE["minus-per-card"]:
            return -(obs.call("displaySize", seat) + 1 + coming)
        if code == CODE["sit-out"]:
            return p["sitOutValue"]
        if code == CODE["look"]:
            return p["lookValue"]
        if code in (CODE["give-left"], CODE["remove"]):
            return self.drop_estimate(obs, seat, now)
        if code == CODE["fetch"]:
            return -p["fetchCost"]
        return now - obs.call("scoreWith", seat, code)

    def best_drop(self, obs, seat):
        """The card whose loss lowers the seat's score most, exactly (0 with an empty display)."""
        now = obs["scores"][seat]
        best_code, best = 0, float("-inf")
        for c in range(1, SPECIAL_BASE + len(KINDS)):
            if (not self.has(obs, seat, c)) if c < SPECIAL_BASE else self.held(obs, seat, c) == 0:
                continue
            saving = now - obs.call("scoreWith", seat, c, False)
            if saving > best:
                best, best_code = saving, c
        return best_code

    def drop_estimate(self, obs, seat, now):
        best = 0
        for c in range(self.min_card, 41):
            if not self.has(obs, seat, c):
                continue
            saving = (0 if self.has(obs, seat, c - 1) else c) - (c + 1 if self.has(obs, seat, c + 1) else 0)
            best = max(best, saving)
        for red in RED:
            if self.held(obs, seat, red) > 0:
                best = max(best, now - obs.call("scoreWith", seat, red, False))
        return best

    def new_game(self, start):
        self.min_card = start.rules["minCard"]

    def decide(self, obs):
        p, me, chips = self.p, obs["seat"], obs["myChips"]
        if obs["phase"] == "take":
            cost = -self.worth(obs, me, obs["card"])
            net = cost - obs["pot"]
            if obs["canSitOut"] and chips <= 1 and net > p["sitOutAt"]:
                return "sit-out"
            if chips == 0:
                return "take"
            margin = p["margin"] + (p["bonus"] if chips <= p["reserve"] else 0)
            return "take" if cost - p["potWeight"] * obs["pot"] <= margin else "pass"
        if obs["phase"] == "bid":
            if chips > p["bidReserve"] and p["greed"] * self.worth(obs, me, obs["card"]) > obs["pot"] + 1:
                return "bid"
            return "decline"
        return self.best_drop(obs, me)


if __name__ == "__main__":
    run(Value)
