// `@network-org/mock/vitest` is ESM only, as vitest is: vitest loads test files as ESM even in a CommonJS project,
// so this file is reached only by a real require(). The types beside it let a CommonJS project's tsc check tests.
throw new Error(
  '@network-org/mock/vitest cannot be loaded with require(): it is ESM only, as vitest is. Import it in a test file ' +
    '(vitest runs test files as ESM, in CommonJS projects too), or use import() from CommonJS code.',
);
