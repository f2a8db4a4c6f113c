/**
 * The MCP SDK modules, loaded on the first MCP request rather than at import: they take about 200 ms
 * to load, which every start of a server would pay even when no MCP client ever connects.
 */
async function importSdk() {
  const [server, stdio, http, types, requestBody, mediaType, zodCompat, ajv] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/server/requestBody.js'),
    import('@modelcontextprotocol/sdk/shared/mediaType.js'),
    import('@modelcontextprotocol/sdk/server/zod-compat.js'),
    import('@modelcontextprotocol/sdk/validation/ajv-provider.js'),
  ]);
  return { ...server, ...stdio, ...http, ...types, ...requestBody, ...mediaType, ...zodCompat, ...ajv };
}

/** What `loadMcpSdk` gives: the exports of the SDK modules kit's MCP server uses, in one object. */
export type McpSdk = Awaited<ReturnType<typeof importSdk>>;

let sdk: Promise<McpSdk> | undefined;

/** The SDK, imported once. */
export function loadMcpSdk(): Promise<McpSdk> {
  sdk ??= importSdk();
  return sdk;
}
