import { DuckDBInstance } from '@duckdb/node-api';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

/** The built-in sample: 1,670,250 real Chatbot Arena battles as counts (static-data, BSD-3-Clause; see its NOTICE). */
export const ARENA_COUNTS_FILE = new URL('../../../static-data/chatbot-arena-20240814-counts.parquet', import.meta.url).pathname;

const WINNER_CODE: Record<string, number> = { model_a: 0, model_b: 1, tie: 2, 'tie (bothbad)': 3 };

export async function arenaCounts(): Promise<PairCounts> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(`select model_a, model_b, winner, "count" from read_parquet('${ARENA_COUNTS_FILE}')`);
  const rows = reader.getRowObjects() as { model_a: string; model_b: string; winner: string; count: bigint }[];
  connection.closeSync();
  const models = [...new Set(rows.flatMap((r) => [r.model_a, r.model_b]))].sort();
  const index = new Map(models.map((m, k) => [m, k]));
  return {
    models,
    a: Int32Array.from(rows, (r) => index.get(r.model_a)!),
    b: Int32Array.from(rows, (r) => index.get(r.model_b)!),
    outcome: Uint8Array.from(rows, (r) => WINNER_CODE[r.winner]),
    n: Float64Array.from(rows, (r) => Number(r.count)),
  };
}
