import { SERATO_FIELD } from '../../src/readers/serato.ts';

/** A chunk as Serato writes it: a 4-letter tag, a big-endian u32 length, the payload. */
export function chunk(tag: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(tag, 0, 'latin1');
  head.writeUInt32BE(payload.length, 4);
  return Buffer.concat([head, payload]);
}

/** Text as Serato stores it: UTF-16 big-endian with a closing NUL. */
function text(value: string): Buffer {
  return Buffer.from(`${value}\u0000`, 'utf16le').swap16();
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function field(id: number, value: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(id, 0);
  head.writeUInt32BE(value.length, 4);
  return Buffer.concat([head, value]);
}

export interface EntryFields {
  row: number;
  artist: string;
  title: string;
  deck: number;
  start: Date;
  end?: Date;
  played: boolean;
}

/** The `vrsn` chunk a session file begins with. */
export const versionChunk = chunk('vrsn', text('1.0/Serato Scratch LIVE Review'));

/** One history entry: an `oent` chunk around an `adat` chunk, with fields the reader skips too. */
export function entry(fields: EntryFields): Buffer {
  const seconds = (date: Date) => u32(Math.floor(date.getTime() / 1000));
  const parts = [
    field(SERATO_FIELD.row, u32(fields.row)),
    field(2, text(`/Music/${fields.artist} - ${fields.title}.mp3`)),
    field(SERATO_FIELD.title, text(fields.title)),
    field(SERATO_FIELD.artist, text(fields.artist)),
    field(15, u32(124)),
    field(SERATO_FIELD.startTime, seconds(fields.start)),
    ...(fields.end ? [field(SERATO_FIELD.endTime, seconds(fields.end))] : []),
    field(SERATO_FIELD.deck, u32(fields.deck)),
    field(SERATO_FIELD.played, Buffer.from([fields.played ? 1 : 0])),
    field(63, text('Serato DJ Pro')),
  ];
  return chunk('oent', chunk('adat', Buffer.concat(parts)));
}
