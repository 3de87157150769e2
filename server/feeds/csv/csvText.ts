/**
 * Splits CSV text into cells, keeping each row's line number for error messages. Handles what
 * spreadsheets and exchanges write: a BOM, CRLF, `,` `;` or tab as separator (guessed from the
 * header), quoted cells with `""` escapes. Blank lines and `#` comments are skipped.
 */
export interface CsvRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: CsvRow;
  rows: CsvRow[];
}

const SEPARATORS = [',', ';', '\t'] as const;

function guessSeparator(firstLine: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const sep of SEPARATORS) {
    const count = firstLine.split(sep).length - 1;
    if (count > bestCount) [best, bestCount] = [sep, count];
  }
  return best;
}

/** Cells of one physical line; a quoted cell never spans lines in OHLCV files, so none is joined. */
function splitLine(text: string, sep: string): string[] | undefined {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  if (quoted) return undefined;
  cells.push(cell.trim());
  return cells;
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export function parseCsvText(text: string): CsvTable | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let sep: string | undefined;
  let header: CsvRow | undefined;
  const rows: CsvRow[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    sep ??= guessSeparator(raw);
    const cells = splitLine(raw, sep);
    if (!cells) throw new CsvSyntaxError(line, 'a quoted cell is not closed');
    if (!header) header = { line, cells };
    else rows.push({ line, cells });
  });
  return header ? { header, rows } : undefined;
}
