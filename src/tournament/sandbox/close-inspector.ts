import inspector from 'node:inspector';
import * as inspectorPromises from 'node:inspector/promises';
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

/**
 * Imported first by the --isolate bot worker, before the bot file loads: a worker thread can open
 * node:inspector and connect to the main thread (Session.connectToMainThread), where it could read
 * the secret master seed and patch the lab's outputs. Every way in through the module (this
 * thread's session, the main thread's, opening a port) now throws, and the module's exports are
 * frozen and re-synced so that `import` and `require` of it both see the closed versions, and its
 * native binding (process.binding('inspector')) is out of reach; the bot cannot start a worker thread
 * of its own (which would get a fresh inspector module). Signalling
 * the process (SIGUSR1 opens Node's inspector on a port) is refused too. What a worker thread can
 * still do (spawn a process that signals the lab, read files) is in docs/fair-play.md.
 */
function closed(what: string): () => never {
  return () => {
    throw new Error(`${what} is closed to an isolated bot`);
  };
}

for (const Session of [inspector.Session, inspectorPromises.Session]) {
  // defineProperty, not assignment: the promises Session inherits from the (by then frozen) callback one.
  for (const name of ['connect', 'connectToMainThread', 'post'])
    Object.defineProperty(Session.prototype, name, { value: closed(`node:inspector Session.${name}`) });
  Object.freeze(Session.prototype);
  Object.freeze(Session);
}
const module = inspector as unknown as Record<string, unknown>;
for (const name of ['open', 'waitForDebugger']) module[name] = closed(`node:inspector ${name}`);
Object.freeze(inspector);
// A thread the bot started would get a fresh, open node:inspector: no threads of its own.
(workerThreads as unknown as Record<string, unknown>).Worker = closed('worker_threads Worker');
Object.freeze(workerThreads);
syncBuiltinESMExports();
process.kill = closed('process.kill');
// The inspector's native binding (MainThreadConnection, open) is reachable through the deprecated
// process.binding: closed as well, with its sibling.
const proc = process as unknown as Record<string, unknown>;
for (const name of ['binding', '_linkedBinding']) proc[name] = closed(`process.${name}`);
