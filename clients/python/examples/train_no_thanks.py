"""Self-play policy gradient for No Thanks! in plain numpy (docs/learning.md).

Every seat of 256 games at once plays one shared linear softmax policy over the observation
tensor; when a game ends, each decision of a seat is credited with that seat's final reward
(minus its score), baselined and scaled over the batch (REINFORCE). A few minutes on one core
learn a policy that beats ``random`` by a wide margin.

    python examples/train_no_thanks.py            # trains, writes no_thanks_policy.npz here
    python examples/train_no_thanks.py --check    # plays 200 games against three lab `random` bots

The same file is the policy the lab plays in a tournament (``policy`` below):

    npm run nothanks -- tournament --agents "exec:$VIRTUAL_ENV/bin/python -m nothanks_lab.policy examples/train_no_thanks.py:policy,random" --players 4
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
WEIGHTS = os.environ.get("NO_THANKS_POLICY", os.path.join(HERE, "no_thanks_policy.npz"))


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def train(iterations: int, games: int, steps: int, seed: int, out: str) -> None:
    from nothanks_lab.envs import no_thanks

    rng = np.random.default_rng(seed)
    venv = no_thanks.vector_env(games, players=4)
    d, a, p = venv.obs_size, venv.action_size, venv.players
    w = np.zeros((d, a), np.float32)
    b = np.zeros(a, np.float32)
    # Adam: plain SGD works too, slower.
    mw, vw, mb, vb = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    lr, beta1, beta2 = 0.01, 0.9, 0.999
    batch = venv.reset(seed=seed)
    # A game's reward arrives when it ends: its decisions wait (across iterations) until then.
    final = {}
    pending = None
    start = time.time()
    for it in range(1, iterations + 1):
        obs_buf = np.empty((steps, games, d), np.float32)
        act_buf = np.empty((steps, games), np.int64)
        prob_buf = np.empty((steps, games, a), np.float32)
        seat_buf = np.empty((steps, games), np.int64)
        deal_buf = np.empty((steps, games), np.int64)
        for t in range(steps):
            probs = masked_softmax(batch.obs @ w + b, batch.mask)
            # Sampling from each row's distribution without a Python loop: inverse CDF.
            actions = (probs.cumsum(axis=1) < rng.random((games, 1))).sum(axis=1)
            actions = np.minimum(actions, a - 1)
            obs_buf[t], act_buf[t], prob_buf[t] = batch.obs, actions, probs
            seat_buf[t], deal_buf[t] = batch.seat, batch.deal
            batch = venv.step(actions)
            for i in np.flatnonzero(batch.terminated):
                final[int(deal_buf[t, i])] = batch.reward[i].copy()
        # Decisions as flat rows: this iteration's and those still waiting from earlier ones.
        rows = [obs_buf.reshape(-1, d), act_buf.ravel(), prob_buf.reshape(-1, a), seat_buf.ravel(), deal_buf.ravel()]
        if pending is not None:
            rows = [np.concatenate([old, new]) for old, new in zip(pending, rows)]
        done = np.isin(rows[4], np.fromiter(final, np.int64, len(final)))
        pending = [r[~done] for r in rows]
        if not done.any():
            continue
        x, acts, probs, seats, deals = (r[done] for r in rows)
        returns = np.array([final[k][s] for k, s in zip(deals.tolist(), seats.tolist())], np.float32)
        for k in set(deals.tolist()):
            del final[k]
        adv = (returns - returns.mean()) / (returns.std() + 1e-6)
        # d log pi(a|x) / d logits = onehot(a) - pi(.|x): the softmax policy gradient.
        g = -probs
        g[np.arange(len(acts)), acts] += 1.0
        g *= adv[:, None]
        gw = x.T @ g / len(acts)
        gb = g.mean(axis=0)
        for param, grad, m, v in ((w, gw, mw, vw), (b, gb, mb, vb)):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            param += lr * (m / (1 - beta1**it)) / (np.sqrt(v / (1 - beta2**it)) + 1e-8)
        if it % 10 == 0 or it == iterations:
            print(f"iteration {it}: mean score {-returns.mean():.1f} over {len(returns)} decisions ({time.time() - start:.0f} s)", flush=True)
    venv.close()
    np.savez(out, w=w, b=b)
    print(f"wrote {out}")


_weights = {}


def policy(obs: np.ndarray, mask: np.ndarray, weights: str = WEIGHTS) -> int:
    """The trained policy, greedy: the legal action of highest logit (what the lab plays)."""
    if weights not in _weights:
        data = np.load(weights)
        _weights[weights] = (data["w"], data["b"])
    w, b = _weights[weights]
    logits = np.asarray(obs, np.float32) @ w + b
    return int(np.argmax(np.where(np.asarray(mask, bool), logits, -np.inf)))


def declare_sizes(weights: str = WEIGHTS) -> None:
    """Declares the saved weights' sizes on ``policy``: nothanks_lab.policy checks them against each
    game's rules, so the policy at another seat count fails in one line instead of a matmul error."""
    if os.path.isfile(weights):
        with np.load(weights) as data:
            policy.obs_size, policy.action_size = (int(n) for n in data["w"].shape)


# At import: the policy server reads the sizes when it loads this file. Before any training there
# is no file, and no sizes to declare.
declare_sizes()


def check(games: int, seed: int, weights: str = WEIGHTS) -> None:
    """The policy at seat 0 against three lab `random` bots, played in the lab's own table."""
    from nothanks_lab.envs import no_thanks

    env = no_thanks.gym_env(opponents=["random", "random", "random"], seat=0, reward="win")
    wins = 0.0
    scores = []
    obs, info = env.reset(seed=seed)
    for _ in range(games):
        done = False
        while not done:
            obs, reward, done, _, info = env.step(policy(obs, info["action_mask"], weights))
        wins += reward
        scores.append(info["scores"])
        obs, info = env.reset()
    env.close()
    s = np.array(scores)
    print(f"{games} games against 3 x random: win share {wins / games:.2f} (even: 0.25); mean score {s[:, 0].mean():.1f} vs random {s[:, 1:].mean():.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--steps", type=int, default=64, help="steps per game per iteration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=WEIGHTS)
    parser.add_argument("--check", action="store_true", help="only play the saved policy against random")
    args = parser.parse_args()
    if args.check:
        check(200, args.seed, args.out)
    else:
        train(args.iterations, args.games, args.steps, args.seed, args.out)
        check(200, args.seed + 1000, args.out)
