import { MSG } from '@floorfill/shared';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Copies text and says so with the spec's toast; a refused clipboard says why. */
export async function copyWithToast(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(MSG.copySuccess);
  } catch {
    notifyError('Could not copy. Please select the text and copy it by hand.');
  }
}
