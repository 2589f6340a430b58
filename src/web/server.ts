import { createReadStream, type Dirent, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UserError } from '../errors.js';
import { adviseReply } from './advise.js';

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/** At most this many logs are listed (the user's first, each kind newest first): a results folder can hold thousands of runs. */
const MAX_LOGS = 500;
const MAX_DEPTH = 6;

/**
 * The local server of `nothanks web`: the app's page, and read-only access to the game logs
 * (*.jsonl) under one results folder: GET api/logs lists them, GET logs/<path> sends one. Paths
 * are checked to stay inside that folder (no "..", no symbolic link out of it); nothing else of
 * the disk is reachable, and nothing can be written. GET api/advise computes the advisor page's
 * evaluation from its query alone (src/web/advise.ts) and keeps nothing.
 */
export async function serveWebApp(o: { html: string; port: number; host: string; results: string }): Promise<WebServer> {
  const root = resolve(o.results);
  if (dirname(root) === root) throw new UserError(`--results ${o.results} is the root of the file system: name the folder whose logs to serve`);
  let isFolder = false;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {}
  if (!isFolder) throw new UserError(`--results ${o.results} is not a folder: name the folder whose *.jsonl logs the page may open (default results/)`);
  // Filled in once listening: the Host headers a request may carry.
  const hosts = new Set<string>();
  let wildcardPort = -1;
  /**
   * The bound address (or, on loopback, localhost) with the port; on a wildcard address (0.0.0.0,
   * ::) any IP literal with the port. Never a domain name the server was not opened on: that is
   * how DNS rebinding reaches a local server from another site's page.
   */
  const allowedHost = (header: string): boolean => {
    // A Host without a port is port 80, where browsers leave it out.
    const h = /:\d+$/.test(header) ? header.toLowerCase() : `${header.toLowerCase()}:80`;
    if (hosts.has(h)) return true;
    const m = /^(\[[0-9a-f:.]+\]|\d+\.\d+\.\d+\.\d+):(\d+)$/.exec(h);
    return m !== null && Number(m[2]) === wildcardPort;
  };
  const server = createServer((req, res) => {
    try {
      // DNS rebinding: a page of another site, its name re-pointed at this address, sends its own Host.
      if (!allowedHost(req.headers.host ?? '')) return send(res, 421, 'text/plain', 'unknown host: open the address nothanks web printed');
      handle(req, res, o.html, root);
    } catch {
      send(res, 500, 'text/plain', 'internal error');
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      fail(
        new UserError(
          err.code === 'EADDRINUSE' ? `port ${o.port} is in use: choose another with --port` : `cannot serve on ${o.host}:${o.port}: ${err.message}`,
        ),
      ),
    );
    server.listen(o.port, o.host, () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  hosts.add(`${host}:${port}`.toLowerCase());
  // On a loopback address the names a browser uses for it are fine too.
  if (/^(127\.|::1$|\[::1\]$)/.test(o.host) || o.host === 'localhost') for (const name of ['localhost', '127.0.0.1', '[::1]']) hosts.add(`${name}:${port}`);
  if (o.host === '0.0.0.0' || o.host === '::') wildcardPort = port;
  return {
    url: `http://${host}:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

function handle(req: IncomingMessage, res: ServerResponse, html: string, root: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'read-only server');
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/' || path === '/index.html' || path === '/replay.html') return send(res, 200, 'text/html; charset=utf-8', html);
  if (path === '/api/logs') return send(res, 200, 'application/json', JSON.stringify({ root, logs: listLogs(root) }));
  if (path === '/api/advise') {
    // Computes, writes nothing: the advisor's evaluation of the lines in the query (src/web/advise.ts).
    try {
      return send(res, 200, 'application/json', JSON.stringify(adviseReply(new URL(req.url ?? '/', 'http://localhost').searchParams)));
    } catch (err) {
      if (err instanceof UserError) return send(res, 400, 'application/json', JSON.stringify({ error: err.message }));
      throw err;
    }
  }
  if (path.startsWith('/logs/')) {
    const file = logPath(root, path.slice('/logs/'.length));
    if (!file) return send(res, 404, 'text/plain', 'no such log');
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
    return;
  }
  send(res, 404, 'text/plain', 'not found');
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

/**
 * The one game every tournament writes beside its report (src/output/sample-game.ts): a results
 * folder holds one per run, and they would bury the --log files the user asked for.
 */
const SAMPLE = 'sample-game.jsonl';

/** What `nothanks analyse` writes beside its analysis.jsonl: the records file it analysed (absolute). */
const ANALYSIS = 'analysis.jsonl';
const ANALYSIS_MANIFEST = 'analysis.json';

/**
 * The game logs (*.jsonl) under root (relative, '/'-separated): the user's own (a --log) first,
 * then the runs' sample games (marked `sample`), each newest first; symbolic links are not
 * followed. An analysis (a folder of `nothanks analyse`: analysis.jsonl and analysis.json naming
 * the records it analysed) is not a log: it is listed as `analysis` of the log it names, when that
 * log is under root too (the newest analysis of a log wins).
 */
export function listLogs(root: string): { path: string; size: number; analysis?: string; sample?: true }[] {
  const found: { path: string; size: number; mtime: number }[] = [];
  const analyses: { path: string; records: string; mtime: number }[] = [];
  const walk = (dir: string, depth: number): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory() && depth < MAX_DEPTH) walk(full, depth + 1);
      else if (e.isFile() && e.name === ANALYSIS) {
        const records = analysedRecords(join(dir, ANALYSIS_MANIFEST));
        if (records !== undefined) analyses.push({ path: relative(root, full).split(sep).join('/'), records, mtime: statSync(full).mtimeMs });
      } else if (e.isFile() && e.name.endsWith('.jsonl')) {
        const st = statSync(full);
        found.push({ path: relative(root, full).split(sep).join('/'), size: st.size, mtime: st.mtimeMs });
      }
    }
  };
  walk(root, 0);
  const analysisOf = new Map<string, { path: string; mtime: number }>();
  for (const a of analyses) {
    const log = relative(root, a.records).split(sep).join('/');
    const known = analysisOf.get(log);
    if (!known || a.mtime > known.mtime) analysisOf.set(log, a);
  }
  const isSample = (path: string): boolean => path === SAMPLE || path.endsWith(`/${SAMPLE}`);
  return found
    .sort((a, b) => Number(isSample(a.path)) - Number(isSample(b.path)) || b.mtime - a.mtime || a.path.localeCompare(b.path))
    .slice(0, MAX_LOGS)
    .map(({ path, size }) => {
      const analysis = analysisOf.get(path)?.path;
      return { path, size, ...(analysis === undefined ? {} : { analysis }), ...(isSample(path) ? { sample: true as const } : {}) };
    });
}

/** The records file an analysis folder's manifest names, if it reads as one. */
function analysedRecords(manifest: string): string | undefined {
  try {
    const records = (JSON.parse(readFileSync(manifest, 'utf8')) as { records?: unknown }).records;
    return typeof records === 'string' ? resolve(records) : undefined;
  } catch {
    return undefined;
  }
}

/** The file a logs/<rel> request names, if it is a *.jsonl file inside root; else undefined. */
export function logPath(root: string, rel: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || !decoded.endsWith('.jsonl')) return undefined;
  const file = resolve(root, decoded);
  if (!file.startsWith(root + sep)) return undefined;
  try {
    // No link may lead out: the real path must be inside the real root too.
    if (!lstatSync(file).isFile()) return undefined;
    const real = realpathSync(file);
    const realRoot = realpathSync(root);
    return real.startsWith(realRoot + sep) ? real : undefined;
  } catch {
    return undefined;
  }
}
