export { createNetworkMcpServer, checkToolNames, type NetworkMcpServerOptions } from './server';
export { toolNames, readOnlyToolNames, DEFAULT_MAX_CHARS } from './tools/index';
export { customFieldsFromRecords, type CustomField, type CustomFieldsSource } from './resources/index';
export { VERSION } from './version';
