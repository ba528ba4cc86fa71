// The exit statuses alone, without the rest of the kit's imports: a CLI's entry loads them before it knows whether
// it runs a command or only prints help.

/** What a CLI exits with. Every CLI uses these values, each for what its name says. */
export const EXIT = {
  /** Done, and everything agreed or succeeded. */
  ok: 0,
  /** The API answered an error (`network-org`), or a scenario differed (`network-verify`), or the run failed. */
  failure: 1,
  /** The command line cannot be honoured (nothing was sent), or the target is unreachable before anything ran. */
  usage: 2,
  /** A transport failure or a timeout: no answer from the API. */
  transport: 3,
  /** A bulk run in which some rows failed (the others were applied). */
  partial: 4,
  /** Stopped by Ctrl-C (SIGINT), the shell's convention 128 + 2. */
  interrupted: 130,
  /** Stopped by SIGTERM, the shell's convention 128 + 15. */
  terminated: 143,
} as const;

/** The exit status of a CLI stopped by `signal`. */
export const exitOnSignal = (signal: 'SIGINT' | 'SIGTERM'): ExitCode => (signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
