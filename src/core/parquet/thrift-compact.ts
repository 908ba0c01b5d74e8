/**
 * Thrift's compact protocol, read only and untyped: parquet's footer and page headers are written in
 * it. A struct comes back as its fields by id, so a reader picks the fields it knows and skips the
 * rest (new fields of newer writers) without a schema.
 */
export type ThriftValue = number | boolean | Uint8Array | ThriftStruct | ThriftValue[];
export interface ThriftStruct {
  [field: number]: ThriftValue;
}

const STOP = 0,
  TRUE = 1,
  FALSE = 2,
  BYTE = 3,
  I16 = 4,
  I32 = 5,
  I64 = 6,
  DOUBLE = 7,
  BINARY = 8,
  LIST = 9,
  SET = 10,
  MAP = 11,
  STRUCT = 12;

export class ThriftReader {
  constructor(
    private readonly bytes: Uint8Array,
    /** Where the next value starts; after readStruct, where the struct ended. */
    public at = 0,
  ) {}

  readStruct(): ThriftStruct {
    const fields: ThriftStruct = {};
    let id = 0;
    for (;;) {
      const header = this.byte();
      const type = header & 0x0f;
      if (type === STOP) return fields;
      const delta = header >> 4;
      id = delta === 0 ? this.zigzag() : id + delta;
      fields[id] = type === TRUE ? true : type === FALSE ? false : this.value(type);
    }
  }

  private value(type: number): ThriftValue {
    switch (type) {
      case TRUE:
      case FALSE:
        // Inside a list a boolean is a byte of its own.
        return this.byte() === TRUE;
      case BYTE:
        return (this.byte() << 24) >> 24;
      case I16:
      case I32:
      case I64:
        return this.zigzag();
      case DOUBLE: {
        const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.at, 8);
        this.at += 8;
        return view.getFloat64(0, true);
      }
      case BINARY: {
        const length = this.varint();
        if (this.at + length > this.bytes.length) throw new RangeError('thrift: a binary field runs past the end of the bytes');
        const out = this.bytes.subarray(this.at, this.at + length);
        this.at += length;
        return out;
      }
      case LIST:
      case SET: {
        const header = this.byte();
        const size = header >> 4 === 15 ? this.varint() : header >> 4;
        const items: ThriftValue[] = [];
        for (let k = 0; k < size; k++) items.push(this.value(header & 0x0f));
        return items;
      }
      case MAP: {
        // Parquet's structures use no maps; read past one as [key, value, key, value, …].
        const size = this.varint();
        const items: ThriftValue[] = [];
        if (size > 0) {
          const types = this.byte();
          for (let k = 0; k < size; k++) items.push(this.value(types >> 4), this.value(types & 0x0f));
        }
        return items;
      }
      case STRUCT:
        return this.readStruct();
      default:
        throw new RangeError(`thrift: unknown field type ${type} at byte ${this.at}`);
    }
  }

  private byte(): number {
    if (this.at >= this.bytes.length) throw new RangeError('thrift: the bytes end inside a structure');
    return this.bytes[this.at++];
  }

  /** An unsigned LEB128 number (exact up to 2^53: offsets and counts of any real file). */
  private varint(): number {
    let value = 0,
      scale = 1;
    for (;;) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return value;
      scale *= 128;
    }
  }

  private zigzag(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }
}
