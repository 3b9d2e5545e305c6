import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  main
} from "./chunk-FWRMHP3H.js";
import "./chunk-BDIJX6FT.js";
import "./chunk-MTCMBYKF.js";
import {
  compareReports,
  reportAtRevision,
  runGate
} from "./chunk-AE4MRKC7.js";
import {
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportSchemaErrors,
  toSarif
} from "./chunk-YZDUGGFF.js";
import {
  defaultConfig,
  loadConfigFile,
  parseConfigText
} from "./chunk-YICOGIGF.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-GWD27O4R.js";
import {
  analyzeModule,
  parsePtx
} from "./chunk-HOBP3URJ.js";
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
} from "./chunk-WI4B7AXD.js";
import "./chunk-AI7SF5R3.js";
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
