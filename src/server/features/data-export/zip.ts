import type { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming zip writer (APPNOTE 6.3): each file is deflated as it is read and its CRC and sizes follow it
 * in a data descriptor, so nothing is held in memory but the piece in flight; the central directory (one
 * small record per file) comes at the end. No zip64: an export is far below 4 GiB per file and in total.
 */
export interface ZipSource {
  name: string;
  open: () => Promise<Readable>;
  /** Called once the file is fully written. */
  done?: () => Promise<void>;
}

const DESCRIPTOR_FLAG = 0x0008;
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;

function dosTime(d: Date) {
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
  const date = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  return { time, date };
}

export async function* zipStream(sources: ZipSource[], mtime: Date): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(mtime);
  const central: Buffer[] = [];
  let offset = 0;
  for (const source of sources) {
    const name = Buffer.from(source.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(DESCRIPTOR_FLAG | UTF8_FLAG, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes are zero here and given in the data descriptor after the data.
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.concat([local, name]);
    yield header;
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw();
    const input = await source.open();
    const feeding = (async () => {
      for await (const chunk of input) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, 'utf8');
        crc = crc32(buf, crc);
        size += buf.length;
        if (!deflate.write(buf)) await new Promise((r) => deflate.once('drain', r));
      }
      deflate.end();
    })().catch((err) => {
      // A file that fails to read fails the whole zip (through the deflate stream being read below).
      deflate.destroy(err);
    });
    for await (const out of deflate) {
      compressed += (out as Buffer).length;
      yield out as Buffer;
    }
    await feeding;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // version needed
    entry.writeUInt16LE(DESCRIPTOR_FLAG | UTF8_FLAG, 8);
    entry.writeUInt16LE(DEFLATE, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + compressed + descriptor.length;
    await source.done?.();
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sources.length, 8);
  end.writeUInt16LE(sources.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
