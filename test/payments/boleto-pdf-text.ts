import { execFile } from 'node:child_process';

/**
 * A PDF read back by a parser of its own (pdf-parse, over pdf.js): its page count and text, or
 * the parser's error for a broken file. In a node process of its own: pdf.js loads its worker by
 * a dynamic import, which jest's module sandbox does not run.
 */
const PARSE = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const r = await parser.getText();
  await parser.destroy();
  process.stdout.write(JSON.stringify({ pages: r.total, text: r.text }));
});`;

export async function readPdf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const out = await new Promise<string>((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', PARSE], { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`pdf-parse: ${stderr || err.message}`)) : resolve(stdout)));
    child.stdin!.end(pdf);
  });
  return JSON.parse(out) as { pages: number; text: string };
}
