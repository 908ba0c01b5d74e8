/**
 * Saves a chart as SVG or PNG. The SVG is serialised with its computed colours inlined, so it
 * looks the same outside the page; the PNG is that SVG drawn on a canvas at twice the size.
 */
import { download } from './download.ts';

const PAINT = ['fill', 'stroke', 'color', 'font-family', 'font-size', 'font-weight', 'opacity', 'stroke-width', 'text-anchor'];

const FOOTER_LINE = 13;

/** Wraps text into lines of at most `chars` characters, at spaces. */
function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/**
 * The chart as standalone SVG text. `footer` (the view's provenance) is written under the chart
 * as visible text and kept whole in <metadata>, so a saved chart says how it was made.
 */
export function svgText(svg: SVGSVGElement, footer = ''): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const source = [svg, ...svg.querySelectorAll('*')];
  const target = [copy, ...copy.querySelectorAll('*')];
  source.forEach((node, i) => {
    const style = getComputedStyle(node);
    const out = target[i] as SVGElement;
    for (const p of PAINT) out.style.setProperty(p, style.getPropertyValue(p));
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const { width, height } = svg.getBoundingClientRect();
  const lines = footer ? wrap(footer, Math.max(40, Math.floor(width / 5.6))) : [];
  const total = height + (lines.length ? lines.length * FOOTER_LINE + 6 : 0);
  if (lines.length) {
    const ns = 'http://www.w3.org/2000/svg';
    const meta = document.createElementNS(ns, 'metadata');
    meta.textContent = footer;
    copy.prepend(meta);
    // Extend the drawing area downwards, whatever viewBox the chart had.
    const box = svg.viewBox.baseVal;
    if (box && box.width > 0)
      copy.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height + (total - height) * (box.height / height)}`);
    const text = document.createElementNS(ns, 'text');
    text.setAttribute('font-size', '10');
    text.setAttribute('font-family', 'sans-serif');
    text.setAttribute('fill', getComputedStyle(svg).color || '#555');
    text.setAttribute('data-provenance', '');
    lines.forEach((l, k) => {
      const span = document.createElementNS(ns, 'tspan');
      span.setAttribute('x', String(box && box.width > 0 ? box.x + 4 : 4));
      span.setAttribute('y', String((box && box.width > 0 ? box.y : 0) + height + 4 + FOOTER_LINE * (k + 1) - 3));
      span.textContent = l;
      text.append(span);
    });
    copy.append(text);
  }
  copy.setAttribute('width', String(Math.ceil(width)));
  copy.setAttribute('height', String(Math.ceil(total)));
  copy.style.background = getComputedStyle(document.body).backgroundColor;
  return new XMLSerializer().serializeToString(copy);
}

export function downloadSvg(svg: SVGSVGElement, name: string, footer = ''): void {
  download(`${name}.svg`, svgText(svg, footer), 'image/svg+xml');
}

export async function downloadPng(svg: SVGSVGElement, name: string, footer = '', scale = 2): Promise<void> {
  const { width } = svg.getBoundingClientRect();
  const text = svgText(svg, footer);
  const height = Number(/height="(\d+)"/.exec(text.slice(0, text.indexOf('>')))?.[1]) || svg.getBoundingClientRect().height;
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
    if (blob) download(`${name}.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
