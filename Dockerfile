# Nocturne in one image: the built web app and server with production dependencies only.
# One image serves every role; the command picks it (--role=all|api|worker, docs/deploy.md).
#   docker build -t nocturne .
#   docker run -p 3000:3000 -v nocturne-data:/data nocturne   # embedded: PGlite, one process
# BASE_IMAGE: a machine without a registry passes a local Debian bookworm base with Node 22 in
# /usr/local/bin (scripts/test-container.sh makes one from Debian's packages).
ARG BASE_IMAGE=node:22-bookworm-slim

# ---- manifests: what npm installs from, shared by the build and the production dependencies
FROM ${BASE_IMAGE} AS manifests
WORKDIR /app
# onnxruntime-node's install script only downloads CUDA libraries; the engine runs on the CPU,
# whose libraries ship in the package (package.json's allowScripts, for npm versions without it).
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/imagegen/package.json packages/imagegen/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# ---- build: every dependency, then `npm run build` (web app, landing, dashboard renderer, server)
FROM manifests AS build
# npm ci refuses a lock that lacks another platform's optional binary on registries that lag
# (decision 003); npm install then installs the locked versions for this platform.
RUN npm ci || npm install
COPY . .
# The web app's build-time settings (.env.example): empty means the API on the same origin.
ARG VITE_API_URL=
ARG VITE_IMAGE_BASE_URL=
RUN npm run build

# ---- deps: production dependencies of every workspace (the dashboard renderer imports React)
FROM manifests AS deps
RUN (npm ci --omit=dev || npm install --omit=dev) && npm cache clean --force
# onnxruntime-node ships its native library for every system; the image keeps its own alone.
RUN arch=$(node -p process.arch) \
    && for dir in node_modules/onnxruntime-node/bin/napi-v*; do \
      find "$dir" -mindepth 1 -maxdepth 1 ! -name linux -exec rm -rf {} + \
      && find "$dir/linux" -mindepth 1 -maxdepth 1 ! -name "$arch" -exec rm -rf {} +; \
    done

# ---- runtime
FROM ${BASE_IMAGE} AS runtime
WORKDIR /app
# npm's cache and logs (`npm run operator` in a running container) go where the user may write.
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_CACHE=/tmp/npm \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
RUN groupadd --gid 10001 nocturne \
    && useradd --uid 10001 --gid nocturne --home-dir /app --no-create-home \
      --shell /usr/sbin/nologin nocturne \
    && mkdir -p /data \
    && chown nocturne:nocturne /data
COPY --from=deps /app /app
# The bundle, the built web app and the files the server reads beside itself at run time
# (migrations, the simulator's page, the names list); the sources also serve the operator and
# model CLIs (`npm run operator`, `npm run models`), which run through tsx.
COPY --from=build /app/tsconfig.base.json /app/tsconfig.json ./
COPY --from=build /app/packages/contract/src packages/contract/src
COPY --from=build /app/packages/imagegen/src packages/imagegen/src
COPY --from=build /app/packages/imagegen/tsconfig.json packages/imagegen/
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/tsconfig.json apps/server/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
USER nocturne
# Database (PGlite when DATABASE_URL is unset), generated secrets, outbox mail, models, images.
VOLUME ["/data"]
EXPOSE 3000
# /health is 200 only while the database answers. The worker role serves no HTTP: compose turns
# the check off for it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "--enable-source-maps", "apps/server/dist/main.js"]
CMD ["--role=all"]
