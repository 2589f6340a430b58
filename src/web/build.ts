import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { UserError } from '../errors.js';
import { PROJECT_ROOT } from '../paths.js';
import { GAME_MODULES } from '../games/manifest.js';
import { GAMES } from '../registry.js';
import { pageHtml } from './page.js';

/**
 * Bundles the web app (src/web/client/ and each game's view: the engines, the built-in bots, the replay viewer and
 * the play page) for the browser into one self-contained HTML page: no CDN, no module loading, so
 * it works from a static server and as a file:// page (Chrome refuses module scripts from file://).
 */
export async function buildWebPage(): Promise<string> {
  // From the sources when they are there (a checkout), else from the build (dist/).
  const fromSource = existsSync(join(PROJECT_ROOT, 'src', 'web', 'client', 'main.ts'));
  const sourceOf = (path: string): string => (fromSource ? join(PROJECT_ROOT, 'src', `${path}.ts`) : join(PROJECT_ROOT, 'dist', 'src', `${path}.js`));
  const stub = sourceOf('web/client/terminal-stub');
  // Loaded on demand: every other command would pay for loading esbuild at start-up.
  const { build } = await import('esbuild');
  let js: string;
  try {
    const result = await build({
      stdin: { contents: entrySource(sourceOf), resolveDir: PROJECT_ROOT, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
      plugins: [terminalStub(stub)],
    });
    js = result.outputFiles[0]!.text;
  } catch (err) {
    // A Node-only import on the browser path (node:fs, worker_threads...) ends here, named by esbuild.
    const first = (err as { errors?: { text: string; location?: { file: string } }[] }).errors?.[0];
    throw new UserError(`cannot bundle the web app: ${first ? `${first.text}${first.location ? ` (${first.location.file})` : ''}` : (err as Error).message}`);
  }
  return pageHtml(js);
}

/**
 * The bundle's entry: every registered game's view (src/games/<id>/web/view.ts, by the fixed path
 * GAME_MODULES names) handed to the page before it starts, so the page's own code names no game.
 */
function entrySource(module: (path: string) => string): string {
  const games = [...GAMES.keys()];
  return [
    `import { registerViews } from ${JSON.stringify(module('web/client/games'))};`,
    `import { startPage } from ${JSON.stringify(module('web/client/main'))};`,
    ...games.map((id, i) => `import view${i} from ${JSON.stringify(module(`games/${id}/${GAME_MODULES.webView}`))};`),
    `registerViews({ ${games.map((id, i) => `${JSON.stringify(id)}: view${i}`).join(', ')} });`,
    'startPage();',
  ].join('\n');
}

/**
 * The human bots of the terminal (src/games/<game>/bots/human.ts) read keys through src/game/terminal.ts,
 * which needs node:fs and node:tty. The game definitions list those bots, so the bundle would pull
 * them in: this plugin swaps terminal.ts for a stub that says it is a terminal-only bot. The page
 * seats its own human (src/web/client/human.ts) instead; no engine or bot code changes.
 */
function terminalStub(stub: string): Plugin {
  return {
    name: 'terminal-stub',
    setup(b) {
      const terminal = [join(PROJECT_ROOT, 'src', 'game', 'terminal'), join(PROJECT_ROOT, 'dist', 'src', 'game', 'terminal')];
      b.onResolve({ filter: /terminal\.js$/ }, (args) =>
        terminal.includes(resolve(args.resolveDir, args.path).replace(/\.js$/, '')) ? { path: stub } : undefined,
      );
    },
  };
}
