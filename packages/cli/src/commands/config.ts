import { readFileSync } from 'node:fs';
import { UsageError } from '@network-org/cli-kit';
import { configPath, readConfig, writeConfig } from '../target/config-file';

const PROFILE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

function checkName(name: string): void {
  if (!PROFILE_NAME.test(name)) throw new UsageError(`profile name "${name}": use 1-64 letters, digits, ".", "_" or "-"`);
}

/** `config set NAME [--base-url URL] [--api-key KEY|-]`: adds or changes a profile; the first one becomes current. */
export function configSet(name: string, values: { baseUrl?: string; apiKey?: string }, stdin = () => readFileSync(0, 'utf8')): string {
  checkName(name);
  if (values.baseUrl === undefined && values.apiKey === undefined) throw new UsageError('give --base-url URL, --api-key KEY (or --api-key - to read it from standard input), or both');
  if (values.baseUrl !== undefined) {
    try {
      new URL(values.baseUrl);
    } catch {
      throw new UsageError(`--base-url must be an absolute URL, got "${values.baseUrl}"`);
    }
  }
  const apiKey = values.apiKey === '-' ? stdin().trim() : values.apiKey;
  if (apiKey !== undefined && apiKey === '') throw new UsageError('--api-key is empty');
  const config = readConfig();
  const profile = { ...config.profiles[name] };
  if (values.baseUrl !== undefined) profile.base_url = values.baseUrl;
  if (apiKey !== undefined) profile.api_key = apiKey;
  config.profiles[name] = profile;
  config.current ??= name;
  writeConfig(config);
  return `saved profile ${name} in ${configPath()}${config.current === name ? ' (current)' : ''}\n`;
}

/** `config list`: each profile, its base URL and whether it has a key (never the key). */
export function configList(): string {
  const config = readConfig();
  const names = Object.keys(config.profiles);
  if (names.length === 0) return `no profiles in ${configPath()}; add one with \`printf %s "$KEY" | network-org config set NAME --base-url URL --api-key -\`\n`;
  return names
    .map((name) => {
      const profile = config.profiles[name]!;
      return `${name === config.current ? '*' : ' '} ${name}  ${profile.base_url ?? '(no base URL)'}  ${profile.api_key ? 'key set' : 'no key'}\n`;
    })
    .join('');
}

/** `config use NAME`: the profile used when neither `--profile` nor NETWORK_API_KEY names one. */
export function configUse(name: string): string {
  const config = readConfig();
  if (!Object.hasOwn(config.profiles, name)) {
    throw new UsageError(`no profile ${name} (profiles: ${Object.keys(config.profiles).join(', ') || 'none yet'})`);
  }
  config.current = name;
  writeConfig(config);
  return `now using profile ${name}\n`;
}
