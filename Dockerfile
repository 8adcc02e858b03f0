# Production image: the same steps as tests/cluster/install.test.ts (run by `npm run test:cluster`):
# build, copy package.json, package-lock.json, dist/ and assets/ to a fresh directory, install the
# production dependencies there with `npm ci --omit=dev`, start `node dist/server/server.js`.
# The image itself has not been built here (no Docker engine on the build machine; decision 114).
# Node 24 LTS: CI runs the server, unit and cluster suites on it (decision 201; the production-install
# test's `npm ci --omit=dev` and server start among them), besides the build machine's Node 20.
# .dockerignore keeps the local node_modules, dist, data and .env out of `COPY . .`.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# No font package: the share images draw their text with assets/fonts (DejaVu Sans), copied below
# (decision 160; share-image.test.ts draws them with no system font at all).
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/assets ./assets
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 3000
USER node
# SIGTERM: finish in-flight requests, then exit (nginx sends new requests to the other replicas).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A larger young generation: a busy instance (10,000 streams, hundreds of marks a second) keeps its
# short-lived objects out of the old generation (decision 083).
CMD ["node", "--max-semi-space-size=32", "--heap-growing-percent=50", "dist/server/server.js"]
