import { join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { checkNewFile, writeFileAtomic } from '../files.js';
import { buildWebPage } from '../web/build.js';
import { serveWebApp } from '../web/server.js';

export interface WebArgs {
  out?: string;
  port: number;
  host: string;
  results: string;
  force: boolean;
}

/**
 * `nothanks web`: builds the web app (replay viewer and play page, one self-contained page) and
 * serves it with the logs under the results folder, or with --out writes the page to a folder.
 */
export async function webCommand(a: WebArgs): Promise<void> {
  if (!a.out && (!Number.isInteger(a.port) || a.port < 0 || a.port > 65535)) throw new UserError(`--port must be an integer from 0 to 65535, got ${a.port}`);
  const html = await buildWebPage();
  if (a.out) {
    const file = join(a.out, 'index.html');
    checkNewFile(file, a.force);
    writeFileAtomic(file, html);
    console.log(`Wrote ${file} (${Math.round(html.length / 1024)} KB, self-contained: open it as a file or from any static server).`);
    return;
  }
  const server = await serveWebApp({ html, port: a.port, host: a.host, results: a.results });
  console.log(
    `Serving the web app at ${server.url} (replays: ${server.url}#replay, play: ${server.url}#play, advisor: ${server.url}#advise; logs under ${resolve(a.results)}). Ctrl-C stops.`,
  );
  await new Promise<void>((done) => {
    process.once('SIGINT', () => void server.close().then(done));
    process.once('SIGTERM', () => void server.close().then(done));
  });
}
