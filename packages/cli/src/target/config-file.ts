import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError, writeFileAtomically } from '@network-org/cli-kit';

/** A named target: where to send requests and with which key. */
export interface Profile {
  base_url?: string;
  api_key?: string;
}

export interface ConfigFile {
  /** The profile used when neither `--profile` nor the environment names a target. */
  current?: string;
  profiles: Record<string, Profile>;
}

/** `$XDG_CONFIG_HOME/network-org/config.json`, or `~/.config/network-org/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'network-org', 'config.json');
}

export function readConfig(path = configPath()): ConfigFile {
  if (!existsSync(path)) return { profiles: {} };
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConfigFile>;
    return { ...parsed, profiles: parsed.profiles ?? {} };
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}): fix or delete it`);
  }
}

/** Written with mode 0600 (it holds keys) in a folder of mode 0700, atomically. */
export function writeConfig(config: ConfigFile, path = configPath()): void {
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  writeFileAtomically(path, `${JSON.stringify(config, null, 2)}\n`, 0o600);
}
