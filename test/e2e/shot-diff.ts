/**
 * Compares two folders of screenshots (test/e2e/shoot.ts --samples, before and after a change)
 * pixel by pixel in Chromium's canvas: `npx tsx test/e2e/shot-diff.ts <before> <after> [diffDir]`.
 * Prints one line a file (size, pixels that differ, the box they lie in) and writes, for each that
 * differs, an image with the differing pixels in red over a faded copy of the "after" shot, and
 * `<name>.pair.png`: 400 px from where they first differ, before above after.
 */
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.ts';

const [before, after, diffDir = join(after ?? '.', '..', 'diff')] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: tsx test/e2e/shot-diff.ts <beforeDir> <afterDir> [diffDir]');
mkdirSync(diffDir, { recursive: true });

const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
// tsx names functions with a helper the page lacks.
await page.evaluate('window.__name = (f) => f');
const dataUrl = (file: string) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;

interface Result {
  sizes: string;
  differing: number;
  box: string;
  diff: string | null;
  pair: string | null;
}

let same = 0;
for (const name of readdirSync(before)
  .filter((f) => f.endsWith('.png'))
  .sort()) {
  const other = join(after, name);
  if (!existsSync(other)) {
    console.log(`${name}: missing after`);
    continue;
  }
  const r: Result = await page.evaluate(
    async ([a, b]) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.onerror = reject;
          img.src = src;
        });
      const [x, y] = await Promise.all([load(a), load(b)]);
      const w = Math.max(x.width, y.width);
      const h = Math.max(x.height, y.height);
      const pixels = (img: HTMLImageElement) => {
        const c = new OffscreenCanvas(w, h);
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, w, h).data;
      };
      const p = pixels(x);
      const q = pixels(y);
      const out = new OffscreenCanvas(w, h);
      const g = out.getContext('2d')!;
      g.globalAlpha = 0.25;
      g.drawImage(y, 0, 0);
      const shown = g.getImageData(0, 0, w, h);
      let differing = 0;
      let [x0, y0, x1, y1] = [w, h, -1, -1];
      for (let i = 0; i < p.length; i += 4) {
        // A channel off by a few levels is antialiasing noise, not a change.
        if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) + Math.abs(p[i + 3] - q[i + 3]) <= 24)
          continue;
        differing++;
        const px = (i / 4) % w;
        const py = Math.floor(i / 4 / w);
        [x0, y0, x1, y1] = [Math.min(x0, px), Math.min(y0, py), Math.max(x1, px), Math.max(y1, py)];
        shown.data.set([255, 0, 0, 255], i);
      }
      g.putImageData(shown, 0, 0);
      const toUrl = (c: OffscreenCanvas) =>
        c.convertToBlob().then(
          (blob) =>
            new Promise<string>((resolve) => {
              const reader = new FileReader();
              reader.onload = () => resolve(String(reader.result));
              reader.readAsDataURL(blob);
            }),
        );
      // Where they first differ, before above after: 400 px of each, the full width.
      const top = Math.max(0, y0 - 60);
      const crop = new OffscreenCanvas(w, 808);
      const c = crop.getContext('2d')!;
      c.fillStyle = '#f0f';
      c.fillRect(0, 0, w, 808);
      c.drawImage(x, 0, top, w, 400, 0, 0, w, 400);
      c.drawImage(y, 0, top, w, 400, 0, 408, w, 400);
      const diff = differing ? await toUrl(out) : null;
      const pair = differing ? await toUrl(crop) : null;
      return {
        sizes: `${x.width}×${x.height} → ${y.width}×${y.height}`,
        differing,
        box: differing ? `x ${x0}–${x1}, y ${y0}–${y1}` : '',
        diff,
        pair,
      };
    },
    [dataUrl(join(before, name)), dataUrl(other)] as const,
  );
  if (!r.differing) {
    same++;
    continue;
  }
  writeFileSync(join(diffDir, name), Buffer.from(r.diff!.split(',')[1], 'base64'));
  writeFileSync(join(diffDir, name.replace(/\.png$/, '.pair.png')), Buffer.from(r.pair!.split(',')[1], 'base64'));
  console.log(`${name}: ${r.sizes}, ${r.differing} pixels differ (${r.box})`);
}
console.log(`${same} identical`);
await browser.close();
