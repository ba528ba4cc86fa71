// docs/dataset.md is generated from the mock (scripts/dataset-page.mjs); here it is generated again from the
// sources and must match, so a change of the dataset that leaves the page stale fails `pnpm test`.
import { readFileSync } from 'node:fs';
import { createMockApi } from '@network-org/mock';
import { expect, it } from 'vitest';

const SCRIPT = new URL('../../../../scripts/dataset-page.mjs', import.meta.url).href;

it('docs/dataset.md is what the seeded dataset answers (`pnpm dataset` rewrites it)', async () => {
  const { renderDatasetPage, DATASET_PAGE } = (await import(SCRIPT)) as {
    renderDatasetPage: (create: typeof createMockApi) => Promise<string>;
    DATASET_PAGE: string;
  };
  const page = await renderDatasetPage(createMockApi);
  expect(page).toContain('| `admin` | `sk_test_admin` | Acme (7001) | 101, 102, 103 |');
  // Ids are strings, said with the mock's own answer to a number in a body.
  expect(page).toMatch(/## Ids are strings\n\nEvery id .* in a JSON body a number is refused: .* answers 400 `bad_request` \(Invalid body field "account_id": must be a string/);
  expect(readFileSync(DATASET_PAGE, 'utf8'), 'docs/dataset.md is stale: run `pnpm dataset` after `pnpm build`').toBe(page);
});
