# ---
# title: Connecting an AI assistant to kit mcp
# description: Starts the application's MCP server over stdio with kit mcp, and writes a client configuration that launches it, so an assistant in your editor can call the routes as tools.
# topics: [mcp, deployment]
# relatedDocs: /docs/deployment#kit-mcp
# ---
#!/usr/bin/env sh
set -eu

# kit mcp serves every defineAPI route of the project in the current directory as an MCP tool,
# speaking the protocol on stdin/stdout. An MCP client normally starts it for you; run it by hand
# only to check that the project loads.
#
#   npx kit mcp

# Most MCP clients read a JSON file that names the command to launch. The file name and location
# depend on the client; this one is a common layout.
cat > .mcp.json <<'JSON'
{
  "mcpServers": {
    "my-kit-app": {
      "command": "npx",
      "args": ["kit", "mcp"]
    }
  }
}
JSON

echo "Wrote .mcp.json; restart your assistant to pick up the my-kit-app tools."
