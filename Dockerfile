# Constellation HTTP server (REST and MCP at /mcp). Not built in CI: see "Docker" in the README.
FROM node:22-slim AS build
WORKDIR /app
COPY . .
# npm ci runs the `prepare` script, which builds dist/; then the dev dependencies go.
RUN npm ci && npm prune --omit=dev

FROM node:22-slim
WORKDIR /app
ENV CONSTELLATION_DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080
COPY --from=build /app/package.json ./
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
CMD ["node", "bin/constellation.js", "serve", "--host", "0.0.0.0"]
