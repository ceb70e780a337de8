import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What pairing gave, kept on the laptop so the next night starts without a
 * new code: the server, the token and the event. The file is the user's
 * alone (mode 600), as an SSH key or a CLI's login token is; revoking the
 * key in the booth is what ends it.
 */
const pairingSchema = z.object({
  server: z.string(),
  token: z.string(),
  event: z.object({ id: z.number(), name: z.string(), code: z.string() }),
});
export type SavedPairing = z.infer<typeof pairingSchema>;

export function pairingFile(home: string): string {
  return path.join(home, 'pairing.json');
}

export async function readPairing(home: string): Promise<SavedPairing | null> {
  try {
    return pairingSchema.parse(JSON.parse(await readFile(pairingFile(home), 'utf8')));
  } catch {
    return null;
  }
}

export async function savePairing(home: string, pairing: SavedPairing): Promise<void> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const file = pairingFile(home);
  const temporary = `${file}.tmp`;
  await writeFile(temporary, `${JSON.stringify(pairing, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
