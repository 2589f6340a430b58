/**
 * A game's one integer action space (after OpenSpiel's distinct action ids): the integers its
 * forward model's legalActions lists and apply takes, which search, records and the learning
 * environments share. Ids run 0..size(rules)-1; an id may be legal in no state of some rules (a
 * card those rules do not deal), never out of range. The typed answers bots give (`"take"`, a
 * card) stay their friendly face: encode and decode translate both ways.
 */
export interface ActionSpace<R = never, Obs = never, Answer = unknown> {
  /** How many ids the space has under these rules. */
  size(rules: R): number;
  /** A readable name of an id under these rules ("take", "play 17", "take row 2"). */
  name(rules: R, id: number): string;
  /** The id of a bot's answer to `obs` (what its decide() returned), or -1 when it is no answer of obs's decision. */
  encode(obs: Obs, answer: Answer): number;
  /** The bot's answer an id stands for in `obs` (decode(obs, encode(obs, a)) === a for every answer a). */
  decode(obs: Obs, id: number): Answer;
  /**
   * Writes 1 at each id the observing seat may play now and 0 elsewhere (out holds at least
   * size ids), read from its observation only; returns how many are legal (0 when it does not act).
   */
  observationMask(obs: Obs, out: Uint8Array): number;
}
