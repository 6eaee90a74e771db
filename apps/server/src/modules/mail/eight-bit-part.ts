/** SMTP's longest line in octets, without its CRLF (RFC 5322 section 2.1.1). */
const MAX_LINE_OCTETS = 998;

/**
 * A text part sent as it is written (8bit) rather than quoted-printable, whose soft line breaks
 * split a long link over several lines: a link copied from the .eml then works. A body with a
 * line too long for 8bit is left to nodemailer, which encodes it.
 */
export function eightBitPart(contentType: 'text/plain' | 'text/html', body: string) {
  const lines = body.split(/\r?\n/);
  if (lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return body;
  const headers = `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit`;
  return { raw: `${headers}\r\n\r\n${lines.join('\r\n')}` };
}
