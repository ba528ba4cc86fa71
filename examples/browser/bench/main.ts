// `pnpm bench --only browser` opens this page (a development build) in Chromium: what the mock costs a page load.
// A module (the awaits below are top-level); it exports nothing.
export {};
const started = performance.now();
const { setupMockWorker } = await import('@network-org/mock/browser');
const imported = performance.now();
const { mock, worker } = setupMockWorker({ rateLimit: false });
const setUp = performance.now();
await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: './mockServiceWorker.js' } });
const workerStarted = performance.now();
const answer = await fetch(`${mock.baseUrl}/v1/contacts`, { headers: { Authorization: `Bearer ${mock.keys.admin}` } });
await answer.arrayBuffer();
const answered = performance.now();
Object.assign(globalThis, {
  benchResult: { importMs: imported - started, setupMs: setUp - imported, startMs: workerStarted - setUp, firstAnswerMs: answered - workerStarted, status: answer.status },
});
