import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  main
} from "./chunk-6GVP3ADX.js";
import "./chunk-MTCMBYKF.js";
import {
  compareReports,
  reportAtRevision,
  runGate
} from "./chunk-EXNYY7MI.js";
import {
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportSchemaErrors,
  toSarif
} from "./chunk-7KJTMNQ2.js";
import {
  defaultConfig,
  loadConfigFile,
  parseConfigText
} from "./chunk-AYKOFE5G.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-G7IPZ44D.js";
import {
  analyzeModule,
  parsePtx
} from "./chunk-XDIYM2BY.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  KNOWN_ARCHS,
  computeCliffs,
  computeOccupancy,
  getArch,
  occupancyCurve
} from "./chunk-GHBDCHLJ.js";
import {
  compileCuda,
  findNvcc,
  parsePtxasLog,
  readCubin
} from "./chunk-GJKRQZUC.js";
import "./chunk-EGZT6K5I.js";
import "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";
export {
  KNOWN_ARCHS,
  VERSION,
  analyzeModule,
  compareReports,
  compileCuda,
  computeCliffs,
  computeOccupancy,
  defaultConfig,
  findNvcc,
  getArch,
  loadConfigFile,
  occupancyCurve,
  parseConfigText,
  parsePtx,
  parsePtxasLog,
  readCubin,
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportAtRevision,
  reportSchemaErrors,
  main as runCli,
  runGate,
  toSarif
};
