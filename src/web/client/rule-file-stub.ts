/**
 * Stands in for src/game/rule-file.ts in the browser bundle (src/web/build.ts swaps it in): rule
 * files are read from disk, which only Node can, and the page leaves the rule bots out of its lists
 * (AgentDefinition.nodeOnly), so nothing here is ever called.
 */
export const readRuleFile = (): never => {
  throw new Error('distilled rules play only under Node (the nothanks commands), not in the browser');
};
