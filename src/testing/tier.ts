/**
 * The two test tiers, one switch: `npm test` runs the fast tier (small batteries, few games, short
 * decision limits), `npm run test:full` (LAB_TESTS=full) everything at full size, as CI does.
 * Both tiers run every check of the lab's own code; only sizes differ. A test whose assertion
 * needs a large sample to hold (a statistical claim) runs in the full tier only, and says so. The
 * files that mostly wait on other programs (FULL_TIER_ONLY: a headless browser, bubblewrap, npm
 * packing and installing the lab, Python and torch) run in the full tier only, as CI does: the
 * fast tier takes about four and a half minutes on two idle cores.
 */
export const FULL = tier(process.env.LAB_TESTS) === 'full';

function tier(value: string | undefined): 'fast' | 'full' {
  if (value === undefined || value === '' || value === 'fast') return 'fast';
  if (value === 'full') return 'full';
  // A misspelt switch must not quietly run the fast tier where the full one was meant (CI).
  throw new Error(`LAB_TESTS must be fast or full, got "${value}"`);
}

/** `fast` in the fast tier, `full` in the full tier: a battery's games, a tournament's deals, a sample. */
export function sized<T>(fast: T, full: T): T {
  return FULL ? full : fast;
}

/** The tier's name, for a test title that states its size. */
export const TIER = FULL ? 'full' : 'fast';

/**
 * The decision limit of a test whose bot gets stuck on purpose (the other bots, built-ins, decide in
 * microseconds): the fast tier waits out half a second, the full tier 1 s as before. Fractional
 * limits are what --decision-timeout takes; the stuck-bot line prints the limit as given.
 */
export const STUCK_SECONDS = sized(0.5, 1);

/** STUCK_SECONDS as a stuck-bot line prints it, escaped for a RegExp source ("0\\.5" or "1"). */
export const STUCK_TEXT = String(STUCK_SECONDS).replace('.', '\\.');

/**
 * Test files the fast tier leaves out (one line says so): the browser tests, the sandboxed
 * programs' protocol, hardening and Python policy tests (and fair-play.test.ts's --isolate cases), the packed
 * package's install, the generated reference's staleness (it runs every command's --help), the
 * models exported and trained by torch (python3 starting torch), the Python environments' own
 * tests (python3 and a server per environment), and the committed models' tournaments (a claim
 * that needs a sample). Every one runs in the full tier, which CI runs
 * with Chromium and bubblewrap required.
 */
export const FULL_TIER_ONLY: readonly string[] = [
  '**/*.browser.test.ts',
  'src/docs-reference.test.ts',
  'src/package.test.ts',
  'src/tournament/sandbox/program.test.ts',
  'src/tournament/sandbox/hardening.test.ts',
  'src/tournament/sandbox/policy.test.ts',
  'src/net/torch-model.test.ts',
  'src/net/train.test.ts',
  'src/net/models.test.ts',
  'src/serve/python-envs.test.ts',
];
