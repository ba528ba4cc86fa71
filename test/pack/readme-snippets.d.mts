// Types of readme-snippets.mjs for the in-repository README tests (packages/*/test/readme*).
export interface ReadmeProgram {
  name: string;
  file: string;
  source: string;
  kind: 'script' | 'test' | 'typecheck';
}
export function readmePrograms(name: string, markdown: string): ReadmeProgram[];
