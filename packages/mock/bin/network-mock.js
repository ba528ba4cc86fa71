#!/usr/bin/env node
// Committed so that pnpm links the bin at install, before `pnpm build` writes dist/ (CONTRIBUTING.md, "A quiet install").
import '../dist/cli.js';
