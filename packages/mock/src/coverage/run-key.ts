/** The key the folder of a vitest run's coverage parts is provided under (vitest's `provide` and `inject`). */
export const COVERAGE_FOLDER_KEY = 'networkMockCoverageFolder';
