"""A policy and value network for 6 nimmt! (base game) that scores each card by where it would go.

Why not the plain MLP: a card's fate is a comparison (it goes to the row whose last card is the
highest below it, and takes that row as its sixth card), and the tensor gives the rows' last cards
as four numbers. An MLP over the whole tensor must learn that comparison for each of 104 cards
from examples; on 400 expert games it agreed with its teacher on fewer decisions than the lab's
hand-written heuristic does. Here the comparisons are computed, not learned: for every card slot,
the row it would join (its last card, length and bullheads), the gap to that row's end, the unseen
cards in that gap (cards another seat may slip in first), whether it would take the row or be
lower than every row. One small MLP, shared by the held cards, turns those features and a summary
of the whole position into the card's logit, and one shared by the four rows scores the row
choice. Everything is dense tensor arithmetic, so it exports to ONNX like the MLP (input ``obs``
[batch, D]; outputs ``logits`` over every action id and ``value``) and the lab's ``net`` bot plays
it unchanged.

It reads the tensor by the field layout the engine server reports (``fields``), so it needs the
base game's fields (src/games/6-nimmt/tensor.ts) and its action ids: 0 no card, c play card c,
maxCard + 1 + r take row r.
"""

from __future__ import annotations

from typing import Any, Dict, List

#: Features of a card slot (see CardNet.card_features) and of a row (CardNet.row_features).
CARD_FEATURES = 14
ROW_FEATURES = 5
ROWS = 4


def card_net_fits(fields: List[Dict[str, Any]], action_size: int) -> bool:
    """Whether a game's tensor and action ids are the base 6 nimmt!'s, which this network reads."""
    by = {f["name"]: f for f in fields}
    needed = ("phase", "hand", "seen", "rowEnds", "rowLengths", "rowBullheads", "revealed")
    if not all(n in by for n in needed) or "open" in by:
        return False
    m = by["hand"]["length"]
    return by["seen"]["length"] == m and by["rowEnds"]["length"] == ROWS and action_size == m + 1 + ROWS


def make_card_net(fields: List[Dict[str, Any]], obs_size: int, action_size: int, hidden: int, hand_size: int = 10):
    """``hand_size``: the most cards a hand holds (the rules' handSize): only held cards are scored."""
    import torch

    nn = torch.nn
    if not card_net_fits(fields, action_size):
        raise ValueError("the card network reads the base 6 nimmt! tensor only")
    at = {f["name"]: (f["offset"], f["length"]) for f in fields}
    m = at["hand"][1]
    k = min(hand_size, m)
    context = 32

    def field(obs, name):
        o, n = at[name]
        return obs[:, o : o + n]

    class CardNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
            self.card_context = nn.Linear(hidden, context)
            self.card = nn.Sequential(nn.Linear(CARD_FEATURES + context, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
            self.row_context = nn.Linear(hidden, context)
            self.row = nn.Sequential(nn.Linear(ROW_FEATURES + context, 64), nn.ReLU(), nn.Linear(64, 1))
            self.value = nn.Linear(hidden, 1)
            # Card slot i holds card i + 1, scaled as the tensor scales cards (card / maxCard).
            self.register_buffer("cards", torch.arange(1, m + 1, dtype=torch.float32) / m)

        def card_features(self, obs):
            hand = field(obs, "hand")  # [B, m]
            seen = field(obs, "seen")
            ends = field(obs, "rowEnds")  # [B, 4], card / m
            lengths = field(obs, "rowLengths")  # / rowLimit: 1 is a full row
            bulls = field(obs, "rowBullheads")
            c = self.cards.view(1, m, 1)
            half = 0.5 / m
            below = (ends.unsqueeze(1) < c - half).float()  # [B, m, 4]: the row's end is below the card
            # The row the card joins: the highest end below it (row ends are distinct cards).
            score = below * ends.unsqueeze(1) - (1 - below)
            best = score.max(-1, keepdim=True).values
            target = below * (score >= best).float()  # one-hot over rows, all 0 when below every row
            joins = below.max(-1).values  # [B, m]
            t_end = (target * ends.unsqueeze(1)).sum(-1)
            t_len = (target * lengths.unsqueeze(1)).sum(-1)
            t_bull = (target * bulls.unsqueeze(1)).sum(-1)
            # Unseen cards (neither in hand nor public this round) between the row's end and the
            # card: each may be played by another seat first and fill or take the row.
            unseen = torch.clamp(1 - hand - seen, min=0)
            up_to = torch.cumsum(unseen, dim=1)  # unseen cards up to and including each slot
            below_card = up_to - unseen
            at_end = (torch.abs(c - ends.unsqueeze(1)) < half).float()  # [B, m, 4]: slot k is row r's end
            up_to_end = (up_to.unsqueeze(-1) * at_end).sum(1)  # [B, 4]
            gap_unseen = joins * (below_card - (target * up_to_end.unsqueeze(1)).sum(-1))
            mine = torch.cumsum(hand, dim=1) - hand
            mine_end = (torch.cumsum(hand, dim=1).unsqueeze(-1) * at_end).sum(1)
            gap_mine = joins * (mine - (target * mine_end.unsqueeze(1)).sum(-1))
            low = 1 - joins
            cheapest = bulls.min(-1, keepdim=True).values.expand(-1, m)
            takes = joins * (t_len > 0.99).float()
            cs = self.cards.view(1, m).expand(hand.shape[0], m)
            return torch.stack(
                [cs, hand, seen, joins, t_end, joins * (cs - t_end), t_len, t_bull, gap_unseen / 10, gap_mine / 10, low, low * cheapest, takes, takes * t_bull],
                dim=-1,
            )

        def row_features(self, obs):
            ends = field(obs, "rowEnds")
            lengths = field(obs, "rowLengths")
            bulls = field(obs, "rowBullheads")
            cheapest = (bulls <= bulls.min(-1, keepdim=True).values).float()
            shortest = (lengths <= lengths.min(-1, keepdim=True).values).float()
            return torch.stack([ends, lengths, bulls, cheapest, shortest], dim=-1)  # [B, 4, F]

        def forward(self, obs):
            h = self.body(obs)
            cards = self.card_features(obs)
            # Only a held card can be played: the shared MLP scores the hand_size highest slots of
            # the hand field (every held card, and unheld ones when the hand is smaller), and
            # every other slot gets 0 (the mask rules them out). A tenth of the work of all 104.
            hand = field(obs, "hand")
            held = torch.topk(hand, k, dim=1).indices  # [B, k]
            picked = torch.gather(cards, 1, held.unsqueeze(-1).expand(-1, -1, CARD_FEATURES))
            ctx = self.card_context(h).unsqueeze(1).expand(-1, k, -1)
            scores = self.card(torch.cat([picked, ctx], dim=-1)).squeeze(-1)
            # Times the hand bit: an unheld slot picked twice (ties at 0) may get either score.
            card_logits = torch.zeros_like(hand).scatter(1, held, scores) * hand
            rows = self.row_features(obs)
            rctx = self.row_context(h).unsqueeze(1).expand(-1, ROWS, -1)
            row_logits = self.row(torch.cat([rows, rctx], dim=-1)).squeeze(-1)
            none = torch.zeros_like(card_logits[:, :1])
            return torch.cat([none, card_logits, row_logits], dim=-1), self.value(h).squeeze(-1)

    return CardNet()
