// A one-page PDF with a few lines of text, written by hand: the bank's invoice service answers
// with a real PDF (base64), and a dependency for three objects would be overkill.

const LETTER = { width: 612, height: 792 };

/** PDF strings are Latin-1 here (WinAnsiEncoding); parentheses and backslashes are escaped. */
function pdfString(text: string): string {
  const latin1 = text.normalize("NFC").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

export function textPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    "BT",
    "/F1 18 Tf",
    `72 ${LETTER.height - 90} Td`,
    `${pdfString(title)} Tj`,
    "/F1 11 Tf",
    "0 -28 Td",
    ...lines.flatMap((line) => [`${pdfString(line)} Tj`, "0 -16 Td"]),
    "ET",
  ].join("\n");
  const contentBytes = Buffer.from(content, "latin1");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${LETTER.width} ${LETTER.height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${contentBytes.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];

  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(offset),
    "%%EOF\n",
  ].join("\n");
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}
