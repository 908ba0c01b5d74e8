import type { OpponentRecord } from '../stats/model-profile.ts';
import { provenanceCsv, type Provenance } from './provenance.ts';

const round = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));

/** A model's record against each opponent as CSV, in the order given; an unpredicted share stays empty. */
export function opponentsCsv(model: string, records: readonly OpponentRecord[], provenance: Provenance | null = null): string {
  return provenanceCsv(
    ['model', 'opponent', 'votes', 'wins', 'losses', 'ties', 'observed_share', 'predicted_share', 'surprise_z'],
    records.map((r) => [model, r.opponent, r.votes, r.wins, r.losses, r.ties, round(r.observed, 5), round(r.predicted, 5), round(r.z, 3)]),
    provenance,
  );
}
