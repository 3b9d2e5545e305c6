// Reads ncu --csv output (metrics page and source page) committed under test/fixtures/memory/h100/.

/** RFC-4180-ish CSV: quoted fields, doubled quotes, commas inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/** Rows of a CSV with a header line (lines before the header, e.g. ==PROF== logs, are skipped). */
export function csvRecords(text: string, firstHeader: string): Array<Record<string, string>> {
  const rows = parseCsv(text);
  const headerIndex = rows.findIndex((row) => row[0] === firstHeader);
  if (headerIndex < 0) return [];
  const header = rows[headerIndex];
  return rows.slice(headerIndex + 1).filter((row) => row.length === header.length)
    .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

/** ncu --csv --metrics: launch ID -> metric name -> value. */
export function metricsByLaunch(text: string): Map<number, Map<string, number>> {
  const launches = new Map<number, Map<string, number>>();
  for (const record of csvRecords(text, 'ID')) {
    const id = Number(record['ID']);
    if (!launches.has(id)) launches.set(id, new Map());
    launches.get(id)!.set(record['Metric Name'], Number(record['Metric Value'].replace(/,/g, '')));
  }
  return launches;
}
