/** `@network-org/sdk/zod`: zod schemas of every wire type, and each operation's request and response schemas. */
export * from './generated/zod';
