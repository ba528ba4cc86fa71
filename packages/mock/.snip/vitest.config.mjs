export default { test: { include: ['quick.test.ts'] } };
