/**
 * The fixed facts of a game (after OpenSpiel's GameType): what generic code and learners may rely
 * on without playing it. The player range and the rules' settings are the definition's own fields.
 */
export interface GameFacts {
  /**
   * `sequential`: one seat acts at a time. `simultaneous`: some decisions are taken by several
   * seats at once, none of them seeing another's choice until all have chosen (State.actingSeats
   * then lists them all).
   */
  readonly moves: 'sequential' | 'simultaneous';
  /** What a seat cannot see, for people (the observation enforces it; the battery probes it). */
  readonly hidden: readonly string[];
  /**
   * Where chance enters: `deal`, only in the deal, drawn from the deal's seed key (no chance
   * during play, so a deal and the seats' actions replay a game); `none`, a game without chance.
   */
  readonly chance: 'deal' | 'none';
  /**
   * Which way a final score counts. The lab's statistics, search utilities and charts rank lower
   * scores first, so every game scores that way (a game whose points count up negates them).
   */
  readonly scoreDirection: 'lower-is-better';
  /**
   * The utility the lab reports beside the score: `win-share`, 1 for a sole win, 1/k for each of
   * k tied winners, 0 otherwise (constant-sum: the seats' shares add up to 1).
   */
  readonly utility: 'win-share';
}
