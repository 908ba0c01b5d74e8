/**
 * Snappy's raw block format (no framing), as parquet stores SNAPPY pages: the uncompressed length,
 * then literals and back-references (format_description.txt of google/snappy).
 */
export function snappyUncompress(input: Uint8Array, expectedLength: number): Uint8Array {
  let at = 0;
  let length = 0,
    shift = 0;
  for (;;) {
    const b = input[at++];
    length += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) break;
    if (at >= input.length) throw new RangeError('snappy: the length never ends');
  }
  if (length !== expectedLength) throw new RangeError(`snappy: ${length} bytes announced, the page says ${expectedLength}`);
  const out = new Uint8Array(length);
  let pos = 0;
  while (at < input.length) {
    const tag = input[at++];
    const kind = tag & 3;
    if (kind === 0) {
      let size = tag >> 2;
      if (size >= 60) {
        const extra = size - 59;
        size = 0;
        for (let k = 0; k < extra; k++) size += input[at + k] * 2 ** (8 * k);
        at += extra;
      }
      size += 1;
      if (at + size > input.length || pos + size > length) throw new RangeError('snappy: a literal runs past the end');
      out.set(input.subarray(at, at + size), pos);
      at += size;
      pos += size;
      continue;
    }
    let size: number, offset: number;
    if (kind === 1) {
      size = ((tag >> 2) & 7) + 4;
      offset = ((tag >> 5) << 8) | input[at++];
    } else if (kind === 2) {
      size = (tag >> 2) + 1;
      offset = input[at] | (input[at + 1] << 8);
      at += 2;
    } else {
      size = (tag >> 2) + 1;
      offset = (input[at] | (input[at + 1] << 8) | (input[at + 2] << 16) | (input[at + 3] << 24)) >>> 0;
      at += 4;
    }
    if (offset === 0 || offset > pos || pos + size > length) throw new RangeError('snappy: a copy reaches outside the output');
    // Byte by byte: a copy may overlap the bytes it writes (a repeated run).
    for (let k = 0; k < size; k++, pos++) out[pos] = out[pos - offset];
  }
  if (pos !== length) throw new RangeError(`snappy: ${pos} of ${length} bytes decoded`);
  return out;
}
