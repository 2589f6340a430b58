import { GAMES } from '../registry.js';

/** `nothanks agents`: every game's built-in bots with their parameters, meaning, default and range. */
export function agentsCommand(only?: string): string {
  const out: string[] = [];
  for (const game of GAMES.values()) {
    if (only !== undefined && game.id !== only) continue;
    out.push(`${game.name} (--game ${game.id}):`);
    for (const def of game.agents) {
      out.push(`  ${def.name}: ${def.description}`);
      for (const [key, p] of Object.entries(def.params)) {
        const range = 'text' in p ? 'text' : 'choices' in p ? `one of ${p.choices.join('|')}` : `${p.integer ? 'integer' : 'number'} ${p.min}..${p.max}`;
        out.push(`      ${key.padEnd(10)} ${p.description} (default ${p.default === '' ? 'none' : p.default}; ${range})`);
      }
    }
    out.push('');
  }
  out.push('Spec syntax: name or name:key=value,key=value; a bot file: ./path/bot.ts or ./path/bot.ts:key=value');
  return out.join('\n');
}
