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
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows of a CSV with a header line (lines before the header, e.g. ==PROF== logs, are skipped). */
export function csvRecords(text: string, firstHeader: string): Array<Record<string, string>> {
  const rows = parseCsv(text);
  const headerIndex = rows.findIndex((row) => row[0] === firstHeader);
  if (headerIndex < 0) return [];
  const header = rows[headerIndex];
  return rows
    .slice(headerIndex + 1)
    .filter((row) => row.length === header.length)
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

export interface MeasuredSite {
  /** Source file base name and line the SASS instruction maps to. */
  file: string;
  line: number;
  /** ncu's Address Space ('Global', 'Shared', 'Global,Shared' for LDGSTS) and Access Operation ('' when absent). */
  space: string;
  operation: string;
  sass: string[];
  executed: number;
  /** L2 theoretical sectors (global) per executed warp instruction, and the ideal. */
  sectorsPerRequest: number;
  idealPerRequest: number;
  /** 'L1 Conflicts Shared N-Way' of each instruction (wavefronts per request). */
  sharedWays: number[];
}

const num = (text: string | undefined) => Number((text ?? '0').replace(/,/g, '')) || 0;

/**
 * ncu --page source --csv --print-source cuda,sass: one block per source file ("File Path",
 * "Function Name", header), each source line followed by its SASS rows (listed twice; an
 * address counts once). Groups memory instructions by file, line, space and operation.
 */
export function measuredSites(text: string): MeasuredSite[] {
  const groups = new Map<string, MeasuredSite & { sectors: number; ideal: number }>();
  let file = '';
  let header: string[] | null = null;
  let line = 0;
  let seen = new Set<string>();
  for (const row of parseCsv(text)) {
    if (row[0] === 'File Path') {
      file = row[1].split('/').pop()!;
      header = null;
      continue;
    }
    if (row[0] === 'Function Name') continue;
    if (row[0] === 'Line No') {
      header = row;
      seen = new Set();
      continue;
    }
    if (!header) continue;
    if (row[0] !== '') {
      if (/^\d+$/.test(row[0])) line = Number(row[0]);
      continue;
    }
    if (row.length !== header.length || row[2] === '...' || seen.has(row[2])) continue;
    seen.add(row[2]);
    const field = (name: string) => row[header!.indexOf(name)];
    const space = header.includes('Address Space') ? field('Address Space') : '';
    if (!space.includes('Global') && !space.includes('Shared')) continue;
    const operation = header.includes('Access Operation') ? field('Access Operation') : '';
    const key = `${file}:${line}:${space}:${operation}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        file,
        line,
        space,
        operation,
        sass: [],
        executed: 0,
        sectorsPerRequest: 0,
        idealPerRequest: 0,
        sharedWays: [],
        sectors: 0,
        ideal: 0,
      };
      groups.set(key, group);
    }
    group.sass.push(row[3].trim().split(/\s+/)[0]);
    group.executed += num(field('Instructions Executed'));
    group.sectors += num(field('L2 Theoretical Sectors Global'));
    group.ideal += num(field('L2 Theoretical Sectors Global Ideal'));
    group.sharedWays.push(num(field('L1 Conflicts Shared N-Way')));
  }
  return [...groups.values()].map(({ sectors, ideal, ...site }) => ({
    ...site,
    sectorsPerRequest: site.executed ? sectors / site.executed : 0,
    idealPerRequest: site.executed ? ideal / site.executed : 0,
  }));
}
