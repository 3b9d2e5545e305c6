// Number formatting shared by finding titles and messages (kept stable: tests compare text).

/** 0.375 -> "37.5%". */
export function percent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(1))}%`;
}

/** +16 / -8 / 0 with an explicit sign. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : `${value}`;
}

/** Rounds to at most `digits` decimals without trailing zeros. */
export function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${Math.abs(count) === 1 ? singular : pluralForm}`;
}

/** "kernels.cu:12", or the kernel's file, or "(no source line)". */
export function where(file: string | null, line: number | null): string {
  if (!file) return '(no source line)';
  return line !== null ? `${basename(file)}:${line}` : basename(file);
}

export function basename(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 1] || file;
}
