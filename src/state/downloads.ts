/**
 * What views hand to the browser as a file: tables as CSV/JSON text, charts as SVG/PNG. Views ask
 * here; the saving itself is io's (download.ts, chart-export.ts).
 */
export { download, safeFileName } from '../io/download.ts';
export { downloadPng, downloadSvg } from '../io/chart-export.ts';
