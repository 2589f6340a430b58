import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeTable, tensorBlock } from '../../game/tensor.js';
import manifest from './manifest.js';
import { tensor } from './tensor.js';

describe('the observation tensor', () => {
  it('has its field table in the README (node scripts/tensor-tables.mjs --write after a change)', () => {
    const rules = manifest.makeRules({ players: manifest.defaultPlayers });
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readmeTable(readme)).toBe(tensorBlock(tensor.fields(rules), rules.players));
  });
});
