import { cpus, platform, release, totalmem } from 'node:os';

/** The machine a run was measured on, for the report. */
export function describeMachine(): string {
  const processors = cpus();
  const model = processors[0]?.model.trim() ?? 'unknown CPU';
  return `${processors.length} × ${model}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM, ${platform()} ${release()}, Node ${process.version}`;
}
