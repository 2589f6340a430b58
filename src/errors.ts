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
