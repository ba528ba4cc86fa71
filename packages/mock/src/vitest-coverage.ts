// `@network-org/mock/vitest/coverage`: a vitest global setup (`globalSetup: ['@network-org/mock/vitest/coverage']`)
// that gathers every test's session of the `@network-org/mock/vitest` fixtures, across files and workers, into one
// coverage report for the run: a summary printed at the end, the JSON written where NETWORK_MOCK_COVERAGE_REPORT
// says, and the run failed when it is below the floor a fixture was given (`createMockTest({ coverage: {...} })`).
import { finishCoverageRun, startCoverageRun } from './coverage/run';
import { COVERAGE_FOLDER_KEY } from './coverage/run-key';

interface Project {
  provide(key: string, value: unknown): void;
}

export default function setup(project: Project): () => void {
  const folder = startCoverageRun();
  project.provide(COVERAGE_FOLDER_KEY, folder);
  return () => {
    try {
      finishCoverageRun(folder, (text) => process.stdout.write(text));
    } catch (error) {
      // vitest reports an error thrown here but still exits 0: the exit status is what fails CI.
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  };
}
