import { NetworkClient } from '@network-org/sdk';

// Reads NETWORK_API_KEY and NETWORK_BASE_URL from the environment (where `process` exists).
const client = new NetworkClient();
console.log(await client.organizations.list());
