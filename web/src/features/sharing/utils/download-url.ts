/** The QR route's attachment variant: same image, served with Content-Disposition. */
export function downloadUrlOf(qrImagePath: string): string {
  const url = new URL(qrImagePath, window.location.origin);
  url.searchParams.set('download', '1');
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}
