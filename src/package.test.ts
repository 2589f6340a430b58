import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './paths.js';
import { runChild } from './testing/child.js';

/**
 * The lab as a library, as a bot author gets it: `npm pack`, installed into an empty project,
 * which writes the README's bot and plays it through the package's bin and its API. The install
 * is offline: the scratch project gets a lockfile with the lab's locked versions, so npm takes
 * every tarball from its cache (filled by the lab's own `npm ci`).
 */

const sh = (cmd: string, args: string[], cwd: string) => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

/** A command that does not block this process: the checks after the install run at once. */
const started = (cmd: string, args: string[], cwd: string) => runChild(cmd, args, { cwd });

/** docs/bots.md's "Write your own bot" section: its TypeScript bot and the command that plays it. */
function readmeExample(): { bot: string; command: string[] } {
  const readme = readFileSync(join(PROJECT_ROOT, 'docs', 'bots.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Write your own bot'));
  const bot = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  const command = /^npx nothanks (tournament .*)$/m.exec(section)?.[1];
  if (!bot || !command) throw new Error('docs/bots.md: "Write your own bot" needs a ```ts block and an `npx nothanks tournament ...` line');
  return { bot, command: command.split(/\s+/) };
}

/** docs/protocol.md's Python quick start: its bot, which imports the client the lab puts on PYTHONPATH. */
function pythonQuickStart(): string {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'protocol.md'), 'utf8');
  const bot = /```python\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!bot) throw new Error('docs/protocol.md: the quick start needs a ```python block');
  return bot;
}

/** A lockfile for a project depending only on the tarball: the lab's non-dev entries, same layout. */
function scratchLockfile(tarball: string): string {
  const lab = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, Record<string, unknown> & { dev?: boolean }>;
  };
  const root = lab.packages['']!;
  const packages: Record<string, unknown> = { '': { name: 'scratch', dependencies: { 'nothanks-lab': `file:${tarball}` } } };
  for (const [path, entry] of Object.entries(lab.packages)) if (path.startsWith('node_modules/') && !entry.dev) packages[path] = entry;
  packages['node_modules/nothanks-lab'] = {
    version: root.version,
    resolved: `file:${tarball}`,
    dependencies: root.dependencies,
    bin: root.bin,
    engines: root.engines,
  };
  return JSON.stringify({ name: 'scratch', lockfileVersion: 3, requires: true, packages }, null, 2);
}

describe('the packed package', () => {
  it('installs into an empty project, where the bot of docs/bots.md plays through the bin and the typed API', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-pack-'));
    // `npm test` has just built dist/; --ignore-scripts skips prepare's second build.
    const [packed] = JSON.parse(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], PROJECT_ROOT)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'docs/bots.md',
        'LICENSE',
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/tournament/worker.js',
        'dist/src/games/no-thanks/bots/mc.js',
        // What a program bot needs of the lab: the clients it imports and the sandbox binds.
        'clients/python/nothanks_bot.py',
        'clients/python/nothanks_lab/bot.py',
        'clients/python/nothanks_lab/policy.py',
        'clients/node/nothanks-bot.mjs',
        'clients/schemas/lab-to-bot.schema.json',
        'src/games/no-thanks/observation.schema.json',
      ]),
    );
    // Of the sources, only each game's observation schema (the protocol's, beside its game).
    expect(files.filter((f) => /\.test\.|^src\/(?!games\/[^/]+\/observation\.schema\.json$)|\.map$|^clients\/python\/tests\//.test(f))).toEqual([]);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module', dependencies: { 'nothanks-lab': `file:../${packed!.filename}` } }),
    );
    writeFileSync(join(project, 'package-lock.json'), scratchLockfile(`../${packed!.filename}`));
    const install = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: project, encoding: 'utf8' });
    if (install.status !== 0 && /ENOTCACHED/.test(install.stderr))
      throw new Error("npm's cache lacks a locked dependency: run `npm ci` in the lab first (it fills the cache)");
    expect(install.stderr.match(/npm error.*/g) ?? []).toEqual([]);

    // The README's example, copied as it stands.
    const { bot, command } = readmeExample();
    writeFileSync(join(project, 'my-bot.ts'), bot);
    // docs/protocol.md's Python bot, in a folder of its own (a run's --out may not lie in a bot's folder).
    mkdirSync(join(project, 'py'));
    writeFileSync(join(project, 'py', 'greedy.py'), pythonQuickStart());
    // The API, from a plain ES module: a bot defined inline in a file of its own, the package's
    // runTournament, the same numbers for 1 and 2 threads.
    writeFileSync(
      join(project, 'eager.mjs'),
      "import { defineAgent } from 'nothanks-lab';\nexport default defineAgent({ name: 'eager', description: 'takes every card', params: {}, create: () => ({ decide: () => 'take' }) });\n",
    );
    writeFileSync(
      join(project, 'api.mjs'),
      `import { GAMES, runTournament } from 'nothanks-lab';
       const run = (threads) => runTournament({ pool: ['./eager.mjs', './my-bot.ts', 'greedy'], rules: { players: 3 }, games: 40, seed: 'pack', threads });
       const [one, two] = [await run(1), await run(2)];
       console.log(JSON.stringify({ games: [...GAMES.keys()], labels: one.labels, one: one.stats.agents(), two: two.stats.agents() }));`,
    );
    // The declarations: a TypeScript consumer of the API and of a game's subpath type-checks strictly
    // (with its libraries' declarations, as `skipLibCheck: false` does),
    // and a wrong action does not.
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { runTournament, type Observation, type TournamentResult } from 'nothanks-lab';
       import { defineAgent } from 'nothanks-lab/6-nimmt';
       import bot from './my-bot.js';
       export const low = defineAgent({ name: 'low', description: '', params: {}, create: () => ({ decide: (obs) => obs.handCard(0) }) });
       export const result: Promise<TournamentResult> = runTournament({ pool: ['greedy'], rules: { players: 3 }, games: 1, seed: 'x' });
       export const pot = (o: Observation): number => o.pot + bot.name.length;`,
    );
    const tsc = [
      join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      // Every declaration file is checked too (no --skipLibCheck), in a project with only the lab and TypeScript.
    ];
    writeFileSync(
      join(project, 'wrong.ts'),
      `import { defineAgent } from 'nothanks-lab';\nexport default defineAgent({ name: 'w', description: '', params: {}, create: () => ({ decide: () => 'fold' }) });\n`,
    );
    // The bin, the API and the compiler are independent: the three start at once.
    const bin = join(project, 'node_modules', '.bin', 'nothanks');
    const python = [
      'tournament',
      '--agents',
      'exec:python3 py/greedy.py,greedy,threshold',
      '--players',
      '3',
      '--games',
      '20',
      '--out',
      'py-run',
      '--threads',
      '1',
      '-q',
    ];
    const [cli, pyRun, apiRun, checked] = await Promise.all([
      started(bin, [...command, '--out', 'bin-run', '--threads', '2'], project),
      started(bin, python, project),
      started(process.execPath, ['api.mjs'], project),
      // One compiler run for both files (each run loads and checks every declaration again): its
      // only error is wrong.ts's, so consumer.ts and the declarations check clean.
      started(process.execPath, [...tsc, 'consumer.ts', 'wrong.ts'], project),
    ]);

    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(project, 'bin-run', 'summary.json'), 'utf8'));
    expect(summary.agents.map((a: { agent: string }) => a.agent).sort()).toEqual(['greedy', 'run-builder:slack=8', 'threshold']);
    expect(summary.agentOrigins[0]).toEqual({ agent: 'run-builder:slack=8', spec: './my-bot.ts:slack=8', file: join(project, 'my-bot.ts') });

    // A Python program bot plays from the installed package: the client is importable, and the
    // sandbox finds the clients folder it binds.
    expect(pyRun.status, pyRun.stderr).toBe(0);
    const pySummary = JSON.parse(readFileSync(join(project, 'py-run', 'summary.json'), 'utf8'));
    expect(pySummary.agents.map((a: { agent: string }) => a.agent).sort()).toEqual(['greedy', 'greedy-py', 'threshold']);

    expect(apiRun.status, apiRun.stderr).toBe(0);
    const api = JSON.parse(apiRun.stdout);
    expect(api.games).toEqual(['no-thanks', '6-nimmt', 'no-thanks-specials']);
    expect(api.labels).toEqual(['eager', 'run-builder', 'greedy']);
    expect(api.two).toEqual(api.one);
    const eager = api.one.find((a: { agent: string }) => a.agent === 'eager');
    expect(eager.games).toBe(40 * 3);
    expect(eager.meanChips).toBeGreaterThanOrEqual(11); // it never pays a chip

    expect(checked.stdout.split('\n').filter((line) => /error TS/.test(line))).toEqual([
      expect.stringMatching(/^wrong\.ts\(.*error TS2322: Type '"fold"' is not assignable/),
    ]);
  }, 180_000);
});
