// The packages' CommonJS entries (`require`).
const { createMockApi } = require('@network-org/mock');
const { startMockServer } = require('@network-org/mock/node');
const { ConflictError, NetworkClient } = require('@network-org/sdk');
const { schemas, validateResponses } = require('@network-org/sdk/zod');
const { setupServer } = require('msw/node');
const { run } = require('./scenario.cjs');

run({ createMockApi, startMockServer, ConflictError, NetworkClient, schemas, setupServer, validateResponses }).then(
  () => console.log('cjs: ok'),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
