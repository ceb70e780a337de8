/**
 * Splits text that arrives in pieces into whole lines: a line is handed on
 * only once its end has been written, whatever the piece boundaries (bytes
 * of one character, or one line, may arrive in two reads).
 */
export function createLineSplitter(onLine: (line: string) => void) {
  let decoder = new TextDecoder('utf-8');
  let partial = '';
  return {
    push(bytes: Uint8Array, restarted: boolean): void {
      if (restarted) {
        decoder = new TextDecoder('utf-8');
        partial = '';
      }
      const text = partial + decoder.decode(bytes, { stream: true });
      const lines = text.split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line.replace(/^\uFEFF/, ''));
    },
  };
}

/** "Artist - Title" (the file name form most DJ software and feeders use); null when it is not. */
export function artistAndTitle(text: string): { artist: string; title: string } | null {
  const match = /^\s*(.+?)\s+[-–—]\s+(.+?)\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { artist: match[1], title: match[2] };
}
