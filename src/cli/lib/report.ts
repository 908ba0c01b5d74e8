/** What a command says on stderr about its input: the shape found, rejected rows, malformed lines, fit warnings. */
import type { Detection } from '../../core/schema/detect.ts';
import type { StatsWarning } from '../../core/stats/stats-warning.ts';
import type { LoadedFile } from '../read-file.ts';
import type { Summary } from './open-file.ts';

const SHOWN = 5;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function describeInput(file: LoadedFile, detection: Detection, summary: Summary, mapped = false): string {
  return (
    `${file.name}: ${file.format}, ${plural(file.rows, 'row')}, ${summary.votes} votes, ${plural(summary.models, 'model')}; ` +
    (mapped
      ? 'columns mapped by --map'
      : `recognised as ${detection.preset.label} (${detection.preset.id}, confidence ${detection.confidence})`)
  );
}

/** Warning lines (without the "warning: " prefix), repeated messages said once. */
export function inputWarnings(file: LoadedFile, summary: Summary, stats: readonly StatsWarning[] = []): string[] {
  const out: string[] = [];
  if (file.malformedCount > 0) {
    const first = file.malformed.slice(0, SHOWN).map((m) => `line ${m.line} (${m.reason})`);
    const more = file.malformedCount > first.length ? `, and ${file.malformedCount - first.length} more` : '';
    out.push(`${plural(file.malformedCount, 'malformed line')} skipped in ${file.name}: ${first.join(', ')}${more}`);
  }
  if (summary.rejectedRows > 0) {
    const first = summary.rejected.slice(0, SHOWN).map((r) => `${r.rows} ${r.reason}`);
    const more = summary.rejected.length > SHOWN ? `, and ${summary.rejected.length - SHOWN} more reasons` : '';
    out.push(`${plural(summary.rejectedRows, 'row')} rejected: ${first.join(', ')}${more}`);
  }
  for (const w of stats) out.push(w.message);
  return [...new Set(out)];
}
