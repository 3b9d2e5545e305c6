import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  analyzeUnitJob
} from "./chunk-SGDZVFJO.js";
import {
  analyzeVariantJob
} from "./chunk-QDQCTLHS.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-LX4TWSEU.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-AV3RR6WT.js";
import "./chunk-R5MDRTYS.js";
import "./chunk-AI7SF5R3.js";
import "./chunk-QMUWDXFR.js";

// src/analysis-worker.ts
import { parentPort } from "node:worker_threads";
var JOBS = { variant: analyzeVariantJob, unit: analyzeUnitJob };
var port = parentPort;
port?.on("message", ({ id, kind, input }) => {
  let answer;
  try {
    const job = JOBS[kind];
    if (!job) throw new Error(`unknown analysis job '${kind}'`);
    answer = { id, ok: true, result: job(input) };
  } catch (error) {
    answer = { id, ok: false, message: error.message };
  }
  try {
    port.postMessage(answer);
  } catch (error) {
    port.postMessage({ id, ok: false, message: `analysis result not sent: ${error.message}` });
  }
});
