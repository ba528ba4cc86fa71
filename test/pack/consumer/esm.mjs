// The packages' ESM entries (`import`).
import { createMockApi } from '@network-org/mock';
import { startMockServer } from '@network-org/mock/node';
import { ConflictError, NetworkClient } from '@network-org/sdk';
import { schemas, validateResponses } from '@network-org/sdk/zod';
import { setupServer } from 'msw/node';
import scenario from './scenario.cjs';

await scenario.run({ createMockApi, startMockServer, ConflictError, NetworkClient, schemas, setupServer, validateResponses });
console.log('esm: ok');
