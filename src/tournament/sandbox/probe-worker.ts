import { parentPort, workerData } from 'node:worker_threads';
import { createBot, loadBot } from '../../agents/registry.js';
import { UserError } from '../../errors.js';
import { describeError } from '../../text.js';
import type { ProbeTask } from './probe.js';
import { BotProgram } from './program.js';

/**
 * The throwaway thread of probe.ts. A bot file: imported, one bot started with its default
 * parameters, its declarations sent back (JSON data only). A bot program: started with the
 * spec's parameters, greeted, its name sent back, closed. Whatever either does happens here (or
 * in the program's own process), never in the main thread.
 */
const { kind, text, game, params, program: toStart, what, sandbox, logs } = workerData as ProbeTask;

try {
  if (kind === 'program') {
    let program: BotProgram;
    try {
      program = new BotProgram(text, toStart!, game, params, { sandbox, logs });
    } catch (err) {
      throw err instanceof UserError ? new UserError(`${what}: ${err.message}`) : err;
    }
    program.close();
    parentPort!.postMessage({ ok: { name: program.name, description: '', params: {}, game } });
  } else {
    const agent = await loadBot(text, game);
    createBot(agent, agent.file);
    const { name, description, params: declared, game: plays } = agent.definition;
    parentPort!.postMessage({ ok: { name, description, params: JSON.parse(JSON.stringify(declared)), game: plays } });
  }
} catch (err) {
  parentPort!.postMessage({ error: describeError(err), user: err instanceof UserError });
}
