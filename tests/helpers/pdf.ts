// Small PDFs written byte by byte for the deck suites: pages of text, and one encrypted (a password to open it).
import type { FastifyInstance } from 'fastify';

/** A PDF file from its objects (numbered from 1 in order), with a correct cross-reference table. */
function pdfOf(objects: string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF of `pages` pages, each saying its number. */
export function pdfWithPages(pages: number): Buffer {
  const font = 3 + pages * 2;
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let page = 1; page <= pages; page++) {
    const text = `BT /F1 24 Tf 72 700 Td (Page ${page}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${4 + (page - 1) * 2} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    );
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  return pdfOf(objects);
}

/**
 * A one-page PDF under the standard security handler (RC4, revision 2) whose user password is not empty: a reader
 * must ask for it (pdf.js raises PasswordException).
 */
export function encryptedPdf(): Buffer {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O ${hex32('4a')} /U ${hex32('7c')} >>`,
  ];
  return pdfOf(objects, `/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] `);
}

/** Starts as a PDF and breaks off: no page tree, no cross-reference. */
export function corruptPdf(): Buffer {
  return Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pa', 'latin1');
}

/** Posts bytes as a PDF upload (`Content-Type: application/pdf` unless told otherwise) to a deck call under /api/v1. */
export function uploadPdf(app: FastifyInstance, headers: Record<string, string>, url: string, bytes: Buffer | string, contentType = 'application/pdf') {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...headers, 'content-type': contentType }, payload: bytes });
}
