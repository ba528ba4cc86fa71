/** The output formats, the first the default on a terminal. */
export const OUTPUT_FORMATS = ['table', 'json', 'jsonl', 'csv', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `table` when standard output is a terminal, `json` otherwise (a pipe, a file). */
export const defaultFormat = (isTTY: boolean | undefined): OutputFormat => (isTTY ? 'table' : 'json');
