import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bool, Int32, Int64, Table, tableToIPC, vectorFromArray, Utf8 } from 'apache-arrow';
import { Compression, Table as WasmTable, WriterPropertiesBuilder, WriterVersion, writeParquet } from 'parquet-wasm/node';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { footerLength, readFooter, TAIL_BYTES } from '../../../src/core/parquet/footer.ts';
import { hybrid, readDictionaryChunk, type ChunkValues, type DictionaryChunk } from '../../../src/core/parquet/dictionary-chunk.ts';
import { uncompressPage } from '../../../src/core/parquet/uncompress.ts';
import { snappyUncompress } from '../../../src/core/parquet/snappy.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

const MODELS = ['gpt-4-0314', 'gpt-4-0613', 'claude-3-opus-20240229', 'llama-2-70b-chat', '', 'modèle-été', '模型-7b', 'tie (bothbad)'];

/** Rows with a column of model names (nulls among them), one of long runs (RLE), and one of all-distinct ids. */
function rows(n: number) {
  const rng = seededRandom(7);
  const random = () => rng.next();
  const model = Array.from({ length: n }, () => (random() < 0.05 ? null : MODELS[Math.floor(random() * MODELS.length)]));
  const sorted = Array.from({ length: n }, (_, r) => `run-${Math.floor((r * 13) / n)}`);
  const id = Array.from({ length: n }, (_, r) => `id-${r}-${Math.floor(random() * 1e9)}`);
  return { model, sorted, id };
}

type Value = DictionaryChunk['dictionary'][number] | null;

/** Every column chunk of `column` decoded from the file's bytes, rows in file order; null where a chunk is not a dictionary. */
function decodeColumn(bytes: Uint8Array, column: string, values: ChunkValues = 'text'): Value[] | null {
  const footer = readFooter(
    bytes.subarray(bytes.length - TAIL_BYTES - footerLength(bytes.subarray(bytes.length - TAIL_BYTES)), bytes.length - TAIL_BYTES),
  );
  const out: Value[] = [];
  for (const group of footer.rowGroups) {
    const chunk = group.chunks.get(column)!;
    const read = readDictionaryChunk(
      footer.columns.get(column)!,
      chunk,
      bytes.subarray(chunk.start, chunk.start + chunk.length),
      uncompressPage,
      values,
    );
    if (!read) return null;
    expect(read.indices.length).toBe(group.rows);
    for (const index of read.indices) out.push(index < 0 ? null : read.dictionary[index]);
  }
  expect(out.length).toBe(footer.rows);
  return out;
}

describe('dictionary-encoded text chunks read without a parquet library', () => {
  let db: NodeConnector;
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-parquet-'));
  const data = rows(5000);
  beforeAll(async () => {
    db = await createNodeConnector();
    const json = join(dir, 'rows.json');
    writeFileSync(json, data.model.map((model, r) => JSON.stringify({ r, model, sorted: data.sorted[r], id: data.id[r] })).join('\n'));
    await db.query(
      `CREATE TABLE t AS SELECT model, sorted, id FROM read_json(?, columns = {r: 'INTEGER', model: 'VARCHAR', sorted: 'VARCHAR', id: 'VARCHAR'}) ORDER BY r`,
      [json],
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const codec of ['uncompressed', 'snappy', 'zstd']) {
    for (const version of ['V1', 'V2']) {
      it(`reads DuckDB's ${codec} ${version} pages, nulls and runs included, as DuckDB reads them`, async () => {
        const path = join(dir, `${codec}-${version}.parquet`);
        await db.query(`COPY t TO '${path}' (FORMAT parquet, COMPRESSION ${codec}, PARQUET_VERSION ${version}, ROW_GROUP_SIZE 2048)`);
        const bytes = new Uint8Array(readFileSync(path));
        const read = await db.query(`SELECT model, sorted FROM read_parquet('${path}', file_row_number = true) ORDER BY file_row_number`);
        expect(decodeColumn(bytes, 'model')).toEqual(read.map((r) => r.model));
        expect(decodeColumn(bytes, 'sorted')).toEqual(read.map((r) => r.sorted));
        expect(read.map((r) => r.model)).toEqual(data.model);
        // All-distinct values are stored plainly: not this reader's (null), so the general reader takes them.
        const ids = decodeColumn(bytes, 'id');
        if (ids !== null) expect(ids).toEqual(data.id);
      });
    }
  }

  it('leaves a codec it does not read to the general reader (null, not an error)', async () => {
    const path = join(dir, 'gzip.parquet');
    await db.query(`COPY t TO '${path}' (FORMAT parquet, COMPRESSION gzip)`);
    expect(decodeColumn(new Uint8Array(readFileSync(path)), 'model')).toBeNull();
  });

  for (const version of [WriterVersion.V1, WriterVersion.V2]) {
    it(`reads arrow-rs's pages (writer ${WriterVersion[version]}, many small pages), and gives up on a dictionary abandoned half-way`, () => {
      const table = new Table({ model: vectorFromArray(data.model, new Utf8()), id: vectorFromArray(data.id, new Utf8()) });
      const props = new WriterPropertiesBuilder()
        .setCompression(Compression.SNAPPY)
        .setWriterVersion(version)
        .setDataPageSizeLimit(512)
        .setDictionaryPageSizeLimit(4096)
        .setMaxRowGroupSize(3000)
        .build();
      const bytes = writeParquet(WasmTable.fromIPCStream(tableToIPC(table, 'stream')), props);
      expect(decodeColumn(bytes, 'model')).toEqual(data.model);
      // 4 kB of dictionary holds a few hundred ids: the writer goes on in plain values, which this reader leaves alone.
      expect(decodeColumn(bytes, 'id')).toBeNull();
    });
  }
});

describe('integer and boolean chunks read without a parquet library (the filter columns)', () => {
  let db: NodeConnector;
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-parquet-'));
  const n = 5000;
  const rng = seededRandom(13);
  // A turn (small, nulls among them), a wide integer past 32 bits and below -2^31, a flag with nulls, one without.
  const turn = Array.from({ length: n }, () => (rng.next() < 0.04 ? null : 1 + Math.floor(rng.next() * 5)));
  const big = Array.from({ length: n }, (_, r) => [7, -3, 2 ** 31, -(2 ** 31) - 5, 2 ** 40 + 1][r % 5]);
  const flag = Array.from({ length: n }, () => (rng.next() < 0.05 ? null : rng.next() < 0.3));
  const anony = Array.from({ length: n }, () => rng.next() < 0.6);
  /** Arrow's value of a signed integer: a number within 32 bits, a bigint past them (the general reader's codes). */
  const arrowInt = (v: number | null) => (v === null ? null : v >= -(2 ** 31) && v < 2 ** 31 ? v : BigInt(v));
  beforeAll(async () => {
    db = await createNodeConnector();
    const json = join(dir, 'rows.json');
    writeFileSync(json, turn.map((t, r) => JSON.stringify({ r, turn: t, big: big[r], flag: flag[r], anony: anony[r] })).join('\n'));
    await db.query(
      `CREATE TABLE t AS SELECT turn, turn::INTEGER AS turn32, big, flag, anony, turn::UINTEGER AS unsigned, to_timestamp(r) AS ts
       FROM read_json(?, columns = {r: 'INTEGER', turn: 'BIGINT', big: 'BIGINT', flag: 'BOOLEAN', anony: 'BOOLEAN'}) ORDER BY r`,
      [json],
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const codec of ['uncompressed', 'snappy', 'zstd']) {
    for (const version of ['V1', 'V2']) {
      it(`reads DuckDB's ${codec} ${version} integer dictionaries and boolean bits as DuckDB reads them`, async () => {
        const path = join(dir, `${codec}-${version}.parquet`);
        await db.query(`COPY t TO '${path}' (FORMAT parquet, COMPRESSION ${codec}, PARQUET_VERSION ${version}, ROW_GROUP_SIZE 2048)`);
        const bytes = new Uint8Array(readFileSync(path));
        const read = await db.query(
          `SELECT turn, turn32, big, flag, anony FROM read_parquet('${path}', file_row_number = true) ORDER BY file_row_number`,
        );
        const all = 'text, integers and booleans';
        expect(decodeColumn(bytes, 'turn', all)).toEqual(read.map((r) => arrowInt(r.turn === null ? null : Number(r.turn))));
        expect(decodeColumn(bytes, 'turn32', all)).toEqual(read.map((r) => r.turn32));
        expect(decodeColumn(bytes, 'big', all)).toEqual(big.map(arrowInt));
        expect(decodeColumn(bytes, 'flag', all)).toEqual(read.map((r) => r.flag));
        expect(decodeColumn(bytes, 'anony', all)).toEqual(anony);
        expect(read.map((r) => r.flag)).toEqual(flag);
        // The vote columns' reading keeps to text; unsigned numbers and timestamps are Arrow's other types: never read here.
        expect(decodeColumn(bytes, 'turn')).toBeNull();
        expect(decodeColumn(bytes, 'unsigned', all)).toBeNull();
        expect(decodeColumn(bytes, 'ts', all)).toBeNull();
      });
    }
  }

  for (const version of [WriterVersion.V1, WriterVersion.V2]) {
    it(`reads arrow-rs's integer dictionaries and booleans (writer ${WriterVersion[version]}, many small pages)`, () => {
      const table = new Table({
        turn: vectorFromArray(
          turn.map((t) => (t === null ? null : BigInt(t))),
          new Int64(),
        ),
        turn32: vectorFromArray(turn, new Int32()),
        flag: vectorFromArray(flag, new Bool()),
      });
      const props = new WriterPropertiesBuilder()
        .setCompression(Compression.SNAPPY)
        .setWriterVersion(version)
        .setDataPageSizeLimit(512)
        .setMaxRowGroupSize(3000)
        .build();
      const bytes = writeParquet(WasmTable.fromIPCStream(tableToIPC(table, 'stream')), props);
      const all = 'text, integers and booleans';
      expect(decodeColumn(bytes, 'turn', all)).toEqual(turn);
      expect(decodeColumn(bytes, 'turn32', all)).toEqual(turn);
      expect(decodeColumn(bytes, 'flag', all)).toEqual(flag);
    });
  }
});

describe('snappyUncompress', () => {
  it('reads literals and copies that overlap what they write', () => {
    // 10 bytes: literal "abc", then a copy of 7 bytes from 3 back (1-byte offset form).
    const block = new Uint8Array([10, 2 << 2, 97, 98, 99, ((7 - 4) << 2) | 1, 3]);
    expect(new TextDecoder().decode(snappyUncompress(block, 10))).toBe('abcabcabca');
  });

  it('says what is wrong with a damaged block', () => {
    expect(() => snappyUncompress(new Uint8Array([10, 2 << 2, 97, 98, 99, ((7 - 4) << 2) | 1, 9]), 10)).toThrow(/outside the output/);
    expect(() => snappyUncompress(new Uint8Array([11, 2 << 2, 97, 98, 99]), 10)).toThrow(/announced/);
  });
});

/** The RLE / bit-packed hybrid as parquet writes it: runs of one value, and bit-packed groups of 8 (the last one padded). */
function encodeHybrid(runs: { repeat?: number; values?: number[] }[], width: number): Uint8Array {
  const out: number[] = [];
  const varint = (v: number) => {
    for (; v >= 0x80; v = Math.floor(v / 128)) out.push((v & 0x7f) | 0x80);
    out.push(v);
  };
  for (const run of runs) {
    if (run.repeat !== undefined) {
      varint(run.values!.length * 2);
      for (let k = 0; k < (width + 7) >> 3; k++) out.push((run.repeat >> (8 * k)) & 0xff);
    } else {
      const groups = Math.ceil(run.values!.length / 8);
      varint(groups * 2 + 1);
      const bits = new Uint8Array(groups * width);
      run.values!.forEach((v, i) => {
        for (let b = 0; b < width; b++) if ((v >> b) & 1) bits[(i * width + b) >> 3] |= 1 << ((i * width + b) & 7);
      });
      out.push(...bits);
    }
  }
  return Uint8Array.from(out);
}

describe('the RLE / bit-packed hybrid', () => {
  it('decodes runs and bit-packed groups of every width up to 24 bits, whatever the run lengths', () => {
    const rng = seededRandom(11);
    for (let width = 0; width <= 24; width++) {
      const runs: { repeat?: number; values: number[] }[] = [];
      const expected: number[] = [];
      for (let r = 0; r < 40; r++) {
        const length = 1 + Math.floor(rng.next() * 60);
        const value = () => Math.floor(rng.next() * 2 ** width);
        if (rng.next() < 0.3) {
          const v = value();
          runs.push({ repeat: v, values: Array(length).fill(v) });
        } else {
          // Bit-packed runs are whole groups of 8; only the page's last one may hold fewer values.
          runs.push({ values: Array.from({ length: r === 39 ? length : 8 * Math.ceil(length / 8) }, value) });
        }
        expected.push(...runs.at(-1)!.values);
      }
      const out = new Int32Array(expected.length);
      hybrid(encodeHybrid(runs, width), width, out);
      expect(Array.from(out), `width ${width}`).toEqual(expected);
    }
  });
});
