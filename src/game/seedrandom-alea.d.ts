// seedrandom's alea alone (the module seedrandom.alea is): the package's index also loads six other
// generators and node:crypto, about 3 ms of every worker thread's start, for a function that
// tools and tests call (makeRandom) and no game loop does.
declare module 'seedrandom/lib/alea.js' {
  import type { PRNG } from 'seedrandom';
  const alea: (seed?: string) => PRNG;
  export default alea;
}
