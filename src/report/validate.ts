// Checks a report against schemas/report.schema.json (the public contract).
import { Ajv } from 'ajv';
import schema from '../../schemas/report.schema.json' with { type: 'json' };
import type { CarveReport } from '../model/types.js';

const ajv = new Ajv({ allErrors: true, strict: false });
const validateReport = ajv.compile<CarveReport>(schema);

/** Returns the schema violations as "jsonPath message" strings; empty when valid. */
export function reportSchemaErrors(report: unknown): string[] {
  if (validateReport(report)) return [];
  return (validateReport.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}
