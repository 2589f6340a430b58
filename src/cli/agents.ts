import { BUILTIN } from '../agents/registry.js';

/** `nothanks agents`: every built-in bot with its parameters, meaning, default and range. */
export function agentsCommand(): string {
  const out: string[] = [];
  for (const def of BUILTIN.values()) {
    out.push(`${def.name}: ${def.description}`);
    for (const [key, p] of Object.entries(def.params)) {
      const range = 'choices' in p ? `one of ${p.choices.join('|')}` : `${p.integer ? 'integer' : 'number'} ${p.min}..${p.max}`;
      out.push(`    ${key.padEnd(10)} ${p.description} (default ${p.default}; ${range})`);
    }
  }
  out.push('', 'Spec syntax: name or name:key=value,key=value; a bot file: ./path/bot.ts or ./path/bot.ts:key=value');
  return out.join('\n');
}
