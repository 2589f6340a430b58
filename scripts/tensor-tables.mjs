#!/usr/bin/env node
// Each game's observation tensor fields (src/game/tensor.ts) as the table its README shows, for
// the default rules at the game's default seat count (each game's tensor.test.ts checks it).
//   npm run build && node scripts/tensor-tables.mjs           (prints every table)
//   npm run build && node scripts/tensor-tables.mjs --write   (rewrites each README's section)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dist = (p) => import(pathToFileURL(resolve(ROOT, 'dist/src', p)).href);
const [{ GAMES }, { tensorBlock, withReadmeTable }] = await Promise.all([dist('registry.js'), dist('game/tensor.js')]);
// The template game is not registered: its manifest is loaded by path.
const games = [...GAMES.values(), (await dist('games/template/manifest.js')).default];
const write = process.argv.includes('--write');
for (const game of games) {
  const rules = game.makeRules({ players: game.defaultPlayers });
  const block = tensorBlock(game.tensor.fields(rules), rules.players);
  const readme = resolve(ROOT, 'src/games', game.id, 'README.md');
  if (write) {
    writeFileSync(readme, withReadmeTable(readFileSync(readme, 'utf8'), block));
    console.log(`${readme}: ${game.tensor.size(rules)} floats`);
  } else console.log(`## ${game.name}\n\n${block}\n`);
}
