export * from './dist/vitest.js';
