import { startMockServer } from '@network-org/mock/node';

const server = await startMockServer({ port: 0, seed: 1 }); // port 0 picks a free one; host 127.0.0.1
console.log(server.url); // http://127.0.0.1:PORT
// ... point any client at server.url, with server.mock for the in-process controls ...
await server.close();
