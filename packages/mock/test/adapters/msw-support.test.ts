// The msw / Node pairing refused at import. The real check, msw 3 installed under Node 20 and the
// mock imported, is in test/pack (it needs msw 3 from the registry); here the seam it runs through, with the msw
// this repository installs (2) and the root exports of msw 3.0.5 and 1.3.5 as they are published.
import * as installedMsw from 'msw';
import { describe, expect, it } from 'vitest';
import { assertMswHttp, assertMswRuns, hostRuntime, mswProblem } from '../../src/adapters/msw-support';

const names = (list: string) => Object.fromEntries(list.split(' ').map((name) => [name, () => undefined]));
const MSW_3 = names(
  'HttpHandler HttpMethods HttpResponse RequestHandler WebSocketConnectionEvent WebSocketHandler bypass delay getCleanUrlString getResponse http isCommonAssetRequest isPassthroughResponse matchRequestUrl passthrough sse ws',
);
const MSW_1 = names('GraphQLHandler RequestHandler RestHandler SetupApi bypass cleanUrl compose context defaultContext graphql handleRequest matchRequestUrl response rest');

describe('msw and Node: refused at import when they cannot run together', () => {
  it('msw 3 before Node 22.12 names both versions and the fix', () => {
    for (const node of ['20.19.0', 'v20.20.2', '22.11.0', '21.7.3']) {
      const problem = mswProblem(MSW_3, { node });
      expect(problem).toContain('msw 3 needs Node.js 22.12 or later');
      expect(problem).toContain(`this is Node.js ${node.replace(/^v/, '')}`);
      expect(problem).toContain('msw@2');
      expect(() => assertMswRuns(MSW_3, { node })).toThrow(problem);
    }
  });

  it('msw 3 on Node 22.12 and later, and msw 2 on any Node the mock runs on, pass', () => {
    for (const node of ['22.12.0', '22.20.1', '23.0.0', '24.11.0']) expect(mswProblem(MSW_3, { node })).toBeUndefined();
    for (const node of ['20.19.0', '22.11.0', '24.11.0']) expect(mswProblem(installedMsw, { node })).toBeUndefined();
    expect(() => assertMswRuns(installedMsw)).not.toThrow();
  });

  it('is not Node’s to judge in a browser, Deno or Bun', () => {
    expect(mswProblem(MSW_3, { node: undefined })).toBeUndefined();
  });

  it('an msw older than 2 is refused everywhere, with the versions to install', () => {
    for (const node of ['20.19.0', '24.11.0', undefined]) {
      expect(mswProblem(MSW_1, { node })).toMatch(/needs msw 2 or 3.*msw@2 \(Node 20\.19 or later\) or msw@3 \(Node 22\.12 or later\)/);
    }
  });

  it('the browser entry, which looks at msw\'s `http` alone, refuses an msw older than 2 with the same words', () => {
    expect(() => assertMswHttp(undefined)).toThrow(/needs msw 2 or 3.*msw@2 \(Node 20\.19 or later\) or msw@3 \(Node 22\.12 or later\)/);
    expect(() => assertMswHttp(installedMsw.http)).not.toThrow();
  });

  it('reads the host: Node here, none under Deno or Bun', () => {
    expect(hostRuntime()).toEqual({ node: process.versions.node });
    const host = globalThis as { Deno?: unknown };
    host.Deno = {};
    try {
      expect(hostRuntime()).toEqual({ node: undefined });
    } finally {
      delete host.Deno;
    }
  });
});
