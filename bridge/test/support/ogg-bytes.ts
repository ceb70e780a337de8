/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, starting at 0), over the page with its CRC field zero. */
const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index << 24;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes)
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

export interface PageOptions {
  serial: number;
  sequence: number;
  /** Bit 0: continues a packet; bit 1: first page of the stream; bit 2: last. */
  headerType: number;
  /** Whole packets, except that the last one is left open when `openEnd` is set. */
  packets: Buffer[];
  openEnd?: boolean;
}

/** One Ogg page as an encoder writes it, with its lacing values and CRC. */
export function page({
  serial,
  sequence,
  headerType,
  packets,
  openEnd = false,
}: PageOptions): Buffer {
  const lacing: number[] = [];
  packets.forEach((packet, index) => {
    let left = packet.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    if (!(openEnd && index === packets.length - 1)) lacing.push(left);
    else if (left > 0) throw new Error('an open packet must end on a 255-byte boundary');
  });
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head.writeUInt8(0, 4);
  head.writeUInt8(headerType, 5);
  head.writeBigUInt64LE(0n, 6);
  head.writeUInt32LE(serial, 14);
  head.writeUInt32LE(sequence, 18);
  head.writeUInt8(lacing.length, 26);
  const bytes = Buffer.concat([head, Buffer.from(lacing), ...packets]);
  bytes.writeUInt32LE(oggCrc(bytes), 22);
  return bytes;
}

/** The Vorbis identification header (its fields as a 44.1 kHz stereo encoder writes them). */
export function identificationHeader(): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('\u0001vorbis', 0, 'latin1');
  bytes.writeUInt32LE(0, 7);
  bytes.writeUInt8(2, 11);
  bytes.writeUInt32LE(44100, 12);
  bytes.writeInt32LE(0, 16);
  bytes.writeInt32LE(128000, 20);
  bytes.writeInt32LE(0, 24);
  bytes.writeUInt8(0xb8, 28);
  bytes.writeUInt8(1, 29);
  return bytes;
}

/** The Vorbis comment header: vendor, then each "KEY=value", lengths little-endian, framing bit. */
export function commentHeader(comments: string[], vendor = 'Traktor'): Buffer {
  const parts: Buffer[] = [Buffer.from('\u0003vorbis', 'latin1')];
  const text = (value: string) => {
    const bytes = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    parts.push(length, bytes);
  };
  text(vendor);
  const count = Buffer.alloc(4);
  count.writeUInt32LE(comments.length);
  parts.push(count);
  for (const comment of comments) text(comment);
  parts.push(Buffer.from([1]));
  return Buffer.concat(parts);
}

/** A track's stream start as a broadcaster sends it: headers on their own pages, then audio. */
export function trackStart(serial: number, comments: string[], audioBytes = 4000): Buffer[] {
  const audio = Buffer.alloc(audioBytes, 0x5a);
  return [
    page({ serial, sequence: 0, headerType: 0x02, packets: [identificationHeader()] }),
    page({
      serial,
      sequence: 1,
      headerType: 0,
      packets: [commentHeader(comments), Buffer.alloc(300, 0x05)],
    }),
    page({ serial, sequence: 2, headerType: 0, packets: [audio] }),
  ];
}
