/**
 * The MT-Bench samples (static-data/mt-bench-human.parquet and mt-bench-gpt4-pair.parquet) as
 * llmfao-reference.ts reads two sources: one row per vote, its item named by the question, the
 * turn and the pair (either seat order), its verdict left / right / tie. Read with DuckDB's own
 * parquet reader, apart from the page's and the command's code.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { STATIC } from '../../fixtures/paths.ts';
import { reference, type Row } from './llmfao-reference.ts';

export const MT_BENCH_HUMAN = join(STATIC, 'mt-bench-human.parquet');
export const MT_BENCH_GPT4 = join(STATIC, 'mt-bench-gpt4-pair.parquet');

async function readMtBench(path: string): Promise<Row[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const reader = await conn.runAndReadAll(
      `SELECT question_id || '/' || turn || '/' || least(model_a, model_b) || '/' || greatest(model_a, model_b) AS id,
        model_a AS "left", model_b AS "right",
        CASE winner WHEN 'model_a' THEN 'left' WHEN 'model_b' THEN 'right' WHEN 'tie' THEN 'tie' END AS winner
      FROM read_parquet('${path.replaceAll("'", "''")}')`,
    );
    return reader.getRowObjectsJson() as unknown as Row[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The independent computation of experts against GPT-4 on the two MT-Bench samples. */
export async function mtBenchReference(): Promise<ReturnType<typeof reference>> {
  return reference(await readMtBench(MT_BENCH_HUMAN), await readMtBench(MT_BENCH_GPT4));
}
