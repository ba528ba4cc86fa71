// The installed `network-org` bin, as `npx network-org` runs it: its help, and a command offline on the mock
// (installed beside it with msw, the optional peers `--mock` needs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const env = { ...process.env, NETWORK_API_KEY: '', NETWORK_BASE_URL: '' };
const help = execFileSync('npx', ['--no-install', 'network-org', '--help'], { encoding: 'utf8', env });
assert.match(help, /contacts\s+list, import, update, find-email/, '--help lists the commands');
const contacts = JSON.parse(execFileSync('npx', ['--no-install', 'network-org', 'contacts', 'list', '--mock', '--limit', '2', '--output', 'json'], { encoding: 'utf8', env }));
assert.equal(contacts.length, 2, 'contacts list --mock --limit 2 prints two contacts');
assert.ok(contacts.every((contact) => typeof contact.contact_id === 'string'));
console.log('network-org: ok');
