// A Cloudflare worker (bundled with the SDK by esbuild, run by workerd): each request runs the smoke against
// the mock named by the MOCK_URL binding and answers its result, or the failure with status 500.
import { smoke } from './smoke.mjs';

export default {
  async fetch(_request, env) {
    try {
      return Response.json(await smoke(env.MOCK_URL, 'workerd'));
    } catch (error) {
      return new Response(error instanceof Error ? (error.stack ?? error.message) : String(error), { status: 500 });
    }
  },
};
