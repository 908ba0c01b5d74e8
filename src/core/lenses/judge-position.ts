/**
 * Position bias of the judges (and their majority): how often each picks the response shown first,
 * by presentation order, and whether its verdict follows the response or the seat when the same two
 * responses are judged in both orders (swap pairs).
 */
import type { Row } from '../sql/connector.ts';
import type { SqlCondition, SqlQuery } from '../sql/statement.ts';
import { itemsSql, type JudgeSpec } from './judges.ts';

/**
 * Swapped-order consistency: items sharing a swap key come in pairs (the same two responses in both
 * seat orders). For the majority (who = -1) and each judge (who = i): pairs, pairs decisive in both
 * orders, both A (seat A won both times: position bias), both B, consistent (the same response won).
 */
export function swapSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  if (!spec.swap) throw new Error('swapSql: no swap column');
  const voters = [
    `SELECT -1 AS who, swap, row_id, maj AS v FROM items`,
    ...spec.judges.map((_, i) => `SELECT ${i} AS who, swap, row_id, v${i} AS v FROM items`),
  ];
  const pairs = `SELECT who, list(v ORDER BY row_id) AS vs FROM (${voters.join(' UNION ALL ')}) WHERE swap IS NOT NULL AND v IS NOT NULL GROUP BY who, swap HAVING count(*) = 2`;
  const decisive = `vs[1] IN ('A', 'B') AND vs[2] IN ('A', 'B')`;
  return {
    sql:
      `WITH items AS (${itemsSql(spec, where)}) SELECT who, count(*) AS pairs, count(*) FILTER (WHERE ${decisive}) AS decisive, ` +
      `count(*) FILTER (WHERE vs[1] = 'A' AND vs[2] = 'A') AS both_a, count(*) FILTER (WHERE vs[1] = 'B' AND vs[2] = 'B') AS both_b, ` +
      `count(*) FILTER (WHERE ${decisive} AND vs[1] <> vs[2]) AS consistent FROM (${pairs}) GROUP BY who ORDER BY who`,
    params: where.params,
  };
}

export interface SwapSummary {
  who: string;
  pairs: number;
  decisive: number;
  bothA: number;
  bothB: number;
  consistent: number;
  /** Decisive pairs where seat A won in both orders. */
  positionBiasRate: number | null;
  /** Decisive pairs whose winner changed with the order. */
  inconsistencyRate: number | null;
}

export function readSwap(spec: JudgeSpec, rows: readonly Row[]): SwapSummary[] {
  return rows.map((r) => {
    const who = Number(r.who);
    const decisive = Number(r.decisive);
    const bothA = Number(r.both_a);
    const bothB = Number(r.both_b);
    return {
      who: who < 0 ? 'majority' : spec.judges[who].label,
      pairs: Number(r.pairs),
      decisive,
      bothA,
      bothB,
      consistent: Number(r.consistent),
      positionBiasRate: decisive ? bothA / decisive : null,
      inconsistencyRate: decisive ? (bothA + bothB) / decisive : null,
    };
  });
}

/**
 * Position bias with the order the responses were shown in: per judge (who = -1 is the majority)
 * and order value, the decisive verdicts for the first-shown response (A) and the second (B).
 */
export function positionSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  if (!spec.order) throw new Error('positionSql: no response order column');
  const voters = [
    `SELECT -1 AS who, shown_order, maj AS v FROM items`,
    ...spec.judges.map((_, i) => `SELECT ${i} AS who, shown_order, v${i} AS v FROM items`),
  ];
  return {
    sql:
      `WITH items AS (${itemsSql(spec, where)}) SELECT who, shown_order, count(*) FILTER (WHERE v = 'A') AS first, ` +
      `count(*) FILTER (WHERE v = 'B') AS second FROM (${voters.join(' UNION ALL ')}) GROUP BY ALL ORDER BY who, shown_order NULLS LAST`,
    params: where.params,
  };
}

export interface PositionRow {
  who: string;
  order: string;
  /** Decisive verdicts for the response shown first, and second. */
  first: number;
  second: number;
  /** first / (first + second); 0.5 = no position bias. */
  firstShare: number | null;
}

export function readPosition(spec: JudgeSpec, rows: readonly Row[]): PositionRow[] {
  return rows.map((r) => {
    const who = Number(r.who);
    const first = Number(r.first);
    const second = Number(r.second);
    return {
      who: who < 0 ? 'majority' : spec.judges[who].label,
      order: r.shown_order === null ? '(none)' : String(r.shown_order),
      first,
      second,
      firstShare: first + second ? first / (first + second) : null,
    };
  });
}
