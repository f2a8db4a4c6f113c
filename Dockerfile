# kit docs in a container: `npm install`, then what `npm start` runs, with HOST=0.0.0.0.
FROM node:20-bookworm-slim

WORKDIR /app
COPY . .
# Installs the dependencies and builds the packages (npm install runs the build through `prepare`),
# then keeps a snapshot of the parsed corpus in the image so that every container starts fast.
RUN npm install && node packages/docs/dist/server/warm-cache.js

# Listen on every interface inside the container; one worker per core unless WORKERS says otherwise.
ENV HOST=0.0.0.0 \
    PORT=3000
EXPOSE 3000
USER node

# The orchestrator's probes use the same endpoint; see docs/operations.md.
HEALTHCHECK --interval=10s --timeout=2s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# The command `npm start` runs, started directly: as process 1 the server itself receives SIGTERM,
# finishes the requests in flight and exits 0 (npm does not reliably pass the signal on).
STOPSIGNAL SIGTERM
CMD ["node", "packages/docs/bin/kit-docs.js", "serve"]
