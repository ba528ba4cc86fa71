// network-verify's flags, each declared once: its spelling, its help, the variable that sets it and its parser.
import { defineFlags, FlagValueError, integerFlag } from '@network-org/cli-kit';
import { FORMATS, type Format } from '../report/render';

const text = (text: string) => text;

function format(text: string): Format {
  if ((FORMATS as readonly string[]).includes(text)) return text as Format;
  throw new FlagValueError(`must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(text)}`);
}

export const VERIFY_FLAGS = defineFlags({
  baseUrl: { flag: '--base-url <url>', help: 'the target', env: ['NETWORK_BASE_URL'], parse: text },
  apiKey: { flag: '--api-key <key>', help: 'an admin key of the target organization; never printed or written', env: ['NETWORK_API_KEY'], parse: text },
  accountId: { flag: '--account-id <id>', help: 'the account it may use (default: the first GET /v1/accounts lists)', parse: text },
  memberKey: { flag: '--member-key <key>', help: 'a non-admin key, for the admin-only and shared-access scenarios', parse: text },
  allowWrites: { flag: '--allow-writes', help: 'import, PATCH, drafts and views on that account; every PATCH is undone afterwards' },
  allowCredits: { flag: '--allow-credits', help: 'enrich and find-email (they use credits)' },
  profileUrl: { flag: '--profile-url <url>', help: 'a profile to import (without it, import scenarios are skipped unless the target is the mock)', parse: text },
  probeRateLimit: { flag: '--probe-rate-limit', help: 'spend one endpoint\'s budget to see the 429' },
  only: { flag: '--only <pattern>', help: 'only scenarios whose id, operation or title contains PATTERN (or whose id matches a * glob)', parse: text },
  format: { flag: '--format <format>', help: 'table (default), markdown or json, on stdout', parse: format },
  report: { flag: '--report <file>', help: 'also write the JSON report to FILE', parse: text },
  record: { flag: '--record <dir>', help: 'write each scenario\'s answers, normalized and scrubbed, into DIR', parse: text },
  compare: { flag: '--compare <dir>', help: 'report what changed since the recording in DIR (as differences)', parse: text },
  timeout: { flag: '--timeout <ms>', help: 'milliseconds one request may take (default 15000)', parse: integerFlag(1) },
  rateLimit: { off: { flag: '--no-rate-limit', help: 'do not pace requests (only for the mock: the service allows 50 requests / 10 s)' } },
  help: { flag: '--help', short: 'h', help: 'this text' },
});
