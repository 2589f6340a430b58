// The speed ceiling of plain JavaScript for benchmark workload 1: the C reference's loop
// (../shared/perf/ref_engine.c) transcribed with locals only: no bots, no history, no records.
// Run beside `npm run bench` to see how far the lab's engine is from what V8 can do at all:
//   node scripts/js-ceiling.mjs
let s0 = 0x12345678 | 0,
  s1 = 0x9abcdef | 0,
  s2 = 0x13579bdf | 0,
  s3 = 1;
function rnd() {
  const t = (((s0 + s1) | 0) + s3) | 0;
  s3 = (s3 + 1) | 0;
  s0 = s1 ^ (s1 >>> 9);
  s1 = (s2 + (s2 << 3)) | 0;
  s2 = (((s2 << 21) | (s2 >>> 11)) + t) | 0;
  return (t >>> 0) / 4294967296;
}
const deck = new Uint8Array(33),
  owner = new Uint8Array(40),
  chips = new Int32Array(4);
function run(games) {
  let decisions = 0,
    total = 0;
  for (let g = 0; g < games; g++) {
    for (let i = 0; i < 33; i++) deck[i] = i + 3;
    for (let i = 32; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    owner.fill(0);
    for (let p = 0; p < 4; p++) chips[p] = 11;
    let cur = g % 4;
    for (let k = 0; k < 24; k++) {
      const c = deck[k];
      let pot = 0;
      for (;;) {
        decisions++;
        const me = cur + 1;
        const adj = owner[c - 1] === me || owner[c + 1] === me;
        if (chips[cur] === 0 || adj || c - 3 * pot <= 8) {
          owner[c] = me;
          chips[cur] += pot;
          break;
        }
        chips[cur]--;
        pot++;
        cur = cur === 3 ? 0 : cur + 1;
      }
    }
    for (let p = 0; p < 4; p++) {
      let sc = 0;
      for (let c = 3; c <= 35; c++) if (owner[c] === p + 1 && owner[c - 1] !== p + 1) sc += c;
      total += sc - chips[p];
    }
  }
  return { decisions, total };
}
for (let rep = 0; rep < 3; rep++) {
  const t0 = performance.now();
  const r = run(2e6);
  const sec = (performance.now() - t0) / 1000;
  console.log('JS ceiling dec/s', (r.decisions / sec / 1e6).toFixed(1), 'M; games/s', (2e6 / sec / 1e3).toFixed(0), 'k; mean', (r.total / 2e6 / 4).toFixed(2));
}
