/**
 * Reads the Vorbis comment packets out of an Ogg stream as it arrives
 * (RFC 3533 pages, Vorbis I comment header): a broadcaster starts a new
 * logical stream, with new headers, for each track, so each comment packet
 * names the track now on air. Audio packets are skipped without being kept.
 *
 * A page: "OggS", version, header type (bit 0: continues a packet), granule
 * position (8), serial (4), sequence (4), CRC (4), segment count, the
 * segment table, then the segments; a packet ends at a segment shorter than
 * 255 bytes.
 */

/** Header packets come first in a logical stream; later packets are audio. */
const HEADER_PACKETS = 3;
/** A comment packet longer than this is not a title: dropped. */
const MAX_COMMENT_BYTES = 64 * 1024;
const CAPTURE = Buffer.from('OggS', 'latin1');
const COMMENT_HEADER = Buffer.from('\u0003vorbis', 'latin1');

interface LogicalStream {
  packets: number;
  partial: Buffer[] | null;
  partialBytes: number;
}

/** The comments of one Vorbis comment packet, keys upper-cased; null when it is not one. */
export function readVorbisComments(packet: Buffer): Map<string, string> | null {
  if (packet.length < 7 || !packet.subarray(0, 7).equals(COMMENT_HEADER)) return null;
  const comments = new Map<string, string>();
  let at = 7;
  const u32 = () => {
    if (at + 4 > packet.length) throw new RangeError('short comment packet');
    const value = packet.readUInt32LE(at);
    at += 4;
    return value;
  };
  try {
    const vendorLength = u32();
    at += vendorLength;
    const count = u32();
    for (let index = 0; index < count; index += 1) {
      const length = u32();
      if (at + length > packet.length) return comments;
      const text = packet.toString('utf8', at, at + length);
      at += length;
      const equals = text.indexOf('=');
      if (equals > 0) comments.set(text.slice(0, equals).toUpperCase(), text.slice(equals + 1));
    }
  } catch {
    // A cut packet keeps the comments read before the cut.
  }
  return comments;
}

export function createOggCommentReader(onComments: (comments: Map<string, string>) => void) {
  let buffered: Buffer = Buffer.alloc(0);
  const streams = new Map<number, LogicalStream>();

  function packetEnded(stream: LogicalStream, last: Buffer): void {
    const parts = stream.partial ?? [];
    stream.partial = null;
    stream.partialBytes = 0;
    stream.packets += 1;
    const packet = Buffer.concat([...parts, last]);
    const comments = readVorbisComments(packet);
    if (comments) onComments(comments);
  }

  function readPage(page: Buffer, segments: Buffer): void {
    const headerType = page.readUInt8(5);
    const serial = page.readUInt32LE(14);
    if (headerType & 0x02) streams.set(serial, { packets: 0, partial: null, partialBytes: 0 });
    const stream = streams.get(serial);
    if (!stream) return;
    const table = page.subarray(27, 27 + page.readUInt8(26));
    let at = 0;
    let start = 0;
    for (const size of table) {
      at += size;
      if (size === 255) continue;
      if (stream.packets < HEADER_PACKETS) packetEnded(stream, segments.subarray(start, at));
      else stream.packets += 1;
      start = at;
    }
    if (start < at && stream.packets < HEADER_PACKETS) {
      // The page ends inside a packet: kept (headers only) until a later page ends it.
      stream.partial ??= [];
      stream.partialBytes += at - start;
      if (stream.partialBytes > MAX_COMMENT_BYTES) stream.packets = HEADER_PACKETS;
      else stream.partial.push(Buffer.from(segments.subarray(start, at)));
    }
    if (headerType & 0x04) streams.delete(serial);
  }

  return {
    push(bytes: Buffer): void {
      buffered = buffered.length === 0 ? bytes : Buffer.concat([buffered, bytes]);
      for (;;) {
        const capture = buffered.indexOf(CAPTURE);
        if (capture === -1) {
          // Keep the last bytes in case a capture pattern is cut in two.
          buffered = buffered.subarray(Math.max(0, buffered.length - 3));
          return;
        }
        buffered = buffered.subarray(capture);
        if (buffered.length < 27) return;
        const segmentCount = buffered.readUInt8(26);
        if (buffered.length < 27 + segmentCount) return;
        let bodyLength = 0;
        for (const size of buffered.subarray(27, 27 + segmentCount)) bodyLength += size;
        const pageLength = 27 + segmentCount + bodyLength;
        if (buffered.length < pageLength) return;
        const page = buffered.subarray(0, pageLength);
        readPage(page, page.subarray(27 + segmentCount));
        buffered = buffered.subarray(pageLength);
      }
    },
  };
}
