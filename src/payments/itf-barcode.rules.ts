/**
 * Interleaved 2 of 5 (ITF), the symbology FEBRABAN prescribes for the boleto's 44 digits,
 * drawn as SVG bars. Pure. Each digit is five elements, two of them wide; digit pairs are
 * interleaved (first digit in the bars, second in the spaces); start "nnnn", stop "wnn".
 */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/** Widths of alternating bar/space elements, starting with a bar, in narrow units (wide = 3). */
export function itfWidths(digits: string): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) throw new RangeError('ITF encodes an even number of digits');
  const w = (c: string) => (c === 'w' ? 3 : 1);
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])];
    const spaces = PATTERNS[Number(digits[i + 1])];
    for (let k = 0; k < 5; k++) widths.push(w(bars[k]), w(spaces[k]));
  }
  widths.push(3, 1, 1);
  return widths;
}

export function itfSvg(digits: string, height = 50, unit = 1): string {
  const widths = itfWidths(digits);
  let x = 0;
  const rects: string[] = [];
  widths.forEach((width, i) => {
    if (i % 2 === 0) rects.push(`<rect x="${x * unit}" y="0" width="${width * unit}" height="${height}"/>`);
    x += width;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${x * unit}" height="${height}" viewBox="0 0 ${x * unit} ${height}" role="img" aria-label="${digits}">${rects.join('')}</svg>`;
}
