import { checkBot, createBot, loadBot } from '../agents/registry.js';
import type { Agent, GameStart } from '../game/agent.js';
import type { RulesInput } from '../game/contract.js';
import { dealKeyInto, masterKey, type SeedKey } from '../game/seed.js';
import { gameById } from '../registry.js';
import { distillKitOf } from './collect.js';

type AnyAgent = Agent<object, unknown, object, unknown>;

/**
 * The rule bot's own games with the original bot shadowing it in every seat: both hear the same
 * start and events and are asked every decision from the same observation, the rule's answer is
 * played, and the original's is only compared. The share of decisions with a choice (as the fit
 * counts them) where the two answer alike: how far the rule, played, stays the original's strategy
 * in the positions its own play leads to. One thread, in process, deals of the game's own seeding.
 */
export async function shadowAgreement(o: {
  game: string;
  rules: RulesInput;
  ruleSpec: string;
  bot: string;
  games: number;
  seed: string;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}): Promise<{ games: number; decisions: number; agree: number }> {
  const game = gameById(o.game);
  const kit = distillKitOf(o.game);
  const rules = game.makeRules(o.rules);
  const ruleAgent = await loadBot(o.ruleSpec, game.id);
  const original = await loadBot(o.bot, game.id);
  await checkBot(ruleAgent, rules);
  await checkBot(original, rules);
  const x = new Float64Array(kit.features(rules).length);
  let decisions = 0;
  let agree = 0;
  const seat = (): AnyAgent => {
    const rule = createBot(ruleAgent) as AnyAgent;
    const shadow = createBot(original) as AnyAgent;
    return {
      newGame(start: GameStart<unknown>): void {
        rule.newGame?.(start);
        shadow.newGame?.(start);
      },
      onEvent(event: object, obs: object): void {
        rule.onEvent?.(event, obs);
        shadow.onEvent?.(event, obs);
      },
      decide(obs: object): unknown {
        const answer = rule.decide(obs);
        // Asked every decision, forced ones too, so a bot that keeps state sees every one it would.
        const theirs = shadow.decide(obs);
        const id = game.actions.encode(obs, answer as never);
        if (kit.decision(obs, id, x) !== null) {
          decisions++;
          if (game.actions.encode(obs, theirs as never) === id) agree++;
        }
        return answer;
      },
    };
  };
  const bots = Array.from({ length: rules.players }, seat);
  const table = game.batch.table(
    rules,
    bots,
    bots.map(() => ruleAgent.label),
    false,
  );
  const master = masterKey(game.seedNamespace ?? game.id, o.seed);
  const key: SeedKey = { hi: 0, lo: 0 };
  let played = 0;
  for (; played < o.games && !o.signal?.aborted; played++) {
    table.play(dealKeyInto(master, played, key));
    o.onProgress?.(played + 1, o.games);
    // Let an interrupt and the progress line through between games.
    if (played % 10 === 9) await new Promise((r) => setImmediate(r));
  }
  return { games: played, decisions, agree };
}
