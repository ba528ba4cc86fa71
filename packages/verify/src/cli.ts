#!/usr/bin/env node
import { main } from './cli/main';

main(process.argv.slice(2), (text) => process.stdout.write(text), (text) => process.stderr.write(text)).then((code) => {
  process.exitCode = code;
});
