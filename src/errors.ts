/**
 * Errors a user can cause (bad flags, bad files, misbehaving bots). The CLI prints their message
 * as one line and exits non-zero; anything else is a bug and keeps its stack trace.
 */
export class UserError extends Error {
  override name = 'UserError';
}

/** A bot broke the rules or crashed; the message names the bot, its seat and the game seed. */
export class AgentError extends UserError {
  override name = 'AgentError';
}

/**
 * The lab's own accounts of a bot's failure (a bot program's "its program ended ..."): the table
 * shows them as the lab's words, after a colon. A bot can import AgentError and throw one, so the
 * class proves nothing: only errors made by the maker this hands out, once per thread, to the module
 * that plays bot programs (loaded before any bot code), are the lab's. Anything else a bot throws
 * is the bot's text, whatever its class.
 */
const accounts = new WeakSet<object>();
let accountsClaimed = false;

export function claimLabAccounts(): (message: string) => AgentError {
  if (accountsClaimed) throw new Error("the lab's accounts of bot failures are the lab's own");
  accountsClaimed = true;
  return (message) => {
    const err = new AgentError(message);
    accounts.add(err);
    return err;
  };
}

/** Whether an error is the lab's own account of a bot's failure (see claimLabAccounts). */
export const isLabAccount = (err: unknown): boolean => typeof err === 'object' && err !== null && accounts.has(err);
