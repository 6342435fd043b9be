// The token a capture address carries, `log+TOKEN@CAPTURE_DOMAIN`: read by the listener's thread at RCPT and by the
// intake, with no database.

/** A capture token as the addresses carry it. */
export const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

/** The token of a `log+TOKEN@domain` address at the capture domain (any case), or null. */
export function captureToken(address: string, captureDomain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== captureDomain) return null;
  const local = address.slice(0, at);
  if (!/^log\+/i.test(local)) return null;
  const token = local.slice(4);
  return TOKEN.test(token) ? token : null;
}
