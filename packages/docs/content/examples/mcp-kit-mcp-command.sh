# ---
# title: Connecting an AI assistant to kit mcp
# description: Checks that kit mcp can serve the application over stdio, and writes a client configuration that launches it, so an assistant in your editor can call the routes as tools.
# topics: [mcp, deployment]
# relatedDocs: /docs/deployment#kit-mcp
# ---
#!/usr/bin/env sh
set -eu

# kit mcp builds the app in the current folder into .kit/mcp/ and serves every defineAPI route as an
# MCP tool named by its operation id (GET /api/hello is get_api_hello), speaking the protocol on
# stdin/stdout until the client closes stdin; its own messages go to stderr. An MCP client starts it
# for you; to try it by hand, use the MCP inspector:
#
#   npx @modelcontextprotocol/inspector npx kit mcp

# Most MCP clients read a JSON file that names the command to launch. The file name and location
# depend on the client; this one is a common layout. --root points kit at the app's folder, so the
# client may start it from anywhere.
app_dir="$(pwd)"
cat > .mcp.json <<JSON
{
  "mcpServers": {
    "my-kit-app": {
      "command": "npx",
      "args": ["kit", "mcp", "--root", "$app_dir"]
    }
  }
}
JSON

echo "Wrote .mcp.json; restart your assistant to pick up the my-kit-app tools."
