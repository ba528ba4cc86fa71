export { runVerify, scenarioCatalog, type ScenarioInfo } from './run';
export { TargetUnreachableError, VerifyUsageError, type VerifyOptions } from './options';
export { exitCode, render, renderMarkdown, renderTable, type Format } from './report/render';
export type {
  Difference,
  Discovery,
  OperationId,
  Outcome,
  Report,
  ScenarioResult,
  ShapeObservation,
  Summary,
  WriteRecord,
  Writes,
} from './report/types';
