// The conventions of every network-org command line, written once: how options are read and refused, what each
// exit status means, which hosts count as this machine, and how a state file and a checkpoint are kept. Node only
// (CLIs).
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EXIT } from './exit';
import { writeFileAtomically } from './files';
import { integerProblem } from './flags';
import { messageOf, UsageError } from './usage-error';

export { EXIT, exitOnSignal, type ExitCode } from './exit';
export { checkpointFile, type CheckpointFile } from './checkpoint';
export { writeFileAtomically } from './files';
export { messageOf, UsageError } from './usage-error';
export { PROGRESS_EVERY_MS, progressBar, progressLine, type ProgressLine } from './progress';
export {
  defineFlags,
  flagHelp,
  FlagValueError,
  integerFlag,
  integerProblem,
  readFlags,
  textFlag,
  type FlagSpec,
  type FlagTable,
  type FlagValues,
  type ReadFlags,
} from './flags';

/**
 * `--name VALUE` as an integer within `[min, max]` (both default to the safe-integer range), or undefined when
 * not given. Only decimal integers pass: `0x10`, `1e3`, `2.0`, `' 5'` and `''` are refused, naming the flag.
 */
export function integerOption(name: string, value: string | undefined, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const problem = integerProblem(value, min, max);
  if (problem !== undefined) throw new UsageError(`--${name} ${problem}`);
  return Number(value);
}

/** `--name VALUE` as one of `allowed`, or undefined when not given; anything else is refused listing the choices. */
export function enumOption<const T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

/** Whether `host` names this machine only (`localhost`, 127.0.0.0/8, `::1`, IPv4-mapped loopback). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(bare);
}

/** `--state-file` for a flag's name, and a variable's name (upper snake case, `NETWORK_MOCK_STATE_FILE`) as it is. */
const sourceName = (flagOrVariable: string): string => (/^[A-Z][A-Z0-9_]*$/.test(flagOrVariable) ? flagOrVariable : `--${flagOrVariable}`);

/**
 * Refuses at start a `--flag PATH` (or a variable's path) whose folder does not exist or cannot be written, so that
 * what the CLI writes there at exit (a mock's state) is not lost then.
 */
export function checkWritableFolder(flag: string, path: string): void {
  const folder = dirname(resolve(path));
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    const user = typeof process.getuid === 'function' ? ` by this user (uid ${process.getuid()})` : '';
    throw new UsageError(
      `${sourceName(flag)} ${path}: the folder ${folder} does not exist or cannot be written${user}; create it, or make it writable (a container: mount a volume this user can write there).`,
    );
  }
}

/** A mock's state kept in a file between runs (`--state-file` of network-mock, network-mcp and network-org). */
export interface MockStateFile {
  readonly path: string;
  /** The state to start the mock from: the file's text when the file exists. */
  readonly state: string | undefined;
  /** The mock refused `state` (another format version, a broken file): a usage error naming the file. */
  refused(error: unknown): UsageError;
  /**
   * Writes the mock's state atomically. A failure is reported on stderr under the CLI's name and sets the exit
   * status to `EXIT.failure` (the command's own outcome is kept otherwise); returns whether it was written.
   */
  save(exportState: () => string): boolean;
}

/**
 * Opens `--flag PATH` (or a variable's path) for a mock's state: read now when the file exists; its folder, and the
 * file itself, are checked now, so that the state written at exit (a new file renamed over the old one, or the file
 * rewritten in place where it is mounted on its own) is not lost then.
 */
export function mockStateFile(program: string, flag: string, path: string): MockStateFile {
  checkWritableFolder(flag, path);
  const exists = existsSync(path);
  if (exists) {
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch {
      const user = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '';
      throw new UsageError(
        `${sourceName(flag)} ${path}: this user${user} cannot read and write the file, so its state would be lost at exit; give the file to this user (chown), or run as the file's owner (a container: --user with the owner's uid).`,
      );
    }
  }
  const state = exists ? readFileSync(path, 'utf8') : undefined;
  return {
    path,
    state,
    refused: (error) => new UsageError(`cannot start from the state file ${path}: ${messageOf(error)}`),
    save(exportState) {
      try {
        writeFileAtomically(path, exportState());
        return true;
      } catch (error) {
        process.stderr.write(`${program}: could not write the state to ${path}: ${messageOf(error)}\n`);
        process.exitCode = EXIT.failure;
        return false;
      }
    },
  };
}

/** A mock opened from its state file: `save` writes the mock's state there (nothing without a file). */
export interface OpenedMock<T> {
  readonly opened: T;
  /** Writes the state atomically; a failure is reported as `MockStateFile.save` says. Whether it was written. */
  save(): boolean;
}

/**
 * Opens a mock from `file` (the mock's state file, or undefined for none): `open` gets the file's state when the file
 * exists (a fresh dataset otherwise) and gives the mock, or a server around it; `exportState` reads the state out of
 * what `open` gave. A state the mock refuses (a broken file, another format version) is a usage error naming the file;
 * any other failure of `open` is thrown as it is. The mock itself is passed in, so that this kit never depends on it.
 */
export async function openMock<T>(
  file: MockStateFile | undefined,
  open: (state: string | undefined) => T | Promise<T>,
  exportState: (opened: T) => string,
): Promise<OpenedMock<T>> {
  let opened: T;
  try {
    opened = await open(file?.state);
  } catch (error) {
    if (file?.state === undefined) throw error;
    throw file.refused(error);
  }
  return { opened, save: () => file?.save(() => exportState(opened)) ?? false };
}

/**
 * Calls `stop` once, on the first SIGINT or SIGTERM, instead of Node's default of dying on the spot (so that a
 * state file or a checkpoint is written first). Returns a function that removes the handlers.
 */
export function onStopSignal(stop: (signal: 'SIGINT' | 'SIGTERM') => void): () => void {
  const handler = (signal: 'SIGINT' | 'SIGTERM') => {
    remove();
    stop(signal);
  };
  const remove = () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return remove;
}
