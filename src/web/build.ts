import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
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
  // Node-only modules the bundle would pull in through the games' bots, each with its stand-in.
  const stubs = [
    { module: 'game/terminal', stub: sourceOf('web/client/terminal-stub') },
    { module: 'net/onnx-session', stub: sourceOf('web/client/onnx-stub') },
    { module: 'game/rule-file', stub: sourceOf('web/client/rule-file-stub') },
  ];
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
      plugins: [nodeOnlyStubs(stubs)],
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
 * Modules the game definitions reach that only Node can run, swapped for stubs. The human bots of
 * the terminal (src/games/<game>/bots/human.ts) read keys through src/game/terminal.ts (node:fs,
 * node:tty); the net bots run models through src/net/onnx-session.ts (onnxruntime's native
 * library); the rule bots read their distilled rule files through src/game/rule-file.ts (node:fs). The game definitions list those bots, so the bundle would pull them in: the stubs say
 * what the bot cannot do in a browser. The page seats its own human (src/web/client/human.ts) and
 * lists no Node-only bot (AgentDefinition.nodeOnly); no engine or bot code changes.
 */
function nodeOnlyStubs(stubs: readonly { module: string; stub: string }[]): Plugin {
  return {
    name: 'node-only-stubs',
    setup(b) {
      // Each module from the sources and from the build (dist/), by its path without extension.
      const byPath = new Map(
        stubs.flatMap(({ module, stub }) => [join(PROJECT_ROOT, 'src', module), join(PROJECT_ROOT, 'dist', 'src', module)].map((p) => [p, stub])),
      );
      const filter = new RegExp(`(${stubs.map(({ module }) => basename(module)).join('|')})\\.js$`);
      b.onResolve({ filter }, (args) => {
        const stub = byPath.get(resolve(args.resolveDir, args.path).replace(/\.js$/, ''));
        return stub === undefined ? undefined : { path: stub };
      });
    },
  };
}
