"""6 nimmt!: the built-in heuristic bot (src/games/6-nimmt/bots/heuristic.ts), in Python, move for move
(tested): the card with the lowest expected penalty, the cheapest row, a simple draft."""

from nothanks_bot import Bot, run

AVG_BULLHEADS = 1.6


class Heuristic(Bot):
    name = "heuristic-py"

    def __init__(self, params):
        super().__init__(params)
        self.low_penalty = float(params.get("lowPenalty", 1))
        self.caution = float(params.get("caution", 3))
        self.dump = float(params.get("dump", 1))
        self.draft = params.get("draft", "high")
        self.shape = None

    def new_game(self, start):
        r = start.rules
        shape = (r["players"], r["maxCard"], r["rowLimit"], r.get("variant") == "pro")
        if shape != self.shape:
            self.prepare(*shape)

    def prepare(self, players, max_card, row_limit, pro):
        """P(at least s of the other players' cards land in a gap of g): tail[s * (N + 1) + g]."""
        self.shape = (players, max_card, row_limit, pro)
        self.players, self.N, self.L, self.pro = players, max_card, row_limit, pro
        n = players - 1
        self.tail = [0.0] * ((row_limit + 1) * (max_card + 1))
        for g in range(max_card + 1):
            q = min(1, g / max_card)
            pmf = [0.0] * (n + 1)
            pmf[0] = 1.0
            for k in range(n):
                for j in range(k + 1, 0, -1):
                    pmf[j] = pmf[j] * (1 - q) + pmf[j - 1] * q
                pmf[0] = pmf[0] * (1 - q)
            tail = 0.0
            for s in range(n, -1, -1):
                tail += pmf[s]
                if s <= row_limit:
                    self.tail[s * (max_card + 1) + g] = tail

    def decide(self, obs):
        if obs["phase"] == "play":
            return self.play(obs)
        if obs["phase"] == "row":
            return cheapest_row(obs)
        return self.pick(obs)

    def play(self, obs):
        N, L, stride = self.N, self.L, self.N + 1
        rows = obs["rows"]
        ends = [row[-1] for row in rows]
        heads = obs["rowBullheads"]
        slots_of = [L - len(row) for row in rows]
        factor = [heads[r] if slots_of[r] <= 0 else self.caution * (heads[r] + slots_of[r] * AVG_BULLHEADS) for r in range(4)]
        low = min(heads) + self.low_penalty
        dump_per_card = self.dump / N
        best, best_cost = obs["hand"][0], float("inf")
        for c in obs["hand"]:
            end, f, slots = 0, 0, -1
            for r in range(4):
                if ends[r] < c and (r == 0 or ends[r] > end):
                    end, f, slots = ends[r], factor[r], slots_of[r]
            if slots < 0:
                cost = low
            else:
                gap = c - end - 1
                if slots == 0:
                    cost = f
                elif self.pro:
                    cost = f * self.fill_open(obs, end, c, slots)
                else:
                    cost = f * self.tail[slots * stride + gap]
                cost -= dump_per_card * gap
            if cost < best_cost:
                best, best_cost = c, cost
        return best

    def fill_open(self, obs, end, c, slots):
        """Pro: P(at least `slots` other seats play a card between end and c), hands open."""
        q = []
        for p, held in enumerate(obs["handCounts"]):
            if p == obs["seat"] or held == 0:
                continue
            q.append(sum(1 for x in obs["hands"][p] if end < x < c) / held)
        others = len(q)
        if slots > others:
            return 0
        dist = [0.0] * (others + 1)
        dist[0] = 1.0
        for k in range(others):
            for j in range(k + 1, 0, -1):
                dist[j] = dist[j] * (1 - q[k]) + dist[j - 1] * q[k]
            dist[0] = dist[0] * (1 - q[k])
        tail = 0.0
        for j in range(slots, others + 1):
            tail += dist[j]
        return tail

    def pick(self, obs):
        open_cards = set(obs["draft"]["open"])
        N = self.N
        if self.draft == "high":
            return max(open_cards)
        if self.draft == "low":
            return min(open_cards)
        best, best_distance = 0, -1
        for c in range(N, 0, -1):
            if c not in open_cards:
                continue
            d = N
            for h in obs["hand"]:
                d = min(d, abs(h - c))
            if d > best_distance:
                best, best_distance = c, d
        return best


def cheapest_row(obs):
    """The cheapest row by bullheads; ties: the longer row, then the lower index."""
    heads, rows = obs["rowBullheads"], obs["rows"]
    best = 0
    for r in range(1, 4):
        if heads[r] < heads[best] or (heads[r] == heads[best] and len(rows[r]) > len(rows[best])):
            best = r
    return best


if __name__ == "__main__":
    run(Heuristic)
