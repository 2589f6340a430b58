import type { Argv } from 'yargs';
import type { RulesInput } from '../engine/rules.js';

/** Rule flags shared by every command that plays games. */
export function withRuleOptions<T>(y: Argv<T>) {
  return y
    .option('players', { alias: 'p', type: 'number', describe: 'seats at each table (2-7; 2 needs --chips)' })
    .option('chips', { type: 'number', describe: 'starting chips per player (default 11/9/7 for 3-5/6/7 players)' })
    .option('removed', { type: 'number', describe: 'cards removed unseen (default 9)' })
    .option('min-card', { type: 'number', describe: 'lowest card (default 3)' })
    .option('max-card', { type: 'number', describe: 'highest card (default 35)' })
    .option('open-chips', { type: 'boolean', describe: "variant: everyone's chips are public" })
    .option('known-removed', { type: 'boolean', describe: 'variant: the removed cards are public' });
}

export interface RuleArgs {
  players?: number;
  chips?: number;
  removed?: number;
  minCard?: number;
  maxCard?: number;
  openChips?: boolean;
  knownRemoved?: boolean;
}

export function rulesFromArgs(a: RuleArgs, players: number): RulesInput {
  const r: RulesInput = { players };
  if (a.chips !== undefined) r.startChips = a.chips;
  if (a.removed !== undefined) r.removed = a.removed;
  if (a.minCard !== undefined) r.minCard = a.minCard;
  if (a.maxCard !== undefined) r.maxCard = a.maxCard;
  if (a.openChips !== undefined) r.openChips = a.openChips;
  if (a.knownRemoved !== undefined) r.knownRemoved = a.knownRemoved;
  return r;
}
