// A zip writer for the upload tests: the local headers, the central directory and its end record, byte by byte, so a
// test can build a valid archive, a bare one or a hostile one (a decompression bomb) without a zip library.

export interface ZipEntry {
  name: string;
  /** The bytes as stored: the text itself, or its raw deflate stream. */
  stored: Buffer;
  /** The size once unpacked. */
  size: number;
  /** The CRC-32 of the unpacked bytes; 0 where only the structure matters. */
  crc: number;
  /** 0: stored; 8: deflated. */
  method: 0 | 8;
}

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    // The central directory's record repeats the local header's fields after its own "made by" version.
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.stored);
    centrals.push(central, name);
    offset += 30 + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
