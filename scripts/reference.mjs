#!/usr/bin/env node
// Writes the reference pages from the built code (run `npm run build` first, or `npm run docs:reference`):
//   docs/reference/commands.md  every command's --help, as the CLI prints it
//   docs/reference/bots.md      every game's built-in bots, their parameters, defaults and ranges
//   node scripts/reference.mjs [OUT_DIR]   (default docs/reference)
// The output depends on the code only: help is read through a pipe (yargs then wraps at 80
// columns whatever the terminal), with no timings or paths. src/docs-reference.test.ts fails when
// the committed pages differ from what this writes.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/src/cli/main.js');
const out = resolve(process.argv[2] ?? join(root, 'docs/reference'));

const GENERATED = 'Generated from the code by `npm run docs:reference` (scripts/reference.mjs); do not edit by hand.';

/** `nothanks ARGS` through a pipe, in a fixed environment (no terminal, no colour, 80 columns). */
async function help(args) {
  const env = { ...process.env, COLUMNS: '80', NO_COLOR: '1', FORCE_COLOR: '0' };
  const { stdout: text } = await promisify(execFile)(process.execPath, [cli, ...args], { cwd: root, env, encoding: 'utf8' });
  // `play` seeds its games from the clock by default: the page says so instead of one run's time
  // (the line kept at its width, right-aligned as yargs prints it).
  const clock = (line) =>
    line.replace(/( +)(\[[a-z]+\] )\[default: "\d{12,}"\]$/, (whole, _space, type) => {
      const tail = `${type}[default: the time, in ms]`;
      return ' '.repeat(Math.max(1, whole.length - tail.length)) + tail;
    });
  return text
    .replace(/[ \t]+$/gm, '')
    .split('\n')
    .map(clock)
    .join('\n')
    .trimEnd();
}

async function commandsPage() {
  const top = await help(['--help']);
  const commands = [...top.matchAll(/^ {2}nothanks ([a-z-]+)/gm)].map((m) => m[1]);
  if (commands.length === 0) throw new Error('scripts/reference.mjs: no commands found in `nothanks --help`');
  const L = ['# Command reference', '', GENERATED, ''];
  L.push('`nothanks` is `node dist/src/cli/main.js` after `npm run build` (`npm run nothanks -- <command>`, or `npm link` for a `nothanks` on your PATH).');
  L.push(
    'Guides: [tournaments](../tournaments.md), [tuning](../tuning.md), [sequential tests](../sequential-tests.md), [analysis](../analysis.md), [cluster](../cluster.md), [web](../web.md).',
  );
  L.push('');
  L.push(commands.map((c) => `[${c}](#${c})`).join(' · '));
  L.push('');
  L.push('## nothanks', '', '```text', top, '```', '');
  // Every command's help at once (each is a Node start).
  const helps = await Promise.all(commands.map((c) => help([c, '--help'])));
  for (const [i, c] of commands.entries()) L.push(`## ${c}`, '', '```text', helps[i], '```', '');
  return `${L.join('\n').trimEnd()}\n`;
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function range(p) {
  if ('text' in p) return 'text';
  if ('choices' in p) return `one of ${p.choices.map((c) => `\`${c}\``).join(', ')}`;
  return `${p.integer ? 'integer' : 'number'} ${p.min}..${p.max}`;
}

async function botsPage() {
  const api = await import(pathToFileURL(join(root, 'dist/src/index.js')).href);
  const L = ['# Bot reference', '', GENERATED, ''];
  L.push(
    'Every built-in bot of each game, with its parameters. A bot spec is `name` or `name:key=value,key=value` (e.g. `threshold:margin=0,potWeight=1`); ' +
      'a parameter left out takes its default. `nothanks agents` prints the same list; [bots](../bots.md) explains the rules and the flagship `search` bots.',
  );
  L.push('');
  for (const [id, game] of api.GAMES) {
    L.push(`## ${game.name} (\`--game ${id}\`)`, '');
    for (const [name, def] of api.builtinAgents(id)) {
      L.push(`### ${name}`, '', def.description, '');
      const params = Object.entries(def.params);
      if (def.interactive) L.push('Plays the moves a person types at the terminal (`nothanks play` only).', '');
      if (params.length === 0) {
        L.push('No parameters.', '');
        continue;
      }
      L.push('| parameter | default | values | meaning |', '|---|---|---|---|');
      // A text parameter without a default (a model file to give) shows "none", not an empty code span.
      for (const [key, p] of params) L.push(`| \`${key}\` | ${p.default === '' ? 'none' : `\`${p.default}\``} | ${cell(range(p))} | ${cell(p.description)} |`);
      L.push('');
    }
  }
  return `${L.join('\n').trimEnd()}\n`;
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'commands.md'), await commandsPage());
writeFileSync(join(out, 'bots.md'), await botsPage());
if (!process.argv[2]) process.stderr.write('reference: wrote docs/reference/commands.md and docs/reference/bots.md\n');
