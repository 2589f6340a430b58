import { move } from 'piscina';
import { playBatch, type Batch } from '../engine/batch.js';
import { UserError } from '../errors.js';

/**
 * Piscina worker: plays one batch. The numbers come back as one transferred buffer; a user error
 * (a bot that crashes or breaks the rules) comes back as a message, so the main thread can print
 * it as one line instead of a stack dump.
 */
export default async function run(batch: Batch): Promise<unknown> {
  try {
    const result = await playBatch(batch);
    return result.records ? result : move(result.data);
  } catch (err) {
    if (err instanceof UserError) return { userError: err.message };
    throw err;
  }
}
