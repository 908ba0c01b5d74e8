/**
 * Deterministic sample generator: `npm run samples [-- --out <dir>]` writes one small sample per preset,
 * expected.json and README.md into static-data/ (or <dir>). Same seed, same bytes.
 */
import { resolve } from 'node:path';
import { generateSamples } from './index.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--out');
const outDir = resolve(at >= 0 && args[at + 1] ? args[at + 1]! : 'static-data');
const t0 = Date.now();
await generateSamples(outDir, (line) => console.log(line));
console.log(`wrote ${outDir} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
