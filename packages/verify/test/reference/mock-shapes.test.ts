import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMockApi } from '@network-org/mock';
import { expect, it } from 'vitest';
import { runSuite } from '../../src/run';
import { selectScenarios } from '../../src/scenarios/select';
import { buildShapes, sampleMore, shapesText } from './build';

const file = fileURLToPath(new URL('../../src/check/mock-shapes.json', import.meta.url));
const UPDATE = process.env.NETWORK_VERIFY_UPDATE === '1';

it(`src/check/mock-shapes.json is the shape of the mock's answers to the whole suite (NETWORK_VERIFY_UPDATE=1 rewrites it)`, async () => {
  const mock = createMockApi({ rateLimit: false });
  const { answers, report } = await runSuite(
    { baseUrl: 'https://api.network.test', apiKey: mock.keys.admin, memberKey: 'sk_test_member', allowWrites: true, allowCredits: true, rateLimit: false, fetch: mock.fetch },
    selectScenarios(undefined),
  );
  const text = shapesText(buildShapes([...[...answers.values()].flat(), ...(await sampleMore(mock))]));
  if (UPDATE) writeFileSync(file, text);
  expect(readFileSync(file, 'utf8')).toBe(text);
  expect(report.scenarios.filter((s) => s.outcome === 'differ' || s.outcome === 'error').map(({ id, differences, reason }) => ({ id, differences, reason }))).toEqual([]);
}, 120_000);
