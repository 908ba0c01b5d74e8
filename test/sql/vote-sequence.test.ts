import { describe, expect, it } from 'vitest';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { detectPreset } from '../../src/core/schema/detect.ts';
import { battlesSql } from '../../src/core/sql/battles.ts';
import { filtersSql } from '../../src/core/sql/filters.ts';
import { runStatements } from '../../src/core/sql/statement.ts';
import { describeSql, readColumns } from '../../src/core/sql/summary.ts';
import { timeColumn } from '../../src/core/sql/time-windows.ts';
import { voteSequenceSql } from '../../src/core/sql/vote-sequence.ts';
import { onlineElo } from '../../src/core/stats/elo.ts';

describe('the votes replayed by online Elo', () => {
  it('come one per vote in time order, follow the slice, and change the ratings when reordered', async () => {
    const db = await createNodeConnector();
    await db.query('CREATE TABLE raw AS SELECT * FROM read_parquet($1)', ['static-data/arena-conversations.parquet']);
    const raw = readColumns(await db.query(describeSql('raw').sql));
    const detection = detectPreset(raw, ['model_a', 'model_b', 'tie', 'tie (bothbad)']);
    if (!detection.ok) throw new Error(detection.message);
    await runStatements(db, battlesSql({ raw: 'raw', columns: raw, mapping: detection.mapping, textColumns: detection.textColumns }));
    const columns = readColumns(await db.query(describeSql('battles').sql));
    const time = timeColumn(columns);
    expect(time?.name).toBe('tstamp');

    const all = voteSequenceSql(undefined, time);
    const votes = await db.query(all.sql, all.params);
    expect(votes).toHaveLength(30000);
    // In time order: the model that arrives late (day 60) first plays after every earlier vote.
    const late = 'tessera-4-turbo-1106';
    const [{ code }] = await db.query('SELECT CAST(enum_code(CAST($1 AS model_name)) AS INTEGER) AS code', [late]);
    const [{ before }] = await db.query(
      'SELECT count(*) AS before FROM battles WHERE tstamp < (SELECT min(tstamp) FROM battles WHERE CAST(model_a AS VARCHAR) = $1 OR CAST(model_b AS VARCHAR) = $1)',
      [late],
    );
    expect(votes.findIndex((v) => v.a === code || v.b === code)).toBe(before);
    expect(before).toBeGreaterThan(10000);

    const french = filtersSql([{ kind: 'in', path: ['language'], values: ['French'] }], columns);
    const sliced = voteSequenceSql(french, time);
    expect(await db.query(sliced.sql, sliced.params)).toHaveLength(4372);

    const models = (await db.query('SELECT count(*) AS n FROM (SELECT unnest(enum_range(NULL::model_name)))'))[0].n as number;
    const a = Int32Array.from(votes, (v) => Number(v.a));
    const b = Int32Array.from(votes, (v) => Number(v.b));
    const o = Uint8Array.from(votes, (v) => Number(v.outcome));
    const forward = onlineElo(models, a, b, o);
    const backward = onlineElo(models, a.slice().reverse(), b.slice().reverse(), o.slice().reverse());
    expect(Math.max(...forward.map((x, i) => Math.abs(x - backward[i])))).toBeGreaterThan(1);
    db.close();
  });
});
