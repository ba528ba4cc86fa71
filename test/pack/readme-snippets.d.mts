// Types of readme-snippets.mjs for the in-repository README and topic-page tests (packages/*/test/readme*).
export interface ReadmeProgram {
  name: string;
  file: string;
  source: string;
  kind: 'script' | 'test' | 'typecheck';
}
export function readmePrograms(name: string, markdown: string): ReadmeProgram[];
export interface DocPage {
  page: string;
  path: string;
  markdown: string;
}
export function mockPages(root: string): DocPage[];
export function mockPrograms(root: string): (ReadmeProgram & { path: string })[];
