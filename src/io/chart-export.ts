/**
 * Saves a chart as SVG or PNG. The SVG is serialised with its computed colours inlined, so it
 * looks the same outside the page; the PNG is that SVG drawn on a canvas at twice the size.
 */
import { download } from './download';

const PAINT = ['fill', 'stroke', 'color', 'font-family', 'font-size', 'font-weight', 'opacity', 'stroke-width', 'text-anchor'];

export function svgText(svg: SVGSVGElement): string {
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
  copy.setAttribute('width', String(Math.ceil(width)));
  copy.setAttribute('height', String(Math.ceil(height)));
  copy.style.background = getComputedStyle(document.body).backgroundColor;
  return new XMLSerializer().serializeToString(copy);
}

export function downloadSvg(svg: SVGSVGElement, name: string): void {
  download(`${name}.svg`, svgText(svg), 'image/svg+xml');
}

export async function downloadPng(svg: SVGSVGElement, name: string, scale = 2): Promise<void> {
  const { width, height } = svg.getBoundingClientRect();
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
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
