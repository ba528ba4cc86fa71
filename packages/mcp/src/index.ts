export { createNetworkMcpServer, checkToolNames, selectTools, type NetworkMcpServerOptions } from './server';
export { toolNames, readOnlyToolNames, toolsetTools } from './tools/index';
export { DEFAULT_MAX_CHARS } from './tools/run';
export { TOOLSETS, toolsetNames, type ToolsetName } from './tools/toolsets';
export { customFieldsFromRecords, type CustomField, type CustomFieldsSource } from './resources/index';
export { tagsFromRecords, type AccountTags, type TagCount, type TagsSource } from './resources/tags';
export { VERSION } from './version';
