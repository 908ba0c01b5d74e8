/**
 * The early filters' slice (issue 28) in Node: a click on one language sums the tally's filter cube
 * (CubeCounts.counts) and the panel counts each column's values (valueCounts), on the page's thread.
 * A synthetic cube the size of the 20M-battle file's: 150 models, both orders of each pair, 4
 * outcomes, 6 of the 24 filter combinations each (536,400 rows). A click runs the code once, mostly
 * before the JIT has compiled it: each run is a fresh process, and its first click (cold) is
 * reported apart from later ones (warm). `npx tsx test/bench/early-slice.bench.ts`. Figures only.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { CubeCounts, type CubeColumns } from '../../src/core/tally/cube-counts.ts';

/** Rows sorted by (a, b, outcome), each cell split over language × turn × anonymous. */
function syntheticCube(): CubeColumns {
  const models = Array.from({ length: 150 }, (_, i) => `model-${i}`);
  const languages = ['English', 'French', 'Chinese', 'German'];
  const a: number[] = [],
    b: number[] = [],
    outcome: number[] = [],
    weight: number[] = [],
    rows: number[] = [],
    lang: number[] = [],
    turn: number[] = [],
    anony: number[] = [];
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < 150; i++)
    for (let j = 0; j < 150; j++) {
      if (i === j) continue;
      for (let o = 0; o < 4; o++)
        for (let k = 0; k < 6; k++) {
          // Six of the 24 combinations per tuple, as the file's tally holds (89,400 tuples, 536,400 split cells).
          const c = (i * 7 + j * 3 + o + k * 4) % 24;
          a.push(i);
          b.push(j);
          outcome.push(o);
          weight.push(1 + (next() % 60));
          rows.push(1 + (next() % 60));
          lang.push(c % 4);
          turn.push(Math.floor(c / 4) % 3);
          anony.push(Math.floor(c / 12));
        }
    }
  return {
    models,
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    outcome: Uint8Array.from(outcome),
    weight: Float64Array.from(weight),
    rows: Float64Array.from(rows),
    dims: [
      { path: ['language'], dictionary: languages, codes: Uint8Array.from(lang) },
      { path: ['turn'], dictionary: [1, 2, 3], codes: Uint8Array.from(turn) },
      { path: ['anony'], dictionary: [false, true], codes: Uint8Array.from(anony) },
    ],
  };
}

function once(): { rows: number; build: number; cold: number; warm: number } {
  const columns = syntheticCube();
  let t = performance.now();
  const cube = new CubeCounts(columns);
  const build = performance.now() - t;
  const times: number[] = [];
  const values = ['French', 'English', 'Chinese', 'German'];
  for (let k = 0; k < 9; k++) {
    t = performance.now();
    const language = { kind: 'in', path: ['language'], values: [values[k % 4]] } as const;
    cube.counts([language]);
    // The panel counts each column's values in the slice of the other filters.
    cube.valueCounts(['language'], [], 100);
    cube.valueCounts(['turn'], [language], 100);
    cube.valueCounts(['anony'], [language], 100);
    times.push(performance.now() - t);
  }
  const warm = times.slice(1).sort((x, y) => x - y);
  return { rows: columns.a.length, build, cold: times[0], warm: warm[warm.length >> 1] };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

if (process.argv[2] === 'once') console.log(JSON.stringify(once()));
else if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Array.from(
    { length: 7 },
    () => JSON.parse(execFileSync('npx', ['tsx', import.meta.filename, 'once'], { encoding: 'utf8' })) as ReturnType<typeof once>,
  );
  const load = loadavg().map((x) => x.toFixed(1));
  console.log(
    `early slice, one language of ${runs[0].rows} cube rows (${runs.length} processes; ${cpus().length} cores, load ${load.join(' ')})`,
  );
  console.log(`  cube built: median ${median(runs.map((r) => r.build)).toFixed(1)} ms`);
  console.log(`  first click (cold): median ${median(runs.map((r) => r.cold)).toFixed(1)} ms`);
  console.log(`  later clicks (warm): median ${median(runs.map((r) => r.warm)).toFixed(1)} ms`);
}
