import { describe, expect, it } from 'vitest';
import { aggregateSql, sqlIdent, sqlLiteral } from '../../../src/core/sql/aggregate-sql.ts';
import type { ColumnMapping } from '../../../src/core/schema/mapping.ts';

const arena: ColumnMapping = {
  modelA: { kind: 'column', column: 'model_a' },
  modelB: { kind: 'column', column: 'model_b' },
  winner: {
    kind: 'column',
    column: 'winner',
    labels: { model_a: 'a', model_b: 'b', tie: 'tie', 'tie (bothbad)': 'both_bad' },
    namesModel: false,
  },
  weight: 'count',
};

describe('aggregateSql', () => {
  it('builds the duckdb aggregation with the label map, weight checks and --by columns', () => {
    expect(aggregateSql({ table: 'votes', mapping: arena, by: ['language'], dialect: 'duckdb' })).toMatchInlineSnapshot(`
      "SELECT model_a AS "model_a", model_b AS "model_b", outcome AS "winner", SUM(n) AS "count", "by_0" AS "language"
      FROM (
        SELECT *, CASE WHEN winner IN ('model_a') THEN 'model_a' WHEN winner IN ('model_b') THEN 'model_b' WHEN winner IN ('tie') THEN 'tie' WHEN winner IN ('tie (bothbad)') THEN 'tie (bothbad)' END AS outcome
        FROM (SELECT NULLIF(CAST("model_a" AS VARCHAR), '') AS model_a, NULLIF(CAST("model_b" AS VARCHAR), '') AS model_b, CAST("winner" AS VARCHAR) AS winner, TRY_CAST("count" AS DOUBLE) AS n, FALSE AS tie_flag, "language" AS "by_0" FROM "votes") AS src
      ) AS coded
      WHERE model_a IS NOT NULL AND model_b IS NOT NULL AND model_a <> model_b AND outcome IS NOT NULL AND n > 0 AND n <= 1.7976931348623157e308
      GROUP BY 1, 2, 3, 5
      ORDER BY 1, 2, 3, 5"
    `);
  });

  it('writes BigQuery types and SAFE_CAST, with a tie flag and winners that name a model', () => {
    const mapping: ColumnMapping = {
      modelA: { kind: 'column', column: 'model_a_name' },
      modelB: { kind: 'column', column: 'model_b_name' },
      winner: { kind: 'column', column: 'chosen', labels: {}, namesModel: true },
      tieFlag: 'both_equal',
    };
    expect(aggregateSql({ table: 'proj.ds.votes', mapping, dialect: 'bigquery' })).toMatchInlineSnapshot(`
      "SELECT model_a AS \`model_a\`, model_b AS \`model_b\`, outcome AS \`winner\`, SUM(n) AS \`count\`
      FROM (
        SELECT *, CASE WHEN tie_flag THEN 'tie' WHEN winner = model_a THEN 'model_a' WHEN winner = model_b THEN 'model_b' END AS outcome
        FROM (SELECT NULLIF(CAST(\`model_a_name\` AS STRING), '') AS model_a, NULLIF(CAST(\`model_b_name\` AS STRING), '') AS model_b, CAST(\`chosen\` AS STRING) AS winner, CAST(1 AS FLOAT64) AS n, COALESCE(SAFE_CAST(\`both_equal\` AS BOOL), FALSE) AS tie_flag FROM \`proj\`.\`ds\`.\`votes\`) AS src
      ) AS coded
      WHERE model_a IS NOT NULL AND model_b IS NOT NULL AND model_a <> model_b AND outcome IS NOT NULL AND n > 0 AND n <= 1.7976931348623157e308
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3"
    `);
  });

  it('writes constant sides and a constant outcome as literals (French-Maxx)', () => {
    const mapping: ColumnMapping = {
      modelA: { kind: 'constant', name: 'optimal' },
      modelB: { kind: 'constant', name: "it's rejected" },
      winner: { kind: 'constant', outcome: 'a' },
    };
    const sql = aggregateSql({ table: 't', mapping, dialect: 'trino' });
    expect(sql).toContain(
      `CAST('optimal' AS VARCHAR) AS model_a, CAST('it''s rejected' AS VARCHAR) AS model_b, CAST(NULL AS VARCHAR) AS winner`,
    );
    expect(sql).toContain(`SELECT *, 'model_a' AS outcome`);
  });

  it('quotes identifiers per dialect: backticks for Spark and BigQuery, double quotes for Trino and DuckDB', () => {
    expect(sqlIdent('spark', 'we`ird')).toBe('`we``ird`');
    expect(sqlIdent('bigquery', 'we`ird\\')).toBe('`we\\`ird\\\\`');
    expect(sqlIdent('trino', 'we"ird')).toBe('"we""ird"');
    expect(sqlIdent('duckdb', 'we"ird')).toBe('"we""ird"');
    expect(() => sqlIdent('spark', '')).toThrow(/non-empty/);
  });

  it('escapes string literals per dialect: backslashes for Spark and BigQuery, doubled quotes for Trino and DuckDB', () => {
    expect(sqlLiteral('spark', "it's \\ \n")).toBe("'it\\'s \\\\ \\n'");
    expect(sqlLiteral('bigquery', "it's")).toBe("'it\\'s'");
    expect(sqlLiteral('trino', "it's \\")).toBe("'it''s \\'");
    expect(sqlLiteral('duckdb', "it's")).toBe("'it''s'");
  });

  it('keeps a --by column whose name is an internal alias apart from it', () => {
    const sql = aggregateSql({ table: 't', mapping: arena, by: ['a', 'n', 'by_1'], dialect: 'duckdb' });
    expect(sql).toContain(`"a" AS "by_0", "n" AS "by_1", "by_1" AS "by_2"`);
    expect(sql).toContain(`"by_0" AS "a", "by_1" AS "n", "by_2" AS "by_1"`);
  });
});
